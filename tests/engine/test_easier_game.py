"""The easier game tried on the states a search enters (``engine/lost/easier_game.py``, docs/dominances.md,
section 9): its table keeps only states proved lost, and its answers agree with fresh searches."""

import random

import numpy as np
from numba import njit

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import PRESETS
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.engine.codec import encode
from canfield_solver.engine.driver import _keys, search_win
from canfield_solver.engine.lost import easier_game as easier
from canfield_solver.engine.lost.easier_game import EasierTests, easier_lost, take_out
from canfield_solver.engine.table import SLOT_BYTES, insert, new_table
from canfield_solver.engine.zobrist import full_hash
from canfield_solver.formats.codes import position_from_number
from canfield_solver.solving.solver import solve


@njit(nogil=True)
def _insert_logged(slots, meta, keys, log):
    """``insert`` each key, logging the new ones as ``run`` does."""
    for key in keys:
        if insert(slots, meta, key) == 1:
            log[0] += 1
            log[log[0]] = key


def test_take_out_leaves_the_table_as_it_was():
    # Keys crowded into few homes, so that the keys taken out sit inside probe runs of keys that
    # stay, and runs wrap round the end of the table.
    rng = np.random.default_rng(7)
    for _ in range(20):
        slots, meta = new_table(1024 * SLOT_BYTES)
        homes = rng.choice([0, 1, 2, 1020, 1021, 1023], size=500)
        keys = np.unique(homes.astype(np.uint64) + np.uint64(1024) * rng.integers(1, 1 << 40, size=500).astype(np.uint64))
        rng.shuffle(keys)
        kept, added = keys[:200], keys[200:600]
        log = np.zeros(len(keys) + 1, dtype=np.uint64)
        _insert_logged(slots, meta, kept, log)
        before, count = slots.copy(), int(meta[0])
        log[0] = 0
        _insert_logged(slots, meta, np.concatenate([added, kept[:50]]), log)  # keys already in are not logged
        assert log[0] == len(added)
        take_out(slots, meta, log)
        assert np.array_equal(slots, before) and meta[0] == count and log[0] == 0


def _random_play(rng: random.Random, rules: Rules, moves: int):
    """The positions of random play from a random deal, foundation moves first."""
    position = position_from_number(rng.randrange(26**7))
    positions = [position]
    for _ in range(moves):
        legal = legal_moves(position, rules)
        if not legal:
            break
        up = [move for move in legal if move.target == "foundation"]
        position = apply(position, rng.choice(up or legal), rules)
        positions.append(position)
    return positions


def _lost(tests: EasierTests, st: np.ndarray) -> bool:
    hashes = np.zeros(5, dtype=np.uint64)
    full_hash(st, _keys(), hashes)
    t = tests.inner
    return easier_lost(st, hashes, _keys(), t.st, t.hashes, t.slots, t.meta, t.moves, t.keys, t.first, t.counts,
                       t.next, t.path, t.undo, t.control, t.best, t.best_path, tests.won, tests.won_meta, tests.log,
                       tests.tally)


def test_every_state_a_test_calls_lost_is_lost_under_the_easier_game():
    # One set of tests, kept from state to state as a search keeps it, asked about the states of
    # random games under Solvitaire's rules and the same with one pass: each state it calls lost
    # is lost under draw 1 with unlimited passes by a fresh search of its own (no tests, a new
    # table); so a key that a test which did not end lost failed to take out would show.
    rng = random.Random(2026)
    for rules in (PRESETS["solvitaire"].rules, Rules(draw=3, passes=1, tableau_order="base", worry_back=False)):
        easier_rules = Rules(draw=1, worry_back=rules.worry_back, tableau_order="base")
        tests = EasierTests(_keys(), 1 << 30)
        answers = {True: 0, False: 0}
        while answers[True] < 40 or answers[False] < 40:
            for position in _random_play(rng, rules, rng.randint(20, 80)):
                lost = _lost(tests, encode(position, rules))
                answers[lost] += 1
                if lost:
                    fresh = search_win(position, easier_rules, Limits(max_nodes=2_000_000), dominance=True)
                    assert fresh.verdict == Verdict.UNWINNABLE, position
        assert tests.tally[easier.LOST] > 0 and tests.tally[easier.TESTS] > tests.tally[easier.LOST]


def test_a_state_a_test_proved_lost_is_answered_from_the_table_without_a_new_test():
    # The key a test looks up first (from the state's own hashes, split class 0) must be the key
    # its search stored for the easier game's copy of the state, recycles count left out: with
    # passes limited too, a state asked about again is answered at once.
    rng = random.Random(19)
    for rules in (PRESETS["solvitaire"].rules, Rules(draw=3, passes=1, tableau_order="base", worry_back=False)):
        tests = EasierTests(_keys(), 1 << 30)
        answered = 0
        while answered < 10:
            for position in _random_play(rng, rules, rng.randint(20, 80)):
                st = encode(position, rules)
                if _lost(tests, st):
                    made = int(tests.tally[easier.TESTS])
                    assert _lost(tests, st) and tests.tally[easier.TESTS] == made, position
                    answered += 1


def test_the_tests_prove_a_hard_deal_lost_in_a_tenth_of_its_states():
    # CF1-D3-XBNHQOG under Solvitaire's rules: lost in 15,761,686 states without the tests; with
    # them a state entered by a talon play is often lost under draw 1 already.
    result = solve("CF1-D3-XBNHQOG", PRESETS["solvitaire"].rules, limits=Limits(threads=1))
    assert result.verdict == "unwinnable" and result.nodes < 1_600_000, result.nodes


def test_the_tests_tables_grow_to_a_32nd_of_the_memory_and_keep_what_they_proved(made_tests):
    # Each of the tests' tables may double up to a 32nd of the search's memory: at 8 MiB the
    # table of states proved lost filled on long lost deals and was emptied, and the tests then
    # proved the same states again (CHANGELOG.md, on the tests' tables). CF1-D3-XBNHQOG
    # searched with 64 MiB (tables of 2 MiB at most, which fill) and with 1 GiB: the same
    # verdict, and with room to keep what they proved the tests search fewer states.
    for memory, most in ((1 << 30, 1 << 22), (64 << 20, 1 << 18), (1 << 16, easier.FIRST_SLOTS)):
        tests = EasierTests(_keys(), memory)
        assert tests.tally[easier.MOST_LOST] == tests.tally[easier.MOST_WON] == most
        assert tests.another().tally[easier.MOST_LOST] == most
    made = made_tests
    spent, slots = {}, {}
    for memory in (64 << 20, 1 << 30):
        result = solve("CF1-D3-XBNHQOG", PRESETS["solvitaire"].rules, limits=Limits(threads=1, memory=memory))
        assert result.verdict == "unwinnable"
        spent[memory], slots[memory] = int(made[-1].tally[easier.SPENT]), made[-1].inner.slots.shape[0]
    assert slots[64 << 20] == 1 << 18 < slots[1 << 30], slots
    assert spent[1 << 30] < 0.9 * spent[64 << 20], spent
