"""The winning move list ``solve`` prints for a person to follow: short, at little cost.

The win search keeps the first win it meets, which under some rules (foundation returns with
``--moves whole`` above all) wanders for thousands of moves even after its detours are cut out.
A list longer than ``LONG[draw]`` single moves (about 1.3 times the median list of the app's
rules, docs/benchmarks.md) is shortened by weighted best-first searches (``shorter_win``)
within ``SHORTENING_STATES`` states in all; a shorter one, the common case, is printed as the
search found it, at no extra cost. The verdict is the win search's alone: the shortening only
runs once a win is found.

How a long win is shortened (``shorter_win``): weighted best-first searches (``engine.paths.best_first``)
from the start, then from points of the list, keeping its moves up to there. The higher the weight
of the estimate, the more greedily a search heads for a win: it finds one in few states, a longer
one. So the searches from the start run from greedy to less so, and stop at the first list of at
most ``goal`` moves; under foundation returns the rules without returns come first (their wins
are wins with returns, and the search has fewer moves to try). A hard deal may have no win a
search finds from its start, while from late in a winning list the rest is easy: rounds of greedy
searches then start from points of the best list so far, the earliest first, and the first win
found replaces what follows its point; the joined list has its detours cut out
(``referee_replay.shortcut_moves``). Every search keeps below the best list so far.

Every list returned has been replayed through the referee under the rules asked for.
"""

from __future__ import annotations

import time
from dataclasses import replace

from canfield_solver.core.errors import SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import DRAW, RECYCLE, Move, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.engine.driver import search_short_win

from .referee_replay import checked_win, replay_engine_moves, shortcut_moves
from .solver import SolveResult, solve

LONG = {3: 320, 1: 480}  # single moves; the app's rules: median 247 (draw 3) and 381 (draw 1)
SHORTENING_STATES = 2_000_000  # at most about 2 s of CPU (docs/benchmarks.md)
SEARCH_STATES = 300_000  # each search from the start (about 40 MB, a few tenths of a second)
POINT_STATES = 100_000  # each search from a point of the list: from late in a win the rest is easy
WEIGHTS = (1024, 256, 64)  # of the estimate, in sixteenths: greedy, then closer to a shortest win
POINTS = 10  # a round of searches from points of the list: the starts of its tenths after the first


def solve_for_people(start: Position, rules: Rules, limits: Limits = Limits()) -> SolveResult:
    """``solver.solve`` of ``start`` under ``rules``, its win shortened when long (see above).

    ``limits.time_limit`` covers the whole run; ``max_nodes`` and ``memory`` apply to the first
    search, which alone decides the verdict (the shortening adds at most its own fixed budget).
    The clock is the search's: it leaves out compiling or loading the search's kernels."""
    result = solve(start, rules, limits=limits)
    if result.verdict != Verdict.WINNABLE or len(result.moves) <= LONG[rules.draw]:
        return result
    began = time.perf_counter() - result.seconds
    moves, spent = shorter_win(start, rules, result.moves, LONG[rules.draw], SHORTENING_STATES, began,
                               limits.time_limit)
    return replace(result, moves=checked_win(start, moves, rules, "a shortened list"), nodes=result.nodes + spent,
                   seconds=time.perf_counter() - began)


def shorter_win(start: Position, rules: Rules, moves: list[Move], goal: int, states: int, began: float,
                time_limit: float | None) -> tuple[list[Move], int]:
    """A win from ``start`` under ``rules`` no longer than ``moves`` (a win), searched for until one
    has at most ``goal`` moves or ``states`` states (records) are spent; and the states spent."""
    search = _Searches(states, began, time_limit)
    best = moves
    rule_sets = ([replace(rules, worry_back=False)] if rules.worry_back else []) + [rules]
    for weight in WEIGHTS:
        for rule_set in rule_sets:
            found = search.win(start, rule_set, weight, len(best), SEARCH_STATES)
            if found is not None:
                best = found
                if len(best) <= goal:
                    return best, search.spent
        while len(best) > goal and search.left() > 0:
            joined = _from_points(start, rules, best, search)
            if len(joined) == len(best):
                break
            best = joined
        if len(best) <= goal:
            break
    return best, search.spent


def _from_points(start: Position, rules: Rules, moves: list[Move], search: _Searches) -> list[Move]:
    """``moves`` up to the earliest of its points from which a greedy search finds a win shorter than
    the rest, then that win, detours cut out; ``moves`` when no search finds one."""
    positions = positions_after(start, moves, rules)
    for part in range(1, POINTS):
        index = len(moves) * part // POINTS
        while index > 0 and moves[index - 1].kind in (DRAW, RECYCLE):
            index -= 1  # a list joined after draws would not read back into engine moves
        found = search.win(positions[index], rules, WEIGHTS[0], len(moves) - index, POINT_STATES)
        if found is not None:
            joined, _ = shortcut_moves(start, rules, moves[:index] + found)
            if len(joined) < len(moves):
                return joined
        if search.left() == 0:
            break
    return moves


class _Searches:
    """Best-first searches sharing one budget of states and one clock."""

    def __init__(self, states: int, began: float, time_limit: float | None):
        self.states, self.began, self.time_limit = states, began, time_limit
        self.spent = 0

    def left(self) -> int:
        timed_out = self.time_limit is not None and time.perf_counter() - self.began >= self.time_limit
        return 0 if timed_out else self.states - self.spent

    def win(self, start: Position, rules: Rules, weight: int, below: int, states: int) -> list[Move] | None:
        """The win of fewer than ``below`` moves that a search with ``weight`` and at most ``states``
        states finds from ``start``, or None."""
        room = min(states, self.left())
        if room <= 0:
            return None
        outcome = search_short_win(start, rules, weight, below, room, Limits(time_limit=self.time_limit),
                                   began=self.began)
        self.spent += outcome.nodes
        if outcome.verdict != Verdict.WINNABLE:
            return None
        moves, end = replay_engine_moves(start, outcome.moves, rules)
        if not end.is_won:
            raise SolverBug(f"a best-first search's list of {len(moves)} moves does not win")
        return moves
