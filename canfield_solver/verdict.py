"""Verdicts only, many in a row: the solver without a move list or a replay, on one table kept
from solve to solve (a hint solves hundreds of positions).

The table is allocated once and cleared, not allocated again, between searches. Its contents
are kept only where they are proven: a search that ends without a win (no limit hit) has shown
that every state it entered is lost (see ``engine.search``'s completeness argument, which also
holds when the table starts with states proven lost: a winnable state can never have been
skipped for one of them). So after such a search the next one keeps the table and skips those
states; after a win or a limit the table is cleared, since a state entered then may be winnable.

Keys leave out which cards the reserve holds (its length says which are left, see ``zobrist``),
so contents are only shared among positions of one deal: ``verdicts`` takes positions reached by
play from one position, and clears the table before them::

    >>> from canfield_solver.codes import position_from_code
    >>> from canfield_solver.rules import Rules
    >>> solver = VerdictSolver(Rules(draw=3))
    >>> [result.verdict for result in solver.verdicts([position_from_code("CF1-D3-AAAAAAC")])]
    ['winnable']
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .deal import Position
from .engine.bridge import encode
from .engine.search import NODES, SearchArrays
from .engine.table import new_table
from .engine.zobrist import make_table
from .rules import Rules
from .solver import DEFAULT_MEMORY, FIRST_TABLE, UNWINNABLE, run_search


class Verdict(NamedTuple):
    """One search's verdict, the limit it hit (None, "time", "nodes", "memory") and its states."""

    verdict: str
    limit_hit: str | None
    nodes: int


class VerdictSolver:
    """Verdicts under one rule set, each search within ``max_nodes`` states and ``time_limit``
    seconds, the table growing up to ``memory`` bytes and kept for the next search."""

    def __init__(self, rules: Rules, *, max_nodes: int | None = None, time_limit: float | None = None,
                 memory: int = DEFAULT_MEMORY) -> None:
        self.rules = rules
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.memory = memory
        self.z = make_table()
        self.slots, self.meta = new_table(min(memory, FIRST_TABLE))

    def clear(self) -> None:
        """Forget every state (the memory stays allocated)."""
        self.slots.fill(0)
        self.meta[0] = 0

    def verdicts(self, positions: Sequence[Position]) -> list[Verdict]:
        """The verdict of each of ``positions``, which must all be reached by play from one position."""
        self.clear()
        results = []
        for position in positions:
            results.append(self._search(position))
            if results[-1].verdict != UNWINNABLE:
                self.clear()  # only a search that ended without a win proves its states lost
        return results

    def _search(self, position: Position) -> Verdict:
        search = SearchArrays(encode(position, self.rules), self.z, self.slots, self.meta)
        verdict, limit_hit, _ = run_search(search, self.memory, self.time_limit, self.max_nodes)
        self.slots, self.meta = search.slots, search.meta  # the table may have grown
        return Verdict(verdict, limit_hit, int(search.control[NODES]))
