"""Verdicts only, many in a row: the solver without a move list or a replay, on one table kept
from solve to solve (a hint solves hundreds of positions).

The table is allocated once and cleared, not allocated again, between searches; it starts small
(``FIRST_VERDICT_TABLE``: most of a hint's searches enter a few hundred states) and a clear, which empties
every slot, takes it back to that size. Its contents
are kept only where they are proven: a search that ends without a win (no limit hit) has shown
that every state it entered is lost, and so is every state it stored as dominated by one
(docs/dominances.md, section 8); ``engine.search``'s completeness argument also holds when the
table starts with states proven lost: a winnable state can never have been skipped for one of
them. So after such a search the next one keeps the table and skips those
states; after a win or a limit the table is cleared, since a state entered then may be winnable.

Keys leave out which cards the reserve holds (its length says which are left, see ``zobrist``),
so contents are only shared among positions of one deal: ``verdicts`` takes positions reached by
play from one position, and clears the table before them::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> from canfield_solver.core.rules import Rules
    >>> solver = VerdictSolver(Rules(draw=3))
    >>> [result.verdict.value for result in solver.verdicts([position_from_code("CF1-D3-AAAAAAC")])]
    ['winnable']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.driver import Table, search_win

FIRST_VERDICT_TABLE = 1 << 15  # bytes; ``driver.FIRST_TABLE`` (2 MiB) is a whole solve's


class VerdictOutcome(NamedTuple):
    """One search's verdict, the limit it hit (None: none) and its states."""

    verdict: Verdict
    limit_hit: LimitHit | None
    nodes: int


class VerdictSolver:
    """Verdicts under one rule set, each search within ``limits.max_nodes`` states and
    ``limits.time_limit`` seconds, the table growing up to ``limits.table_bytes`` and kept for the
    next search."""

    def __init__(self, rules: Rules, limits: Limits = Limits()) -> None:
        self.rules = rules
        self.limits = limits
        self.table = Table(limits.table_bytes, FIRST_VERDICT_TABLE)

    def clear(self) -> None:
        """Forget every state (the memory stays allocated)."""
        self.table.clear()

    def verdicts(self, positions: Sequence[Position]) -> list[VerdictOutcome]:
        """The verdict of each of ``positions``, which must all be reached by play from one position."""
        self.clear()
        results = []
        for position in positions:
            outcome = search_win(position, self.rules, self.limits, table=self.table)
            results.append(VerdictOutcome(outcome.verdict, outcome.limit_hit, outcome.nodes))
            if outcome.verdict != Verdict.UNWINNABLE:
                self.clear()  # only a search that ended without a win proves its states lost
        return results
