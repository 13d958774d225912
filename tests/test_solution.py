"""``solve``'s default list: short wins stay as found, long ones are shortened, all replayed."""

from __future__ import annotations


from canfield_solver.codes import position_from_code
from canfield_solver.rules import FOUNDATION, Rules
from canfield_solver.shortest import tighten
from canfield_solver.solution import LONG, solve_for_people
from canfield_solver.solver import solve
from canfield_solver.steps import positions_after
from canfield_solver.limits import Limits


def test_a_short_win_is_printed_as_found():
    start, rules = position_from_code("CF1-D3-AAAAAAC"), Rules()
    found = solve(start, rules)
    assert len(found.moves) <= LONG[3]
    assert solve_for_people(start, rules).moves == found.moves


def test_a_long_win_is_shortened():
    # The example: 5,229 moves under --moves whole with foundation returns; no win
    # without returns exists, so the shorter list keeps a return from the start of the long one.
    start, rules = position_from_code("CF1-D3-UZBSIKZ"), Rules(moves="whole")
    found = solve(start, rules)
    short = solve_for_people(start, rules)
    assert len(found.moves) > 5000 and len(short.moves) <= LONG[3] + LONG[3] // 4
    assert positions_after(start, short.moves, rules)[-1].is_won
    assert any(move.kind == FOUNDATION for move in short.moves)
    assert solve(start, Rules(worry_back=False, moves="whole")).verdict == "unwinnable"
    assert short.nodes > found.nodes and (short.verdict, short.rules) == ("winnable", rules)


def test_a_low_first_bound_is_no_proof():
    start, rules = position_from_code("CF1-D3-AAAAAAD"), Rules()
    moves = solve(start, rules).moves
    low = tighten(start, rules, moves, 52, Limits(max_nodes=50_000), began=0.0, first_bound=10)
    assert (low.moves, low.proven, low.rounds) == (moves, False, 1)  # no win within 10 moves: nothing proven
