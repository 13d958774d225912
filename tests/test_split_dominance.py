"""The talon-split dominance (docs/dominances.md, section 8): under draw 3 with unlimited passes a
state whose split lies in the middle of a pass has every move of the same state at the start of a
pass, so the search keeps that state out once it has entered this one (``zobrist.dominated_key``).

Checked on random reachable positions: the key is the key of that state, and only where the rule
holds; each move of the state at the start of a pass leads where a move of the state in the middle
leads, or to the state that such a move's state dominates in turn. The brute-force cross-check of
verdicts is in ``test_crosscheck.py``.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

from canfield_solver.deal import Position
from canfield_solver.engine.bridge import encode
from canfield_solver.engine.movegen import MAX_MOVES, generate, make, unmake
from canfield_solver.engine.zobrist import dominated_key, full_hash, make_table, state_key
from canfield_solver.rules import Rules

from conftest import has_a_build_across_the_base, in_the_middle_of_a_pass
from test_engine_movegen import walk

Z = make_table()
DRAW_3_UNLIMITED = [
    Rules(draw=3, worry_back=back, moves=moves, spaces=spaces, tableau_order=order)
    for back, moves, spaces, order in itertools.product((True, False), ("any", "whole"), ("any", "waste", "waste-first"),
                                                        ("cyclic", "base"))
]
OTHERS = [Rules(draw=3, passes=2), Rules(draw=3, worry_back=False, passes=1), Rules(draw=1), Rules(draw=1, passes=2)]


def at_start_of_pass(position: Position) -> Position:
    """The same position with every talon card in the stock, in the order the draws meet them."""
    return position.with_changes(stock=position.stock + tuple(reversed(position.waste)), waste=())


def keyed(position: Position, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    st = encode(position, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, Z, hashes)
    return st, hashes


def child_keys(st: np.ndarray, hashes: np.ndarray) -> tuple[list[int], list[int]]:
    """The keys of the states the moves of ``st`` lead to, and their ``dominated_key``s."""
    moves = np.zeros(MAX_MOVES, np.int32)
    keys, dominated = [], []
    for move in moves[: generate(st, moves)]:
        undo = make(st, hashes, Z, move)
        keys.append(int(state_key(st, Z, hashes)))
        dominated.append(int(dominated_key(st, Z, hashes)))
        unmake(st, hashes, Z, move, undo)
    return keys, dominated


def positions(rules: Rules, seed: int):
    """Random reachable positions under ``rules`` (``walk``); under tableau order "base", those of
    the cyclic order's play whose columns are runs under "base"."""
    cyclic = dataclasses.replace(rules, tableau_order="cyclic")
    for position in walk(cyclic, 150, seed):
        if rules.tableau_order == "cyclic" or not has_a_build_across_the_base(position):
            yield position


@pytest.mark.parametrize("rules", DRAW_3_UNLIMITED + OTHERS, ids=lambda r: f"d{r.draw}-{r.label.replace(' ', '-')}")
def test_the_dominated_key_is_the_key_of_the_same_state_at_the_start_of_a_pass(rules):
    middle = 0
    for position in positions(dataclasses.replace(rules, draw=3), seed=41):
        st, hashes = keyed(position, rules)
        key = int(dominated_key(st, Z, hashes))
        if rules.draw == 3 and rules.passes is None and in_the_middle_of_a_pass(position):
            middle += 1
            start, start_hashes = keyed(at_start_of_pass(position), rules)
            assert key == int(state_key(start, Z, start_hashes)) != int(state_key(st, Z, hashes))
        else:
            assert key == 0
    assert middle >= 20 or rules in OTHERS


@pytest.mark.parametrize("rules", DRAW_3_UNLIMITED, ids=lambda r: r.label.replace(" ", "-"))
def test_each_move_at_the_start_of_a_pass_leads_where_a_move_in_the_middle_leads_or_below(rules):
    checked = 0
    for position in positions(rules, seed=43):
        if not in_the_middle_of_a_pass(position):
            continue
        middle_keys, middle_dominated = child_keys(*keyed(position, rules))
        start_keys, _ = child_keys(*keyed(at_start_of_pass(position), rules))
        reached = set(middle_keys) | set(middle_dominated)
        assert set(start_keys) <= reached
        checked += 1
    assert checked >= 20
