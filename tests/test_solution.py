"""``solve``'s default list: short wins stay as found, long ones are shortened, all replayed."""

from __future__ import annotations

import pytest

from canfield_solver.codes import position_from_code
from canfield_solver.rules import FOUNDATION, Rules
from canfield_solver.solution import LONG, solve_for_people
from canfield_solver.solver import solve
from canfield_solver.steps import positions_after
from canfield_solver.limits import Limits


def test_a_short_win_is_printed_as_found():
    start, rules = position_from_code("CF1-D3-AAAAAAC"), Rules()
    found = solve(start, rules)
    assert len(found.moves) <= LONG[3]
    assert solve_for_people(start, rules).moves == found.moves


# Medians of the lists ``solve`` prints under ``--moves whole`` (docs/benchmarks.md, best-first table).
WHOLE_MEDIANS = {(3, True): 237, (3, False): 229, (1, True): 383, (1, False): 374}


def test_a_long_win_is_shortened():
    # The example: the first win found under --moves whole with foundation returns has
    # thousands of moves; no win without returns exists, so the shorter list keeps a return.
    start, rules = position_from_code("CF1-D3-UZBSIKZ"), Rules(moves="whole")
    found = solve(start, rules)
    short = solve_for_people(start, rules)
    assert len(found.moves) > 2000 and len(short.moves) <= 2 * WHOLE_MEDIANS[3, True]
    assert positions_after(start, short.moves, rules)[-1].is_won
    assert any(move.kind == FOUNDATION for move in short.moves)
    assert solve(start, Rules(worry_back=False, moves="whole")).verdict == "unwinnable"
    assert short.nodes > found.nodes and (short.verdict, short.rules) == ("winnable", rules)


@pytest.mark.parametrize("code, worry_back", [
    ("CF1-D3-HEOXFGV", False), ("CF1-D3-WKKWRWD", True), ("CF1-D1-BLNYVQG", True), ("CF1-D1-BJBVIOJ", False),
])
def test_the_longest_lists_of_the_whole_sets_come_within_twice_the_median(code, worry_back):
    # The longest list of each --moves whole set before the best-first searches (789, 627, 833
    # and 865 moves, from first wins of up to 10,549).
    start = position_from_code(code)
    rules = Rules(draw=int(code[5]), worry_back=worry_back, moves="whole")
    # Without returns two move orders take turns (docs/engine.md): CF1-D3-HEOXFGV's win takes 1.1 M states.
    short = solve_for_people(start, rules, Limits(max_nodes=2_000_000))
    assert short.verdict == "winnable" and len(short.moves) <= 2 * WHOLE_MEDIANS[rules.draw, worry_back]
    assert positions_after(start, short.moves, rules)[-1].is_won
