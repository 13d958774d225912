"""The game itself, in plain Python: cards, positions, rule options and presets, the referee,
hidden cards, taps, verdicts and limits, and the errors of bad input.

Imports nothing else of the package and nothing compiled; every other layer builds on it
(docs/architecture.md).
"""
