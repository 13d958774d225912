"""``solve``'s default list: short wins stay as found, long ones are shortened (``shorter_win``,
within its budget of states), all replayed."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import DRAW, FOUNDATION, RECYCLE, Move, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving import for_people
from canfield_solver.solving.for_people import LONG, shorter_win, solve_for_people
from canfield_solver.solving.solver import SolveResult, solve


def test_a_short_win_is_printed_as_found():
    start, rules = position_from_code("CF1-D3-AAAAAAC"), Rules()
    found = solve(start, rules)
    assert len(found.moves) <= LONG[3]
    assert solve_for_people(start, rules).moves == found.moves


# Medians of the lists ``solve`` prints under ``--moves whole`` (docs/benchmarks.md, best-first table).
WHOLE_MEDIANS = {(3, True): 237, (3, False): 229, (1, True): 382, (1, False): 371}


def padded(start: Position, rules: Rules, moves: list[Move], passes: int) -> list[Move]:
    """``moves`` after ``passes`` passes through the whole stock, each ending in a recycle: a win as
    long as we like, whatever the solver's first win, since such a pass changes nothing that plays
    (``start`` has no waste yet and the passes are unlimited)."""
    draws = -(-len(start.stock) // rules.draw)
    return ([Move(DRAW)] * draws + [Move(RECYCLE)]) * passes + moves


def test_a_long_win_is_shortened(monkeypatch):
    # The first win found under --moves whole with foundation returns may run to thousands of moves
    # (CF1-D3-UZBSIKZ's did); made long here whatever the search finds first.
    start, rules = position_from_code("CF1-D3-UZBSIKZ"), Rules(moves="whole")
    first = solve(start, rules)

    def long_first_win(*args: object, **kwargs: object) -> SolveResult:
        return replace(first, moves=padded(start, rules, first.moves, 160))

    monkeypatch.setattr(for_people, "solve", long_first_win)
    short = solve_for_people(start, rules)
    assert len(padded(start, rules, first.moves, 160)) > 2000
    assert len(short.moves) <= 2 * WHOLE_MEDIANS[3, True]
    assert positions_after(start, short.moves, rules)[-1].is_won
    assert short.nodes > first.nodes and (short.verdict, short.rules) == ("winnable", rules)


def test_the_clock_of_a_shortened_win_leaves_out_what_came_before_the_search(monkeypatch):
    """A first run compiles the search's kernels before its clock starts: the seconds of a
    shortened win are the search's and the shortening's, not that wait (0.5 s here)."""
    start, rules = position_from_code("CF1-D3-UZBSIKZ"), Rules(moves="whole")
    first = solve(start, rules)

    def compiled_then_long_win(*args: object, **kwargs: object) -> SolveResult:
        time.sleep(0.5)
        return replace(first, moves=padded(start, rules, first.moves, 160), seconds=0.01)

    monkeypatch.setattr(for_people, "solve", compiled_then_long_win)
    began = time.perf_counter()
    short = solve_for_people(start, rules)
    shortening = time.perf_counter() - began - 0.5
    assert short.moves != first.moves and 0.01 <= short.seconds <= 0.01 + shortening


def test_a_win_without_returns_keeps_a_return_where_none_without_exists():
    # No win of CF1-D3-UZBSIKZ without foundation returns exists, so every win keeps one.
    start, rules = position_from_code("CF1-D3-UZBSIKZ"), Rules(moves="whole")
    assert solve(start, Rules(worry_back=False, moves="whole")).verdict == "unwinnable"
    short = solve_for_people(start, rules)
    assert short.verdict == "winnable" and positions_after(start, short.moves, rules)[-1].is_won
    assert any(move.kind == FOUNDATION for move in short.moves)


@pytest.mark.parametrize("code, worry_back", [
    ("CF1-D3-HEOXFGV", False), ("CF1-D3-WKKWRWD", True), ("CF1-D1-BLNYVQG", True), ("CF1-D1-BJBVIOJ", False),
])
def test_the_longest_lists_of_the_whole_sets_come_within_twice_the_median(code, worry_back):
    # The longest list of each --moves whole set before the best-first searches (789, 627, 833
    # and 865 moves, from first wins of up to 10,549).
    start = position_from_code(code)
    rules = Rules(draw=int(code[5]), worry_back=worry_back, moves="whole")
    # Without returns two move orders search side by side (docs/engine.md, "Move order").
    short = solve_for_people(start, rules, Limits(max_nodes=2_000_000))
    assert short.verdict == "winnable" and len(short.moves) <= 2 * WHOLE_MEDIANS[rules.draw, worry_back]
    assert positions_after(start, short.moves, rules)[-1].is_won


def test_a_shorter_win_replays_to_a_win_within_its_states():
    start, rules = position_from_code("CF1-D1-BLNYVQG"), Rules(draw=1, moves="whole")
    first = padded(start, rules, solve(start, rules).moves, 20)  # 700 moves of passes, then the win
    moves, spent = shorter_win(start, rules, first, 480, 400_000, time.perf_counter(), None)
    assert len(moves) <= 480 < len(first) and spent <= 400_000
    assert positions_after(start, moves, rules)[-1].is_won
