"""The winning move list ``solve`` prints for a person to follow: short, at little cost.

The win search keeps the first win it meets, which under some rules (foundation returns with
``--moves whole`` above all) wanders for thousands of moves even after its detours are cut out.
A list longer than ``LONG[draw]`` single moves (about 1.3 times the median list of the app's
rules, docs/benchmarks.md) is shortened by weighted best-first searches (``shorter.shorter_win``)
within ``SHORTENING_STATES`` states in all; a shorter one, the common case, is printed as the
search found it, at no extra cost. The verdict is the win search's alone: the shortening only
runs once a win is found.

Every list returned has been replayed through the referee under the rules asked for.
"""

from __future__ import annotations

import time
from dataclasses import replace

from .deal import Position
from .errors import SolverBug
from .limits import Limits
from .outcomes import Verdict
from .rules import Move, Rules
from .shorter import shorter_win
from .solver import SolveResult, solve
from .steps import positions_after

LONG = {3: 320, 1: 480}  # single moves; the app's rules: median 248 (draw 3) and 386 (draw 1)
SHORTENING_STATES = 2_000_000  # at most about 2 s of CPU (docs/benchmarks.md)


def solve_for_people(start: Position, rules: Rules, limits: Limits = Limits()) -> SolveResult:
    """``solver.solve`` of ``start`` under ``rules``, its win shortened when long (see above).

    ``limits.time_limit`` covers the whole run; ``max_nodes`` and ``memory`` apply to the first
    search, which alone decides the verdict (the shortening adds at most its own fixed budget)."""
    began = time.perf_counter()
    result = solve(start, rules, limits=limits)
    if result.verdict != Verdict.WINNABLE or len(result.moves) <= LONG[rules.draw]:
        return result
    moves, spent = shorter_win(start, rules, result.moves, LONG[rules.draw], SHORTENING_STATES, began,
                               limits.time_limit)
    return replace(result, moves=_checked(start, moves, rules), nodes=result.nodes + spent,
                   seconds=time.perf_counter() - began)


def _checked(start: Position, moves: list[Move], rules: Rules) -> list[Move]:
    """``moves``, after the referee has replayed them to a win under ``rules``."""
    if not positions_after(start, moves, rules)[-1].is_won:
        raise SolverBug(f"a shortened list of {len(moves)} moves does not win under the rules asked for")
    return moves
