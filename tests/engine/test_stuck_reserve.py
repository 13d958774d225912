"""The lost-state test of ``engine/lost/stuck_reserve.py`` (docs/dominances.md, section 5): against its plain
rewrite (``tests/oracles/relaxed_reserve.py``), the brute force, and the looser games that are wrong."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from canfield_solver.core.position import Position
from canfield_solver.core.referee import apply
from canfield_solver.core.rules import Rules
from canfield_solver.engine.codec import decode, encode
from canfield_solver.engine.lost.stuck_reserve import lost_after, reserve_stuck
from canfield_solver.engine.movegen import COLUMN_F, MAX_MOVES, RESERVE_F, RESERVE_T, TALON_F, TALON_T, generate, make, move_kind, move_target, unmake
from canfield_solver.engine.search import set_talon_waits
from canfield_solver.engine.zobrist import full_hash, make_table
from canfield_solver.formats.codes import position_from_code, position_from_number
from canfield_solver.formats.deal_file import position_from_dict
from canfield_solver.solving.solver import solve
from tests.oracles.bruteforce import UNKNOWN, UNWINNABLE, WINNABLE, bruteforce, random_small_layout, referee_moves
from tests.oracles.relaxed_reserve import may_go_up, stuck
from tests.support.positions import has_a_build_across_the_base

# The game reads only foundation returns, the tableau order and the column moves of the rule options.
GAME_RULES = [Rules(draw=3, worry_back=back, tableau_order=order, moves=moves)
              for back, order, moves in itertools.product((False, True), ("cyclic", "base"), ("any", "whole", "pile"))]
# Where cards can be buried for good (docs/dominances.md, section 6).
CASINO_LIKE = [Rules(draw=3, worry_back=False, moves=moves, spaces=spaces)
               for moves, spaces in itertools.product(("whole", "pile"), ("waste", "waste-first"))]
# The rest of the options, each of which a stuck layout must be lost under.
OTHER_OPTIONS = [dict(draw=1), dict(draw=3), dict(draw=3, moves="whole"), dict(draw=1, passes=1),
                 dict(draw=3, spaces="waste"), dict(draw=3, spaces="waste-first")]
# The options beside moves "pile" (and foundation returns and the tableau order).
PILE_OPTIONS = [dict(draw=1), dict(draw=3), dict(draw=1, passes=1), dict(draw=3, spaces="waste"),
                dict(draw=1, spaces="waste-first")]


def kernel_stuck(position: Position, rules: Rules) -> bool:
    return bool(reserve_stuck(encode(position, rules)))


def small_layout(rng: random.Random) -> Position:
    """A random small layout, legal under both tableau orders (no column builds across the base)."""
    while True:
        position = random_small_layout(rng, rng.randint(4, 14), low_suits=rng.choice((0, 2)))
        if not has_a_build_across_the_base(position):
            return position


def test_the_kernel_plays_the_game_of_the_plain_rewrite():
    rng = random.Random(5)
    positions = [small_layout(rng) for _ in range(150)]
    positions += [position_from_number(rng.randrange(26**7)) for _ in range(150)]
    positions += [random_small_layout(rng, rng.randint(14, 30)) for _ in range(100)]
    counts: Counter = Counter()
    for position in positions:
        for rules in GAME_RULES:
            got = kernel_stuck(position, rules)
            assert got == stuck(position, rules), (position, rules)
            counts[got] += 1
    assert counts[True] >= 40 and counts[False] >= 1000, counts


def test_layouts_the_game_calls_stuck_are_lost_under_every_rule_option():
    rng = random.Random(6)
    counts: Counter = Counter()
    while counts[UNWINNABLE] < 60:
        position = small_layout(rng)
        for back, order in itertools.product((False, True), ("cyclic", "base")):
            if not stuck(position, Rules(worry_back=back, tableau_order=order)):
                continue
            rules = Rules(worry_back=back, tableau_order=order, **rng.choice(OTHER_OPTIONS))
            verdict = bruteforce(position, rules, 20_000).verdict
            assert verdict != WINNABLE, (position, rules)
            counts[verdict] += 1
    assert counts[UNKNOWN] <= 6, counts


def brute_force_verdicts(seed: int, tries: int, moves: str, only_stuck_by, options: list[dict], wanted: int) -> Counter:
    """The brute force's verdicts, each under its game's options and one of ``options``, on random
    small layouts that ``only_stuck_by(position, game)`` says one part of the game alone calls
    stuck, until ``wanted`` are lost; the game's foundation returns and tableau order at random.
    (A game stuck under moves "any" is stuck under "whole" and "pile", which only take tops away.)"""
    rng = random.Random(seed)
    counts: Counter = Counter()
    for _ in range(tries):
        position = small_layout(rng)
        back, order = rng.choice(((False, "cyclic"), (False, "base"), (True, "cyclic"), (True, "base")))
        game = Rules(worry_back=back, tableau_order=order, moves=moves)
        if not only_stuck_by(position, game):
            continue
        rules = replace(game, **rng.choice(options))
        verdict = bruteforce(position, rules, 20_000).verdict
        assert verdict != WINNABLE, (position, rules)
        counts[verdict] += 1
        if counts[UNWINNABLE] >= wanted:
            break
    return counts


def test_layouts_only_buried_cards_make_stuck_are_lost():
    # The part of the game that a card under cards that may not leave adds (docs/dominances.md,
    # section 5): layouts it alone calls stuck, asked of the brute force under every rule option.
    def only_buried(position: Position, game: Rules) -> bool:
        if not stuck(position, game) or stuck(position, game, buried=False):
            return False
        assert kernel_stuck(position, game)
        return True

    counts = brute_force_verdicts(8, 40_000, "any", only_buried, OTHER_OPTIONS, 30)
    assert counts[UNWINNABLE] >= 30 and counts[UNKNOWN] <= 10, counts


def test_layouts_only_the_pile_rule_makes_stuck_are_lost():
    # Under moves "pile" a card with a card under it never moves onto a column, so the cards under
    # it become tops only when it goes up (docs/dominances.md, section 5): layouts that this alone
    # calls stuck, asked of the brute force under moves "pile" and every other option.
    def only_pile(position: Position, game: Rules) -> bool:
        if not kernel_stuck(position, game) or kernel_stuck(position, replace(game, moves="any")):
            return False
        assert stuck(position, game) and not stuck(position, replace(game, moves="any"))
        return True

    counts = brute_force_verdicts(9, 200_000, "pile", only_pile, PILE_OPTIONS, 20)
    assert counts[UNWINNABLE] >= 20 and counts[UNKNOWN] <= 5, counts


# Won layouts that a game looser than the one of docs/dominances.md, section 5, calls stuck, each
# found by a random search over tests/bruteforce.random_small_layout (the cheapest of its kind):
# the layout, its rules, and the looser game's rules (None: the same) and switches.
LOOSER = {
    # 7D leaves only into a column that 5H or 6D empties by going onto a black 6 or 7.
    "without the refill": (
        {"base": "8C", "reserve": ["4H", "6H", "7D"], "tableau": [["6D"], ["5H"], ["7H"], ["5D"]], "stock": [],
         "foundations": ["7C", "4D", "3H", "7S"]},
        Rules(draw=3, worry_back=False), None, dict(refills=False)),
    # A parent of a reserve card reaches a column only by being built onto cards that get there first.
    "without the chains onto column tops": (
        {"base": "7D", "reserve": ["3S", "AS", "5H", "3D", "6S", "6D"],
         "tableau": [["KS"], ["4D"], ["6H"], ["5D", "4S"]], "stock": ["5S", "2S"],
         "foundations": ["6C", "2D", "4H", "QS"]},
        Rules(draw=3, worry_back=False), None, dict(chains=False)),
    # The reserve empties only onto a card taken back from a foundation.
    "with the cards up for good despite returns": (
        {"base": "10D", "reserve": ["4C", "8D", "7C", "9D", "9H", "9C", "8S"],
         "tableau": [["8C"], ["6C"], ["9S"], ["5C"]], "stock": [], "foundations": ["3C", "7D", "8H", "7S"]},
        Rules(draw=3, worry_back=True), None, dict(returns=False)),
    # Won by moving 8D, with the run on it, off 9S (the 11th move of its solution): under moves
    # "any" a card with a card under it moves onto a column, and the game of moves "pile" is wrong.
    "with the column moves of \"pile\" under moves \"any\"": (
        {"base": "QS", "reserve": ["7D", "QC", "3D", "10S", "2C", "JS", "JD", "9H", "8S", "5D", "AC", "6C", "9C"],
         "tableau": [["4D", "3C"], ["7C", "6D"], ["5C"], ["9S", "8D"]],
         "stock": ["QD", "JC", "10C", "10H", "AD", "10D", "9D", "JH", "4C", "2D", "8C", "KD"], "waste": ["KC"],
         "foundations": ["8H", "7S"]},
        Rules(draw=3, worry_back=False, tableau_order="base"),
        Rules(draw=3, worry_back=False, tableau_order="base", moves="pile"), {}),
    # Won only by building a card of relative rank 12 on one of relative rank 0, as the cyclic order lets.
    "with the base order's ranks under the cyclic order": (
        {"base": "6C", "reserve": ["9C", "2H", "AC", "6C", "4C", "3H", "8C", "JC", "9H", "4S", "10H", "5S"],
         "tableau": [["KH", "QC"], ["KC"], ["4H", "3S"], ["7C"]], "stock": ["QH", "7H", "5H"],
         "waste": ["5C", "2C", "10C", "6H", "8H", "JH", "AH", "5D", "2S", "4D", "3C"], "foundations": ["3D", "AS"],
         "recycles": 1},
        Rules(draw=3, worry_back=False), Rules(draw=3, worry_back=False, tableau_order="base"), {}),
}


@pytest.mark.parametrize("name", LOOSER)
def test_a_looser_game_calls_a_won_layout_stuck(name):
    data, rules, looser_rules, looser = LOOSER[name]
    position = position_from_dict(data)[0]
    assert stuck(position, looser_rules or rules, **looser)
    assert not stuck(position, rules) and not kernel_stuck(position, rules)
    assert bruteforce(position, rules, 10_000).verdict == WINNABLE
    assert solve(position, rules).verdict == "winnable"


@pytest.mark.parametrize("code", ["CF1-D3-AAAAAJL", "CF1-D3-AAAAAHW"])
def test_deals_stuck_at_the_start_are_lost_at_once_under_the_base_order(code):
    # docs/dominances.md, section 5, follows CF1-D3-AAAAAJL's game to its stuck reserve.
    position = position_from_code(code)
    rules = Rules(draw=3, worry_back=False, tableau_order="base")
    assert kernel_stuck(position, rules)
    result = solve(position, rules)
    assert result.verdict == "unwinnable" and result.nodes == 1
    # Under the cyclic order a card of relative rank 12 has parents, and the game goes through.
    assert not kernel_stuck(position, Rules(draw=3, worry_back=False))


def random_play(position: Position, rules: Rules, rng: random.Random, moves: int) -> Position:
    for _ in range(moves):
        legal = referee_moves(position, rules)
        if not legal:
            break
        position = apply(position, rng.choice(legal), rules)
    return position


ASKED = (RESERVE_F, "refill", TALON_T, RESERVE_T)  # the moves lost_after asks after (a refill: any move's)


def test_the_moves_lost_after_skips_never_make_the_game_stuck():
    # lost_after asks after a reserve card played up, a refill, and a reserve card put onto a
    # column when that card cannot go up, and a talon card too where talon plays wait (draw 1)
    # under the cyclic order. Of the moves it skips, moves between columns without a refill,
    # foundation returns and talon or reserve cards that can go up never make the game stuck
    # (docs/dominances.md, section 5); foundation moves from a column or the talon, and the other
    # talon cards that cannot go up put onto a column, can, but seldom (asking after them cost
    # more time than it pruned). Where cards can be buried for good (the casino's rules) and talon
    # plays do not wait (draw 3), it asks after a reserve card played up alone: refills and reserve
    # cards put on a column are skipped there, though they can make the game stuck.
    rng = random.Random(7)
    z = make_table()
    hashes = np.zeros(5, dtype=np.uint64)
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    counts: Counter = Counter()
    rule_sets = GAME_RULES + [replace(rules, draw=1) for rules in GAME_RULES] + CASINO_LIKE
    rule_sets += [replace(rules, draw=1) for rules in CASINO_LIKE]  # talon plays wait: asked as elsewhere
    for number in range(10000):
        rules = rule_sets[number % len(rule_sets)]
        if number % 10 == 0:
            position = random_play(position_from_number(rng.randrange(26**7)), rules, rng, rng.randrange(40))
        else:
            position = small_layout(rng)
        st = encode(position, rules)
        set_talon_waits(st, True)  # as the search sets it: on under draw 1 with unlimited passes
        if reserve_stuck(st):
            continue
        full_hash(st, z, hashes)
        talon_asked = rules.draw == 1 and rules.tableau_order == "cyclic"  # where talon plays wait
        buried = rules in CASINO_LIKE
        for move in out[: generate(st, out)].copy():
            undo = make(st, hashes, z, move)
            kind = move_kind(move)
            now_stuck = bool(reserve_stuck(st))
            after = decode(st, position.base_rank)
            placed = after.tableau[move_target(move)][-1] if kind == RESERVE_T or (kind == TALON_T and talon_asked) else None
            asked = kind == RESERVE_F or (not buried and ((undo >> 8) & 1 == 1
                                                          or (placed is not None and not may_go_up(placed, after, after.reserve))))
            assert lost_after(st, move, undo) == (asked and now_stuck)
            if not asked and kind not in (COLUMN_F, TALON_F, TALON_T) and not buried:
                assert not now_stuck
            label = "refill" if (undo >> 8) & 1 == 1 else kind if asked else "skipped"
            if buried and not asked:
                label = "skipped where cards can be buried"
            counts[label, now_stuck] += 1
            unmake(st, hashes, z, move, undo)
    assert counts["skipped", False] >= 1000, counts
    assert min(counts[label, True] for label in ASKED) >= 1, counts  # each move asked after makes some stuck
    assert sum(counts[label, True] for label in ASKED) >= 50, counts
    assert counts["skipped where cards can be buried", True] >= 1, counts  # a stuck game there goes unasked
