"""The numba move generator against the referee on random reachable positions.

At each position: the engine's moves, expanded to draws/recycles and a play, give exactly the
positions the referee reaches by its own legal moves (draws and recycles followed by a waste play
counting as one); make/unmake restore the arrays and the hash; the incremental hash equals one
computed from scratch; ``child_key`` predicts the key each move leads to; ``moves_onto`` a column
lists the moves onto it; permuting the columns keeps the key.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest

from canfield_solver.core.position import Position, validate
from canfield_solver.core.referee import DRAW, RECYCLE, WASTE, apply, legal_moves
from canfield_solver.core.rules import MOVES, Rules
from canfield_solver.engine import layout as L
from canfield_solver.engine.child_keys import child_key, column_mixes
from canfield_solver.engine.codec import decode, encode, move_fields, referee_moves
from canfield_solver.engine.movegen import (
    COLUMN_F,
    MAX_MOVES,
    RESERVE_F,
    TALON_F,
    encode_move,
    generate,
    make,
    move_kind,
    move_target,
    moves_onto,
    reachable_splits,
    unmake,
)
from canfield_solver.engine.search import move_score, with_score
from canfield_solver.engine.zobrist import full_hash, make_table, state_key
from canfield_solver.formats.codes import position_from_number
from tests.support.positions import has_a_build_across_the_base

Z = make_table()
RULE_SETS = [
    Rules(draw=draw, worry_back=back, moves=moves, passes=passes, spaces=spaces)
    for draw, back, moves, passes, spaces in itertools.product(
        (1, 3), (True, False), MOVES, (None, 1, 2), ("any", "waste")
    )
]
POSITIONS_PER_SET = 50  # 48 rule sets: the run time of 24 sets of 100


def normal(position: Position, rules: Rules) -> Position:
    """Score is not engine state; recycles only count when passes are limited."""
    return position.with_changes(score=0, recycles=position.recycles if rules.passes else 0)


def referee_results(position: Position, rules: Rules) -> dict:
    """Positions one engine move away, by the referee: plays, and waste plays after draws/recycles.

    Maps each result (recycles left out) to the fewest recycles it can be reached with.
    """
    results: dict = {}

    def add(after: Position) -> None:
        key = after.with_changes(recycles=0)
        results[key] = min(results.get(key, after.recycles), after.recycles)

    for move in legal_moves(position, rules):
        if move.kind not in (DRAW, RECYCLE):
            add(normal(apply(position, move, rules), rules))
    seen = {position}
    frontier = [position]
    while frontier:
        current = frontier.pop()
        for move in legal_moves(current, rules):
            if move.kind in (DRAW, RECYCLE):
                after = normal(apply(current, move, rules), rules)
                if after not in seen:
                    seen.add(after)
                    frontier.append(after)
    for current in seen - {position}:
        for move in legal_moves(current, rules):
            if move.kind == WASTE:
                add(normal(apply(current, move, rules), rules))
    return results


def check_position(position: Position, rules: Rules) -> int:
    """All checks at one position; returns how many engine moves it has."""
    position = normal(position, rules)
    st = encode(position, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, Z, hashes)
    out = np.zeros(MAX_MOVES, np.int32)
    count = generate(st, out)
    engine: dict = {}
    for move in out[:count]:
        after = position
        for step in referee_moves(move, position, rules):
            after = apply(after, step, rules)  # raises if an expanded step is illegal
        after = normal(after, rules)
        key = after.with_changes(recycles=0)
        assert key not in engine, f"move {move_fields(move)} duplicates another"
        engine[key] = after.recycles
        check_child_key(st, hashes, move)
        before_hashes = hashes.copy()
        before_counts = card_counts(st)
        undo = make(st, hashes, Z, move)
        assert decode(st, position.base) == after, f"make {move_fields(move)} differs from the referee"
        check_card_counts(before_counts, card_counts(st))
        fresh = np.zeros(5, np.uint64)
        full_hash(st, Z, fresh)
        assert (fresh == hashes).all(), f"incremental hash differs after {move_fields(move)}"
        unmake(st, hashes, Z, move, undo)
        # Cells past a pile's length are not state: compare what the arrays say, and the hash.
        assert decode(st, position.base) == position, f"unmake {move_fields(move)} does not restore the state"
        assert (hashes == before_hashes).all(), f"unmake {move_fields(move)} does not restore the hash"
    assert engine == referee_results(position, rules)
    check_moves_onto(st, out[:count].copy())
    return count


def card_counts(st: np.ndarray) -> tuple[int, ...]:
    """The cards up in each suit, then the cards in the reserve and in the talon."""
    return tuple(int(st[L.FOUNDATION_HEIGHTS + suit]) for suit in range(4)) + (int(st[L.RESERVE_N]), int(st[L.TALON_N]))


def check_card_counts(before: tuple[int, ...], after: tuple[int, ...]) -> None:
    """One move puts up or takes down one card at most, and takes at most one card from the
    reserve and one from the talon, never one back (``paths/shortcut.py`` skips the jumps these
    bounds rule out)."""
    *up, reserve, talon = (a - b for a, b in zip(after, before, strict=True))
    assert sum(abs(change) for change in up) <= 1 and reserve in (-1, 0) and talon in (-1, 0), (before, after)


def check_moves_onto(st: np.ndarray, every: np.ndarray) -> None:
    """``moves_onto`` a column lists the moves of ``generate`` (``every``) that put a card on it."""
    out = np.zeros(MAX_MOVES, np.int32)
    for column in range(4):
        onto = {int(m) for m in every if move_kind(m) not in (RESERVE_F, TALON_F, COLUMN_F) and move_target(m) == column}
        count = moves_onto(st, out, column)
        assert sorted(out[:count]) == sorted(onto), f"moves onto column {column} differ"


def check_child_key(st: np.ndarray, hashes: np.ndarray, move: int) -> None:
    """``child_key`` gives the key of the state ``move`` leads to, whether talon plays wait or not."""
    for waits in (0, 1):
        st[L.TALON_WAITS] = waits
        mixes = tuple(np.uint64(mix) for mix in column_mixes(hashes))  # as the kernels pass them, not Python ints
        predicted = child_key(st, Z, hashes, mixes, move)
        undo = make(st, hashes, Z, move)
        assert predicted == state_key(st, Z, hashes), f"child_key of {move_fields(move)} (waits {waits}) differs"
        unmake(st, hashes, Z, move, undo)
    st[L.TALON_WAITS] = 0


def walk(rules: Rules, count: int, seed: int):
    """``count`` positions of random weighted play (foundation and reserve moves favoured) from random deals."""
    rng = random.Random(seed)
    while True:
        position = position_from_number(rng.randrange(26**7))
        idle = 0  # steps since the last move other than a draw or recycle: a stuck game ends
        for step in range(rng.randrange(40, 200)):
            if idle > 12:
                break
            if step % 2 == 0:
                yield position
                count -= 1
                if count == 0:
                    return
            moves = legal_moves(position, rules)
            if not moves:
                break
            weights = [6 if m.target == "foundation" else 4 if m.kind == "reserve" else 1 for m in moves]
            move = rng.choices(moves, weights)[0]
            idle = idle + 1 if move.kind in (DRAW, RECYCLE) else 0
            position = apply(position, move, rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"d{r.draw}-{r.label.replace(' ', '-')}")
def test_engine_moves_equal_referee_moves(rules):
    counts = [check_position(position, rules)
              for position in walk(rules, POSITIONS_PER_SET, seed=RULE_SETS.index(rules))]
    assert len(counts) == POSITIONS_PER_SET and sum(counts) > POSITIONS_PER_SET  # real positions with moves


def test_mid_game_positions_from_the_shared_random_play(played_positions):
    for rules, position in played_positions[::3]:
        check_position(position, rules)


def test_spaces_waste_on_positions_with_an_empty_column(played_positions):
    # Where the spaces option matters: reserve empty and a column empty. Random play rarely gets
    # there, so each position is made into one: its reserve and one column go under the stock.
    fewer = fewer_first = 0
    for number, (rules, position) in enumerate(played_positions[1::8]):
        emptied = number % 4
        tableau = tuple(() if c == emptied else column for c, column in enumerate(position.tableau))
        spaced = position.with_changes(
            reserve=(), tableau=tableau, stock=position.reserve + position.tableau[emptied] + position.stock
        )
        any_count = check_position(spaced, dataclasses.replace(rules, spaces="any"))
        waste_count = check_position(spaced, dataclasses.replace(rules, spaces="waste"))
        first_count = check_position(spaced, dataclasses.replace(rules, spaces="waste-first"))
        assert first_count <= waste_count <= any_count
        fewer += waste_count < any_count
        fewer_first += first_count < waste_count
    assert fewer >= 10 and fewer_first >= 10  # the rules really take moves away


def with_base_rank_top(position: Position, number: int) -> Position | None:
    """``position`` with column ``number % 4`` replaced by a lone base-rank card taken from the
    reserve, waste or stock (the column's cards go under the stock); None when no such card is free."""
    free = [card for card in position.reserve + position.waste + position.stock if card % 13 == position.base_rank]
    if not free:
        return None
    card, emptied = free[number % len(free)], number % 4

    def without(pile: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in pile if c != card)

    tableau = tuple((card,) if c == emptied else column for c, column in enumerate(position.tableau))
    return validate(position.with_changes(
        reserve=without(position.reserve), waste=without(position.waste),
        stock=position.tableau[emptied] + without(position.stock), tableau=tableau))


def test_tableau_order_base_on_positions_with_a_base_rank_column_top(played_positions):
    # Where the tableau order matters: a card of the base rank on top of a column (relative rank 0),
    # and a card of the rank below it (relative 12) to play. Random play rarely has both, so each
    # position gets a base-rank card as a column top. Columns must be runs under base as well.
    compared = fewer = 0
    for number, (rules, position) in enumerate(played_positions[2::8]):
        topped = with_base_rank_top(position, number)
        if topped is None or has_a_build_across_the_base(topped):
            continue
        cyclic_count = check_position(topped, rules)
        base_count = check_position(topped, dataclasses.replace(rules, tableau_order="base"))
        assert base_count <= cyclic_count
        compared += 1
        fewer += base_count < cyclic_count
    assert compared >= 30 and fewer >= 10  # the rule really takes moves away


@pytest.mark.parametrize("fields", [(0, 0, 0, 0, 0, 0), (6, 3, 3, 52, 52, 1), (3, 0, 2, 1, 34, 1), (5, 1, 0, 13, 0, 0)])
def test_move_fields_read_back_as_packed_with_a_search_score_above_them(fields):
    move = encode_move(*fields)
    assert move_fields(move) == fields
    scored = with_score(move, 100)
    assert move_fields(scored) == fields and move_score(scored) == 100


def test_permuted_columns_share_the_key():
    rules = Rules(draw=3)
    for position in itertools.islice(walk(rules, 120, seed=11), 0, None, 6):
        keys = set()
        for order in itertools.permutations(range(4)):
            permuted = position.with_changes(tableau=tuple(position.tableau[i] for i in order))
            st = encode(permuted, rules)
            hashes = np.zeros(5, np.uint64)
            full_hash(st, Z, hashes)
            keys.add(int(state_key(st, Z, hashes)))
        assert len(keys) == 1


def test_columns_swapping_cards_change_the_key(make_position):
    # One run split two ways between two columns must not collide (a per-card XOR would).
    a = make_position("AC", [["9H", "8S"], ["9D"], ["KC"], ["KS"]], foundations=["AC"])
    b = make_position("AC", [["9H"], ["9D", "8S"], ["KC"], ["KS"]], foundations=["AC"])
    keys = []
    for position in (a, b):
        st = encode(position, Rules())
        hashes = np.zeros(5, np.uint64)
        full_hash(st, Z, hashes)
        keys.append(int(state_key(st, Z, hashes)))
    assert keys[0] != keys[1]


def splits(mask: int) -> list[int]:
    return [j for j in range(1, 53) if (mask >> j) & 1]


@pytest.mark.parametrize("draw, k, n, passes, recycles, direct, recycled", [
    (3, 1, 10, None, 0, [1, 4, 7, 10], [3, 6, 9]),  # every third card from the split, the short last turn
    (3, 0, 10, None, 0, [3, 6, 9, 10], []),
    (3, 10, 10, None, 0, [10], [3, 6, 9]),  # stock empty: the waste top, or recycle
    (3, 2, 8, 2, 1, [2, 5, 8], []),  # the one recycle of 2 passes is used up
    (3, 2, 8, 3, 1, [2, 5, 8], [3, 6]),
    (1, 3, 5, None, 0, [3, 4, 5], [1, 2]),
    (1, 0, 0, None, 0, [], []),  # no talon
])
def test_reachable_splits(draw, k, n, passes, recycles, direct, recycled):
    st = np.zeros(L.STATE_SIZE, np.int32)
    st[L.TALON_N], st[L.TALON_K], st[L.DRAW_COUNT], st[L.PASSES], st[L.RECYCLES] = n, k, draw, passes or 0, recycles
    found_direct, found_recycled = reachable_splits(st)
    assert (splits(found_direct), splits(found_recycled)) == (direct, recycled)


def key_of(position: Position, rules: Rules) -> int:
    st = encode(position, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, Z, hashes)
    return int(state_key(st, Z, hashes))


def test_talon_splits_reachable_both_ways_share_a_key():
    start = position_from_number(5)
    talon = tuple(reversed(start.stock))  # turning order

    def at(k: int) -> Position:
        return start.with_changes(waste=talon[:k], stock=tuple(reversed(talon[k:])))

    n = len(talon)  # 34: draw 3 reaches 3, 6, .., 33 and 34 from the start
    three = Rules(draw=3)
    assert len({key_of(at(k), three) for k in (0, 3, 6, 33, 34)}) == 1
    assert len({key_of(at(k), three) for k in (0, 1, 2, 4)}) == 4
    assert len({key_of(at(k), Rules(draw=1)) for k in range(n + 1)}) == 1
    limited = Rules(draw=1, passes=3)  # a recycle costs a pass: every split is its own state
    assert len({key_of(at(k), limited) for k in range(n + 1)}) == n + 1
