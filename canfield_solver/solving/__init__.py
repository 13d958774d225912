"""What people ask of one deal or position, built on the engine and replayed through the referee:
solve, verdict-only solves, short and shortest wins, the best score, analyse, hints and the honest
player; and the worker processes and intervals they share.

Imports ``engine``, ``formats`` and ``core`` (docs/architecture.md).
"""
