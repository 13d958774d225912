"""The ``canfield-solver`` command (``main``): the commands, their options, and what only a
terminal needs (the board, the page, the progress and compile notes, output files).

The top layer: it may import every other (docs/architecture.md).
"""
