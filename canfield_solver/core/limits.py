"""What a search may spend, carried together from the command line to the engine: the three
limits, and the threads it may run on.

    >>> Limits(time_limit=10).table_bytes == DEFAULT_MEMORY
    True
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MEMORY = 1 << 30  # the table's bytes: with numba and Python a solve stays under 2 GB


@dataclass(frozen=True)
class Limits:
    """``time_limit`` (seconds), ``max_nodes`` (states searched) and ``memory`` (bytes of the
    transposition table); None: no time or node limit, the table up to ``DEFAULT_MEMORY``.
    A search that reaches one ends with verdict "unknown" and names it (``verdict.LimitHit``).
    ``threads``: how many threads a long win search may run on (``engine.parallel``); with one,
    every run searches the same states and finds the same win."""

    time_limit: float | None = None
    max_nodes: int | None = None
    memory: int | None = None
    threads: int = 1

    @property
    def table_bytes(self) -> int:
        """The most bytes the table may grow to."""
        return DEFAULT_MEMORY if self.memory is None else self.memory
