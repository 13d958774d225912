"""The transposition table doubles in place (``table.grown``): every key stays where a probe finds it."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from numba import njit

from canfield_solver.core.limits import Limits
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine import table
from canfield_solver.engine.driver import search_win
from canfield_solver.engine.table import MAX_LOAD, RELEASED, SLOT_BYTES, doubled, find_slot, give_back, grown, insert, new_table, small_table
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.solver import solve


@njit(nogil=True)
def _insert_all(slots, meta, keys):
    """``insert`` each key; how many were new."""
    added = 0
    for key in keys:
        added += insert(slots, meta, key)
    return added


def _full_table(slots_count: int, keys: np.ndarray, room: int = 8):
    """A table of ``slots_count`` slots with room to double ``room`` times over, holding ``keys``."""
    slots, meta = new_table(room * slots_count * SLOT_BYTES, slots_count * SLOT_BYTES)
    assert _insert_all(slots, meta, keys) == len(keys)
    return slots, meta


def _assert_holds_exactly(slots, meta, keys):
    assert meta[0] == len(keys) == np.count_nonzero(slots)
    assert np.array_equal(np.sort(slots[slots != 0]), np.sort(keys))
    assert _insert_all(slots, meta, keys) == 0  # each key is found where a probe for it looks
    assert meta[0] == len(keys)


def _keys_at(homes, slots_count: int, generator) -> np.ndarray:
    """Distinct keys whose home in a table of ``slots_count`` slots is each of ``homes``; their next bit
    (their home once the table doubles) at random."""
    high = generator.integers(1, 2**40, size=len(homes), dtype=np.uint64) * np.uint64(slots_count)
    return high + np.asarray(homes, dtype=np.uint64)


def test_a_table_doubled_in_place_holds_every_key_once():
    generator = np.random.default_rng(11)
    n = 1 << 12
    keys = np.unique(generator.integers(1, 2**63, size=int(n * MAX_LOAD), dtype=np.uint64))
    slots, meta = _full_table(n, keys)
    bigger, meta = grown(slots, meta)
    assert bigger.shape[0] == 2 * n and meta[1] == int(2 * n * MAX_LOAD)
    _assert_holds_exactly(bigger, meta, keys)


def _ranked(family: int, rank: int) -> np.uint64:
    """The key of ``family`` (a hash) with ``rank`` in its top bits (``zobrist.finished_key``)."""
    return np.uint64(family | rank << 64 - int(table.RANK_BITS))


def test_a_family_keeps_the_lowest_rank_added_in_one_slot_and_after_doubling():
    slots, meta = new_table(4 * 1024 * SLOT_BYTES, 1024 * SLOT_BYTES)
    family, other = 0x123456789A, 0x123456789A + 1024  # one home: each probe meets the other's slot
    assert _insert_all(slots, meta, np.array([_ranked(family, 5)])) == 1
    assert _insert_all(slots, meta, np.array([_ranked(other, 7)])) == 1
    assert _insert_all(slots, meta, np.array([_ranked(family, 5), _ranked(family, 9)])) == 0  # no higher rank
    assert _insert_all(slots, meta, np.array([_ranked(family, 2)])) == 1  # a lower one takes its slot
    assert meta[0] == 2 and sorted(slots[slots != 0]) == sorted([_ranked(family, 2), _ranked(other, 7)])
    assert _insert_all(slots, meta, np.array([_ranked(family, 3), _ranked(other, 8)])) == 0
    assert _insert_all(slots, meta, np.array([_ranked(other, 0)])) == 1  # past the other family's slot
    slots, meta = grown(slots, meta)
    assert meta[0] == 2 and sorted(slots[slots != 0]) == sorted([_ranked(family, 2), _ranked(other, 0)])
    assert _insert_all(slots, meta, np.array([_ranked(family, 2), _ranked(family, 15), _ranked(other, 0)])) == 0
    assert _insert_all(slots, meta, np.array([_ranked(family, 1)])) == 1 and meta[0] == 2


@pytest.mark.parametrize("seed", range(6))
def test_clusters_that_wrap_round_the_end_survive_doubling(seed):
    """Keys homed in the last slots overflow into the first ones, and long runs cross slots whose keys
    move to the new half: the cases the order of ``grown`` is there for."""
    generator = np.random.default_rng(seed)
    n = 1 << 10
    homes = [n - 1 - (i % 7) for i in range(40)] + [100 + (i % 5) for i in range(60)]
    homes += list(generator.integers(0, n, size=int(n * MAX_LOAD) - len(homes)))
    keys = np.unique(_keys_at(homes, n, generator))
    slots, meta = _full_table(n, keys)
    assert slots[0] != 0  # the run at the end really wraps round to the start
    for _ in range(3):
        slots, meta = grown(slots, meta)
        _assert_holds_exactly(slots, meta, keys)
        more = np.unique(_keys_at(generator.integers(0, slots.shape[0], size=slots.shape[0] // 4), slots.shape[0], generator))
        more = more[~np.isin(more, keys)]
        assert _insert_all(slots, meta, more) == len(more)
        keys = np.concatenate([keys, more])
        _assert_holds_exactly(slots, meta, keys)


@pytest.mark.parametrize("parts", [2, 3])
def test_pages_touched_on_several_threads_change_nothing(parts):
    keys = np.unique(np.random.default_rng(6).integers(1, 2**63, size=150_000, dtype=np.uint64))
    slots, meta = _full_table(1 << 18, keys)
    with ThreadPoolExecutor(parts - 1) as pool:
        bigger, meta = grown(slots, meta, pool, parts)
    assert bigger.shape[0] == 2 * slots.shape[0]
    _assert_holds_exactly(bigger, meta, keys)


def test_a_table_without_room_says_so():
    slots, meta = new_table(1 << 16)
    with pytest.raises(ValueError, match="no room to double"):
        grown(slots, meta)


def test_a_system_that_maps_less_memory_ends_the_search_at_memory(monkeypatch):
    """Where the system refuses to map all of ``--memory`` (a small machine, strict overcommit),
    the table is mapped smaller and the search ends "unknown" at its limit, not with an error."""
    mapped = table._zeroed
    refused = []

    def small_system(size, huge=True):
        if size > 4 << 20:
            refused.append(size)
            raise OSError(12, "Cannot allocate memory")
        return mapped(size, huge)

    monkeypatch.setattr(table, "_zeroed", small_system)
    monkeypatch.setattr(table, "_given_back", [])  # no mapping an earlier search gave back
    slots, meta = new_table(64 << 20, 1 << 20)
    assert slots.shape[0] == (1 << 20) // SLOT_BYTES and slots.base.shape[0] == (4 << 20) // SLOT_BYTES
    result = solve(position_from_code("CF1-D3-AAAAABJ"), Rules(draw=3, worry_back=False, tableau_order="base"),
                   limits=Limits(memory=64 << 20, threads=1))
    assert refused and result.verdict == Verdict.UNKNOWN and result.limit_hit == LimitHit.MEMORY


@pytest.mark.parametrize("release", [True, False])
def test_a_table_given_back_is_emptied_and_taken_by_the_next_table_of_its_size(monkeypatch, release):
    """A batch worker solves deal after deal: the mapping of a table no search uses any more, its
    pages touched, is kept for the next table of its size, every slot 0 (the first ``RELEASED``
    bytes given back to the system on Linux, ``release``, and emptied elsewhere; the rest emptied)."""
    monkeypatch.setattr(table, "_given_back", [])
    monkeypatch.setattr(table, "RELEASE_ZEROES", release and table.RELEASE_ZEROES)
    keys = np.unique(np.random.default_rng(8).integers(1, 2**63, size=600_000, dtype=np.uint64))
    slots, meta = _full_table(1 << 20, keys)  # 8 MiB: past RELEASED
    assert slots.nbytes > RELEASED
    slots, meta = grown(slots, meta)
    room = slots.base
    give_back(slots)
    assert not room.any()
    other, _ = new_table(4 * (1 << 20) * SLOT_BYTES, 1 << 20)  # another size: a new mapping
    assert other.base is not room and table._given_back[0] is room
    again, again_meta = new_table(8 * (1 << 20) * SLOT_BYTES, (1 << 20) * SLOT_BYTES)
    assert again.base is room and again.shape[0] == 1 << 20 and again_meta[0] == 0
    assert not table._given_back
    assert _insert_all(again, again_meta, keys[:1000]) == 1000  # the table taken again works as a new one
    _assert_holds_exactly(again, again_meta, keys[:1000])


def test_a_search_in_a_table_an_earlier_search_gave_back_searches_as_in_a_new_one(monkeypatch):
    """The same won deal twice in one process, the second time in the table the first gave back:
    a key left there would have the second search skip its states and call the deal lost."""
    monkeypatch.setattr(table, "_given_back", [])
    code, rules, limits = "CF1-D3-AAAAADE", Rules(draw=3, worry_back=False, tableau_order="base"), Limits(memory=64 << 20, threads=1)
    first = search_win(position_from_code(code), rules, limits)
    room = table._given_back[0]
    again = search_win(position_from_code(code), rules, limits)
    assert table._given_back[0] is room  # the second search took it and gave it back
    assert first.verdict == Verdict.WINNABLE and first.nodes > 10_000
    assert (again.verdict, again.nodes, list(again.moves)) == (first.verdict, first.nodes, list(first.moves))


def test_a_small_table_doubles_into_huge_pages_once_large_and_keeps_its_keys(monkeypatch):
    """The tests' tables (``small_table``, doubled while half full) take ordinary pages while small,
    where a solve with few tests touches few pages, and huge pages from ``HUGE_FROM`` bytes, where
    in ordinary pages nearly every probe would miss the TLB as well as the cache."""
    mapped = table._zeroed
    asked = []

    def recorded(size, huge=True):
        asked.append((size, huge))
        return mapped(size, huge)

    monkeypatch.setattr(table, "_zeroed", recorded)
    keys = np.unique(np.random.default_rng(5).integers(1, 1 << 62, size=400_000)).astype(np.uint64)
    slots, meta = small_table(1 << 12)
    for part in np.array_split(keys, 400):
        assert _insert_all(slots, meta, part) == len(part)
        while meta[0] > meta[1] // 2:
            slots, meta = doubled(slots, meta)
    assert [huge for _, huge in asked] == [size >= table.HUGE_FROM for size, _ in asked]
    assert not asked[0][1] and asked[-1][1] and slots.nbytes > table.HUGE_FROM
    assert meta[0] == len(keys) and all(slots[find_slot(slots, key)] == key for key in keys[::97])
