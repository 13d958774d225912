"""The lost-state test of ``engine/lost/buried_cards.py`` (docs/dominances.md, section 6): against its plain
rewrite (``tests/oracles/stuck_columns.py``), the brute force, and the looser rule that is wrong."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import numpy as np

from canfield_solver.core.position import Position, builds_on, validate
from canfield_solver.core.rules import MOVES, Rules, crosses_base
from canfield_solver.engine.codec import encode
from canfield_solver.engine.lost.buried_cards import buried_after, buried_for_good
from canfield_solver.engine.movegen import (
    COLUMN_F,
    COLUMN_T,
    MAX_MOVES,
    RESERVE_F,
    RESERVE_T,
    TALON_F,
    TALON_T,
    generate,
    make,
    move_count,
    move_kind,
)
from canfield_solver.engine.zobrist import full_hash, make_table
from canfield_solver.formats.deal_file import position_from_dict
from tests.oracles.bruteforce import UNWINNABLE, WINNABLE
from tests.oracles.stuck_columns import stuck_cards
from tests.solving.test_crosscheck import NODES, POSITIONS, SEED, TWIN_IN_THE_TALON, is_buried, run_crosscheck

HOYLE = Rules(draw=3, worry_back=False, moves="pile", spaces="waste")
RULE_SETS = [Rules(draw=3, worry_back=back, moves=moves, spaces=spaces, tableau_order=order)
             for back, moves, spaces, order in itertools.product((False, True), MOVES,
                                                                 ("any", "waste", "waste-first"), ("cyclic", "base"))]

# Base 4: 3S (relative rank 12) lies on 4H, and 8H (relative rank 4) on 9S, each column holding a
# card the other's top waits for (4H before 8H, 9S before 3S). 3S goes only onto 4H or 4D (up),
# 8H only onto 9S or 9C (up): neither column holds a card over a lower one of its suit, yet no
# card ever leaves. Won under spaces "any", where 3S goes into an empty column.
CROSSED = {"base": "4C", "reserve": [], "tableau": [["4H", "3S"], ["9S", "8H"], [], []], "stock": [],
           "waste": ["5H", "6H", "7H", "9H", "10H", "JH", "QH", "KH", "AH", "2H", "3H",
                     "10S", "JS", "QS", "KS", "AS", "2S"], "foundations": ["3C", "3D", "8S"]}
# Base 4: KS lies on AH over 2C, 3D and 4S, the next spade, and AH's twin AD is up. Under moves
# "any" the run 3D-2C-AH-KS goes onto 4C and frees 4S: won, though KS never leaves AH until 4S is
# up. Under moves "whole" KS leaves AH only alone: lost.
RUN_AWAY = {"base": "4C", "reserve": [], "tableau": [["4S", "3D", "2C", "AH", "KS"], ["4C"], [], []], "stock": [],
            "waste": ["3S", "2S", "AS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "3C", "AC", "KC", "QC",
                      "JC", "10C", "9C", "8C", "7C", "6C", "5C", "3H", "2H", "2D"], "foundations": ["AD", "KH"]}

# Base 4, the diamonds up: the pile 4C-3H-2S goes onto 5H (over 6S). Not buried before; after it
# 3H waits for 5H and 2S for 6S, both now under them, though 4C (the base rank) waits for no card.
PILE_BURIES = {"base": "4C", "reserve": [], "tableau": [["4C", "3H", "2S"], ["6S", "5H"], [], []], "stock": [],
               "waste": ["5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2C", "3C",
                         "4H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "2H",
                         "4S", "5S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "3S"], "foundations": ["3D"]}


def random_runs(rng: random.Random, small: bool = False) -> Position:
    """A random position whose columns are long runs (up to 10 cards, often across the base rank),
    the other cards in play in the talon: the shapes where cards get stuck. ``small``: one suit
    wholly in play and 2 to 6 cards of the others, for the brute force."""
    base = rng.randrange(52)
    heights = [rng.choice((0, 0, rng.randrange(13))) for _ in range(4)]
    if small:
        heights = [13, 13, 13, 13]
        heights[rng.randrange(4)] = 0
        for _ in range(rng.randint(2, 6)):
            heights[rng.choice([suit for suit in range(4) if heights[suit] > 0])] -= 1
    cards = [suit * 13 + (base % 13 + h) % 13 for suit in range(4) for h in range(heights[suit], 13)]
    rng.shuffle(cards)
    columns = []
    for _ in range(4):
        column = [cards.pop()]
        for _ in range(rng.randrange(10)):
            fits = [card for card in cards if builds_on(card, column[-1])]
            if not fits:
                break
            column.append(rng.choice(fits))
            cards.remove(column[-1])
        columns.append(tuple(column))
    return validate(Position(base, (), tuple(columns), tuple(cards), (), tuple(heights)))


def test_kernel_matches_its_plain_rewrite():
    rng = random.Random(SEED + 8)
    flagged = 0
    for _ in range(1000):
        position = random_runs(rng)
        crossing = any(crosses_base(column[i], column[i - 1], position.base_rank)
                       for column in position.tableau for i in range(1, len(column)))
        for rules in RULE_SETS:
            if rules.tableau_order == "base" and crossing:
                continue  # a column no play makes under tableau order "base"
            assert is_buried(position, rules) == bool(stuck_cards(position, rules)), (position, rules)
        flagged += bool(stuck_cards(position, HOYLE))
    assert 200 < flagged < 800, flagged


def test_crosscheck_a_layout_buried_across_columns():
    position = position_from_dict(CROSSED)[0]
    rule_sets = [Rules(draw=3, worry_back=False, moves=moves, spaces=spaces)
                 for moves, spaces in itertools.product(MOVES, ("any", "waste", "waste-first"))
                 if moves != "pile" or spaces != "any"]  # pile with spaces "any": beyond the brute force
    assert [is_buried(position, rules) for rules in rule_sets] == [
        rules.moves != "any" and rules.spaces != "any" for rules in rule_sets]
    counts = run_crosscheck("a layout buried across columns", [("crossed", position)], 60_000, rule_sets)
    assert counts[UNWINNABLE] == 6 and counts[WINNABLE] == 2, counts


def test_crosscheck_a_run_carries_a_buried_card_away():
    # The looser rule (the same test under moves "any") calls this won layout lost.
    position = position_from_dict(RUN_AWAY)[0]
    rule_sets = [Rules(draw=1, worry_back=False, moves="any", spaces=spaces) for spaces in ("waste", "waste-first")]
    for rules in rule_sets:
        assert stuck_cards(position, rules, whole_only=False) and not is_buried(position, rules)
    assert is_buried(position, Rules(draw=1, worry_back=False, moves="whole", spaces="waste"))
    counts = run_crosscheck("a run carries a buried card away", [("run away", position)], NODES, rule_sets)
    assert counts[WINNABLE] == 2, counts


def test_crosscheck_random_layouts_with_stuck_columns():
    # Small random layouts of long runs, half of them stuck under Hoyle's rules, under every rule
    # set the test is on in: the brute force must call every flagged one lost.
    rng = random.Random(SEED + 9)
    stuck, free = [], []
    while len(stuck) < POSITIONS or len(free) < POSITIONS:
        position = random_runs(rng, small=True)
        (stuck if is_buried(position, HOYLE) else free).append(position)
    cases = [(f"stuck runs {i} (seed {SEED + 9})", position) for i, position in enumerate(stuck[:POSITIONS])]
    cases += [(f"free runs {i} (seed {SEED + 9})", position) for i, position in enumerate(free[:POSITIONS])]
    rule_sets = [Rules(draw=draw, worry_back=False, moves=moves, passes=passes, spaces=spaces)
                 for draw, moves, passes, spaces in itertools.product((1, 3), ("whole", "pile"), (None, 1),
                                                                      ("waste", "waste-first"))]
    counts = run_crosscheck(f"{2 * POSITIONS} random layouts of long runs", cases, NODES, rule_sets)
    assert counts[UNWINNABLE] >= POSITIONS * len(rule_sets) // 2 and counts[WINNABLE] >= POSITIONS, counts


def test_crosscheck_the_twin_in_the_talon_is_buried_under_pile_only():
    # 2S lies on 3H over 4S (base 4), 3H's twin 3D in the talon: under moves "whole" 3D goes into
    # an empty column and 2S onto it; under "pile" 2S leaves 3H only for its foundation.
    position = position_from_dict(TWIN_IN_THE_TALON)[0]
    rule_sets = [Rules(draw=draw, worry_back=False, moves=moves, spaces=spaces)
                 for draw, moves, spaces in itertools.product((1, 3), ("whole", "pile"), ("waste", "waste-first"))]
    assert [is_buried(position, rules) for rules in rule_sets] == [rules.moves == "pile" for rules in rule_sets]
    assert stuck_cards(position, HOYLE) == {position.tableau[0][2]}
    counts = run_crosscheck("the twin in the talon", [("twin in the talon", position)], 60_000, rule_sets)
    assert counts[UNWINNABLE] == 4 and counts[WINNABLE] == 4, counts


def test_crosscheck_random_layouts_stuck_under_pile_only():
    # Small random layouts of long runs that the test calls stuck under moves "pile" and not under
    # "whole" (a stuck card's twin neither up nor covered): lost under every "pile" rule set, by the
    # brute force, and some of them won under "whole", where the twin's condition is needed.
    rng = random.Random(SEED + 10)
    whole = Rules(draw=3, worry_back=False, moves="whole", spaces="waste")
    cases = []
    for _ in range(200 * POSITIONS):  # about one layout in twenty is one
        position = random_runs(rng, small=True)
        if is_buried(position, HOYLE) and not is_buried(position, whole):
            cases.append((f"stuck under pile {len(cases)} (seed {SEED + 10})", position))
            if len(cases) == POSITIONS:
                break
    assert len(cases) == POSITIONS, f"only {len(cases)} layouts stuck under pile and not under whole"
    pile = [Rules(draw=draw, worry_back=False, moves="pile", passes=passes, spaces=spaces)
            for draw, passes, spaces in itertools.product((1, 3), (None, 1), ("waste", "waste-first"))]
    counts = run_crosscheck(f"{POSITIONS} random layouts stuck under pile only", cases, NODES, pile)
    assert counts[UNWINNABLE] >= 0.8 * POSITIONS * len(pile) and counts[WINNABLE] == 0, counts
    counts = run_crosscheck(f"{POSITIONS} random layouts stuck under pile only, under whole", cases, NODES,
                            [replace(rules, moves="whole") for rules in pile])
    assert counts[WINNABLE] >= 1, counts


def with_reserve(position: Position, rng: random.Random) -> Position:
    """``position`` with up to 6 of its talon cards moved to a reserve, for reserve plays."""
    talon = list(position.stock)
    rng.shuffle(talon)
    count = rng.randrange(min(7, len(talon) + 1))
    return validate(replace(position, reserve=tuple(talon[:count]), stock=tuple(talon[count:])))


def test_buried_after_a_move_is_the_whole_test_of_the_state_it_enters():
    # The search asks buried_after of a state entered from one not buried for good: only a move
    # putting a card on a column's card can bury one (and under moves "whole" a card going up),
    # and a card put alone is in every stuck set (docs/dominances.md, section 6). Every legal
    # move of random layouts of long runs, with a reserve, under every rule set the test is on in.
    rng = random.Random(SEED + 11)
    z = make_table()
    hashes = np.zeros(5, dtype=np.uint64)
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    rule_sets = [rules for rules in RULE_SETS if not rules.worry_back and rules.moves != "any" and rules.spaces != "any"]
    counts: Counter = Counter()
    for _ in range(1000):
        position = with_reserve(random_runs(rng), rng)
        crossing = any(crosses_base(column[i], column[i - 1], position.base_rank)
                       for column in position.tableau for i in range(1, len(column)))
        for rules in rule_sets:
            if rules.tableau_order == "base" and crossing:
                continue  # a column no play makes under tableau order "base"
            st = encode(position, rules)
            if buried_for_good(st):
                continue
            full_hash(st, z, hashes)
            for move in out[: generate(st, out)].copy():
                child, child_hashes = st.copy(), hashes.copy()
                make(child, child_hashes, z, move)
                buried = bool(buried_for_good(child))
                assert bool(buried_after(child, move)) == buried, (position, rules, move)
                counts[move_kind(move), rules.moves, buried] += 1
    for kind in (TALON_T, COLUMN_T):
        assert counts[kind, "pile", True] >= 20 and counts[kind, "whole", True] >= 20, counts  # they bury cards often
    assert counts[RESERVE_T, "pile", True] + counts[RESERVE_T, "whole", True] >= 5, counts  # and a reserve card
    assert sum(counts[kind, "whole", True] for kind in (RESERVE_F, TALON_F, COLUMN_F)) >= 1, counts  # a twin gone up
    assert sum(count for (_, _, buried), count in counts.items() if not buried) >= 10_000, counts


def test_buried_after_a_pile_move_checks_every_card_moved():
    # Every stuck set after a pile is put on a column holds one of its cards, not always its
    # bottom one (docs/dominances.md, section 6): here 4C, at the bottom, waits for no card.
    position = position_from_dict(PILE_BURIES)[0]
    z, hashes, out = make_table(), np.zeros(5, dtype=np.uint64), np.zeros(MAX_MOVES, dtype=np.int32)
    for rules in (HOYLE, replace(HOYLE, moves="whole")):
        st = encode(position, rules)
        assert not buried_for_good(st)
        full_hash(st, z, hashes)
        piles = [move for move in out[: generate(st, out)] if move_kind(move) == COLUMN_T and move_count(move) == 3]
        assert len(piles) == 1, rules
        make(st, hashes, z, piles[0])
        assert buried_for_good(st) and buried_after(st, piles[0]), rules
