"""The weighted best-first search for a short win (``engine.paths.best_first``): its records hold
whole states, weighed once it finds a shortest win and keeps its bound, it stops when its records
are full."""

from __future__ import annotations

import time

import numpy as np
import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine import layout as L
from canfield_solver.engine.codec import decode, encode
from canfield_solver.engine.driver import search_short_win
from canfield_solver.engine.paths.best_first import RECORD, pack, restore
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.referee_replay import replay_engine_moves
from tests.support.positions import SIX_MOVES, build_position


def test_a_record_holds_the_whole_state(played_positions):
    for rules, position in played_positions:
        st = encode(position, rules)
        records = np.zeros((1, RECORD), dtype=np.int8)
        pack(st, records, 0)
        other = st.copy()
        other[L.RESERVE_N + 1 : L.RECYCLES + 1] = 7  # talon, foundations, columns and recycles overwritten
        restore(records, 0, other)
        assert decode(other, position.base, position.score) == decode(st, position.base, position.score)


def run(start, rules, weight, below, capacity=10_000):
    return search_short_win(start, rules, weight, below, capacity, Limits(), began=time.perf_counter())


@pytest.mark.parametrize("draw", [1, 3])
def test_weight_one_finds_a_shortest_win_and_the_bound_holds(draw):
    # SIX_MOVES has a shortest win of 6 printed moves under both draws; the
    # estimate never exceeds the moves still needed, and weighed once (16 sixteenths) the search finds one of 6 here.
    start, rules = build_position(**SIX_MOVES), Rules(draw=draw, worry_back=False)
    found = run(start, rules, 16, 100)
    moves, end = replay_engine_moves(start, found.moves, rules)
    assert found.verdict == Verdict.WINNABLE and end.is_won and len(moves) == 6
    none = run(start, rules, 16, 6)  # below 6: none, and every state tried
    assert none.verdict == Verdict.UNKNOWN and none.limit_hit is None and len(none.moves) == 0


def test_a_search_stops_when_its_records_are_full():
    start, rules = position_from_code("CF1-D3-HEOXFGV"), Rules(draw=3, worry_back=False, moves="whole")
    full = run(start, rules, 64, 10_000, capacity=2_000)
    assert full.verdict == Verdict.UNKNOWN and full.limit_hit == LimitHit.MEMORY and full.nodes == 2_000
