"""A win search of one position with a side search taking turns with it, on a table of its own.

``WithSideSearch``: a search and, for a quarter as many states (or another share) and up to a
bound, a side search of the same position: under draw 1 with unlimited passes, an easier game
(when that one is lost, so is the position: docs/dominances.md, section 7), in the other move
order (a win it finds early is a win), or without foundation returns, a harder game (its win is
a win, its loss proves nothing). The search may itself be a ``WithSideSearch``: under the
casino's rules the easier game takes turns with the search and its other-order side search.
The other order's own table keeps it from holding states on the search's way to its win:
docs/engine.md, "Move order".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .parallel import SharedSearch
from .search import EXHAUSTED, RUNNING, TABLE_FULL, WON, SearchArrays

SIDE_SHARE = 4  # a side search gets one state for every this many of the search's
EASIER_MOST = 2_000_000  # the easier game's search is dropped after this many states (the largest
# of its losses measured took 954,023: CHANGELOG.md), so that where the draw-1 game is hard
# too it costs a bounded part of a search
BURIED_EASIER_MOST = 8_000_000  # where cards can be buried for good (the casino's rules) the easier
BURIED_EASIER_SHARE = 2  # game is lost more often, and its losses take longer (up to 11.7 M states
# on the casino's hardest deals): it gets one state for every two of the search's, up to this many
NO_RETURNS_MOST = 100_000  # the game without foundation returns is dropped after this many states:
# with limited passes, returns can refill the lost subtree of an early wrong talon play without end,
# where the same position without them is won in a few hundred states (docs/engine.md, "Move order")
OTHER_ORDER_MOST = 500_000  # the other order's search is dropped after this many: it is there
# for wins that order finds early, and a lost deal pays for it (half of 1,000,000 cost the won deals
# of the app's four rule sets at most 2% more states: CHANGELOG.md)


class Stepped(Protocol):
    """What ``driver.search_win`` drives: ``SharedSearch``, ``WithSideSearch``."""

    @property
    def winner(self) -> SearchArrays:
        """The search that found the win, once one has."""
        ...

    @property
    def kept(self) -> SearchArrays:
        """The search whose table holds what the search that ended proved."""
        ...

    def step(self, budget: int) -> int: ...

    def nodes(self) -> int: ...

    def close(self) -> None: ...


def turn(search: Stepped, budget: int) -> int:
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


class WithSideSearch:
    """``search`` (a ``Stepped``) with, after each of its turns that leaves it RUNNING, a turn of
    one state for every ``share`` of its own (default ``SIDE_SHARE``: a fifth of ``step``'s
    budget) for a complete side search of the same position on a table of its own, made by
    ``make_side`` when first needed: the easier game (``wins_count`` False: its win proves
    nothing), the same game in the other move order (``wins_count`` True) or a harder game
    (``losses_count`` False: its loss proves nothing). EXHAUSTED when ``search`` is, or the side
    search and ``losses_count``: its loss then proves the position lost, and ``search``'s table
    holds states reached from a lost position, all lost. WON when ``search`` wins, or the side
    search and ``wins_count``: ``winner`` and ``kept`` are then the side search's, else
    ``search``'s. The side search is dropped once it ends in a way that does not count, its table
    is full, or it has searched ``most`` states."""

    def __init__(self, search: Stepped, make_side: Callable[[], SharedSearch], most: int, wins_count: bool,
                 share: int | None = None, losses_count: bool = True) -> None:
        self.search = search
        self.share = share  # the search's states for each of the side search's; None: ``SIDE_SHARE``
        self.make_side = make_side
        self.most = most
        self.wins_count = wins_count
        self.losses_count = losses_count
        self.side: SharedSearch | None = None
        self.dropped = False
        self.spent = 0  # the states of the side search once dropped
        self.ended: Stepped = search  # the search that ended the whole, once one has

    @property
    def winner(self) -> SearchArrays:
        return self.ended.winner

    @property
    def kept(self) -> SearchArrays:
        return self.ended.kept

    def close(self) -> None:
        self.search.close()
        if self.side is not None:
            self.side.close()

    def nodes(self) -> int:
        """States entered by both searches so far."""
        return self.search.nodes() + self.spent + (self.side.nodes() if self.side is not None else 0)

    def step(self, budget: int) -> int:
        ratio = SIDE_SHARE if self.share is None else self.share
        share = 0 if self.dropped else budget // (ratio + 1)  # of ``budget`` for the side search
        status = turn(self.search, budget - share)
        if status != RUNNING or share == 0:
            return status
        if self.side is None:
            self.side = self.make_side()
            share -= self.side.nodes()  # its start state counts against the budget too
        side = turn(self.side, share)
        if side == WON and self.wins_count:
            self.ended = self.side
            return WON
        if side == EXHAUSTED and self.losses_count:
            return EXHAUSTED
        if side in (WON, EXHAUSTED, TABLE_FULL) or self.side.nodes() >= self.most:
            self.spent = self.side.nodes()
            self.side.close()
            self.side, self.dropped = None, True
        return RUNNING
