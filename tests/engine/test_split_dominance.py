"""The talon-split dominance (docs/dominances.md, section 8): under draw 3 with unlimited passes a
state whose split lies in the middle of a pass has every move of the same state at the start of a
pass, and of the same state three cards (a draw) further on, so the search keeps those states out
once it has entered this one (``zobrist.dominated_key``, and the families of ``table.insert``).

Checked on random reachable positions: the dominated key is the key of that state, and only where
the rule holds; a draw further on the key is of the same family with the next rank; each move of
the dominated state leads where a move of the state in the middle leads, or to a state that such a
move's state dominates in turn. The brute-force cross-check of verdicts is in ``test_crosscheck.py``.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

from canfield_solver.core.position import Position
from canfield_solver.core.rules import MOVES, Rules
from canfield_solver.engine.codec import encode
from canfield_solver.engine.movegen import MAX_MOVES, generate, make, unmake
from canfield_solver.engine.table import RANK_BITS
from canfield_solver.engine.zobrist import HASH_MASK, dominated_key, full_hash, make_table, state_key
from tests.engine.test_movegen import walk
from tests.support.positions import has_a_build_across_the_base, in_the_middle_of_a_pass

Z = make_table()
DRAW_3_UNLIMITED = [
    Rules(draw=3, worry_back=back, moves=moves, spaces=spaces, tableau_order=order)
    for back, moves, spaces, order in itertools.product((True, False), MOVES, ("any", "waste", "waste-first"),
                                                        ("cyclic", "base"))
]
OTHERS = [Rules(draw=3, passes=2), Rules(draw=3, worry_back=False, passes=1), Rules(draw=1), Rules(draw=1, passes=2)]


def at_start_of_pass(position: Position) -> Position:
    """The same position with every talon card in the stock, in the order the draws meet them."""
    return position.with_changes(stock=position.stock + tuple(reversed(position.waste)), waste=())


def drawn(position: Position, cards: int = 3) -> Position:
    """The same position ``cards`` cards further into the pass (3: a draw of 3 from a stock of more)."""
    return position.with_changes(stock=position.stock[:-cards],
                                 waste=position.waste + tuple(reversed(position.stock[-cards:])))


def family(key: int) -> int:
    """A key without its rank (``zobrist.finished_key``)."""
    return key & int(HASH_MASK)


def rank(key: int) -> int:
    return key >> 64 - int(RANK_BITS)


def keyed(position: Position, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    st = encode(position, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, Z, hashes)
    return st, hashes


def key_of(position: Position, rules: Rules) -> int:
    st, hashes = keyed(position, rules)
    return int(state_key(st, Z, hashes))


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


def later_in_the_pass(rules: Rules, seed: int):
    """Random reachable positions in the middle of a pass with more than 3 cards in the stock."""
    for position in positions(rules, seed):
        if in_the_middle_of_a_pass(position) and len(position.stock) > 3:
            yield position


@pytest.mark.parametrize("rules", DRAW_3_UNLIMITED + OTHERS, ids=lambda r: f"d{r.draw}-{r.label.replace(' ', '-')}")
def test_a_split_a_draw_further_into_the_pass_is_of_its_family_with_the_next_rank(rules):
    checked = 0
    for position in later_in_the_pass(dataclasses.replace(rules, draw=3), seed=45):
        key, later = key_of(position, rules), key_of(drawn(position), rules)
        if rules.draw == 3 and rules.passes is None:
            assert family(later) == family(key) and rank(later) == rank(key) + 1 == len(position.waste) // 3 + 1
            others = [drawn(position, cards) for cards in (1, 2)]  # the other remainder, or the start of a pass
            assert all(family(key_of(other, rules)) != family(key) for other in others)
        elif rules.passes is None:  # draw 1: every split of one class
            assert later == key and rank(key) == 0
        else:
            assert family(later) != family(key) and rank(later) == rank(key) == 0
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("rules", DRAW_3_UNLIMITED, ids=lambda r: r.label.replace(" ", "-"))
def test_each_move_a_draw_further_into_the_pass_leads_where_a_move_leads_or_below(rules):
    checked = 0
    for position in later_in_the_pass(rules, seed=47):
        keys, dominated = child_keys(*keyed(position, rules))
        later_keys, _ = child_keys(*keyed(drawn(position), rules))
        lowest = {}  # the lowest key of each family the earlier split's moves lead to
        for key in keys:
            lowest[family(key)] = min(key, lowest.get(family(key), key))
        for key in later_keys:
            assert key in dominated or lowest.get(family(key), key + 1) <= key
        checked += 1
    assert checked >= 20
