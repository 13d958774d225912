"""The winning move list ``solve`` prints for a person to follow: short, at little cost.

The win search keeps the first win it meets, which under some rules (foundation returns with
``--moves whole`` above all) wanders for thousands of moves even after its detours are cut out.
A list longer than ``LONG[draw]`` single moves (about 1.3 times the median list of the app's
rules, docs/benchmarks.md) is shortened within small budgets of states; a shorter one, the
common case, is printed as the search found it, at no extra cost:

1. under foundation returns, a win that makes no return after some early point of the list: a
   win without returns from the start (also a win with them), else the shortest of the first
   few from just after one of the list's first returns, that return and what came before kept
   (``_fewer_returns``);
   shortened as in 2 under the rules without returns (whose bounded search is far quicker);
2. the bounded search (``shortest.tighten``) for a list of at most ``LONG[draw]`` moves, then a
   quarter of that more, and so on below the list's length, and from the first it finds, rounds
   of ever shorter ones.

Every list returned has been replayed through the referee under the rules asked for.
"""

from __future__ import annotations

import time
from dataclasses import replace

from .deal import Position
from .limits import Limits
from .outcomes import Verdict
from .playback import shortcut_moves
from .rules import FOUNDATION, Move, Rules
from .shortest import tighten
from .solver import SolveResult, solve
from .steps import positions_after
from .errors import SolverBug

LONG = {3: 320, 1: 480}  # single moves; the app's rules: median 248 (draw 3) and 386 (draw 1)
FIRST_NO_RETURN_NODES = 100_000  # a win without returns from the start
NO_RETURN_NODES = 20_000  # ... from after each of the list's first returns
RETURNS_TRIED = 30
WINS_KEPT = 3  # wins after a return compared
BOUNDED_NODES = 100_000  # each bounded round


def _within(limits: Limits, began: float, max_nodes: int) -> Limits:
    """A shortening search's limits: ``max_nodes`` states, the time left of ``limits`` since ``began``."""
    left = None if limits.time_limit is None else max(limits.time_limit - (time.perf_counter() - began), 1e-3)
    return replace(limits, time_limit=left, max_nodes=max_nodes)


def solve_for_people(start: Position, rules: Rules, limits: Limits = Limits()) -> SolveResult:
    """``solver.solve`` of ``start`` under ``rules``, its win shortened when long (see above).

    ``limits.time_limit`` covers the whole run; ``max_nodes`` and ``memory`` apply to the first
    search, which alone decides the verdict (the shortening adds at most its own fixed budgets)."""
    began = time.perf_counter()
    result = solve(start, rules, limits=limits)
    long = LONG[rules.draw]
    if result.verdict != Verdict.WINNABLE or len(result.moves) <= long:
        return result
    moves, nodes = result.moves, result.nodes
    if rules.worry_back:
        moves, spent = _fewer_returns(start, rules, moves, began, limits)
        nodes += spent
    if len(moves) > long:
        moves, spent = _bounded(start, rules, moves, long, began, limits)
        nodes += spent
    return replace(result, moves=_checked(start, moves, rules), nodes=nodes, seconds=time.perf_counter() - began)


def _bounded(start: Position, rules: Rules, moves: list[Move], goal: int, began: float,
             limits: Limits) -> tuple[list[Move], int]:
    """A shorter win than ``moves`` from the bounded search for one of at most ``goal`` moves, then
    a quarter of ``LONG`` more, and so on below ``len(moves)``, ``BOUNDED_NODES`` states each, then
    its rounds of shorter ones; ``moves`` when none is found. And the states searched."""
    bound, nodes = goal, 0
    while bound < len(moves) - 1:
        shorter = tighten(start, rules, moves, 52, _within(limits, began, BOUNDED_NODES), began=time.perf_counter(),
                          first_bound=bound)
        nodes += shorter.nodes
        if len(shorter.moves) < len(moves):
            return shorter.moves, nodes
        bound += LONG[rules.draw] // 4
    return moves, nodes


def _fewer_returns(start: Position, rules: Rules, moves: list[Move], began: float,
                   limits: Limits) -> tuple[list[Move], int]:
    """The shortest of ``moves`` and the first ``WINS_KEPT`` wins found (fewer once one is short)
    that play ``moves`` up to the start or to just after one of its first ``RETURNS_TRIED`` returns
    and make no return after that, each shortened (``_bounded`` without returns) and its detours
    cut out; and the states searched."""
    plain = replace(rules, worry_back=False)
    positions = positions_after(start, moves, rules)
    after_returns = [index + 1 for index, move in enumerate(moves) if move.kind == FOUNDATION]
    best, nodes, wins = moves, 0, 0
    for tried, index in enumerate([0] + after_returns[:RETURNS_TRIED]):
        budget = FIRST_NO_RETURN_NODES if tried == 0 else NO_RETURN_NODES
        rest = solve(positions[index], plain, limits=_within(limits, began, budget))
        nodes += rest.nodes
        if rest.verdict != Verdict.WINNABLE:
            continue
        goal = max(LONG[rules.draw] - index, LONG[rules.draw] // 2)
        rest_moves, spent = _bounded(positions[index], plain, rest.moves, goal, began, limits)
        nodes += spent
        joined, end = shortcut_moves(start, rules, moves[:index] + rest_moves)
        if end.is_won and len(joined) < len(best):
            best = joined
        wins += 1
        if wins == WINS_KEPT or len(best) <= LONG[rules.draw]:
            break
    return best, nodes


def _checked(start: Position, moves: list[Move], rules: Rules) -> list[Move]:
    """``moves``, after the referee has replayed them to a win under ``rules``."""
    if not positions_after(start, moves, rules)[-1].is_won:
        raise SolverBug(f"a shortened list of {len(moves)} moves does not win under the rules asked for")
    return moves
