"""Two win searches of one position taking turns, each in its own move order and table.

Under moves "whole" how many states a win search needs swings by factors of a thousand with the
move order, one way on some deals and the other way on others (docs/benchmarks.md). Both
searches are complete, so whichever ends first, with a win or with every state searched, decides;
the other is dropped. Each keeps its own table: a state one search has entered but not finished
says nothing to the other.
"""

from __future__ import annotations

from typing import Callable

from .parallel import SharedSearch
from .search import EXHAUSTED, RUNNING, TABLE_FULL, WON, SearchArrays


class TakingTurns:
    """``step(budget)`` steps one of two searches (``SharedSearch``) for ``budget`` states, then
    hands the turn to the other; the second is made by ``make_second`` when its first turn comes.
    RUNNING until one ends: then its status (WON, EXHAUSTED), and ``winner`` is the search that
    found the win, ``kept`` the one whose table holds what that search proved; TABLE_FULL once
    neither table can grow. The same calls as ``SharedSearch``, for ``driver.search_win``."""

    def __init__(self, first: SharedSearch, make_second: Callable[[], SharedSearch]) -> None:
        self.searches = [first]
        self.make_second = make_second
        self.full = [False, False]  # a search whose table is full and cannot grow waits for good
        self.turn = 0
        self.winner: SearchArrays = first.winner
        self.kept: SearchArrays = first.kept

    def close(self) -> None:
        for search in self.searches:
            search.close()

    def nodes(self) -> int:
        """States entered by both searches so far."""
        return sum(search.nodes() for search in self.searches)

    @staticmethod
    def _turn(search: SharedSearch, budget: int) -> int:
        """Step ``search`` until it has searched ``budget`` states or ended: a turn is the same
        number of states however the search splits, so the states counted do not depend on it."""
        goal = search.nodes() + budget
        status = RUNNING
        while status == RUNNING and search.nodes() < goal:
            before = search.nodes()
            status = search.step(goal - before)
            if search.nodes() == before:
                break
        return status

    def step(self, budget: int) -> int:
        if self.turn == len(self.searches):
            self.searches.append(self.make_second())
        search = self.searches[self.turn]
        status = self._turn(search, budget)
        if status in (WON, EXHAUSTED):
            self.winner, self.kept = search.winner, search.kept
            return status
        if status == TABLE_FULL:
            self.full[self.turn] = True
            if all(self.full):
                return TABLE_FULL
        if not self.full[1 - self.turn]:
            self.turn = 1 - self.turn
        return RUNNING
