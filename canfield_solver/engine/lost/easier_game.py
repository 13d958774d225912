"""The easier game tried on the states a search enters (docs/dominances.md, section 9).

Under tableau order "base" with draw 3 or limited passes (Solvitaire's rules), a position lost
under draw 1 with unlimited passes is lost under its own rules (section 7), and that holds for
every state a search enters, not only for its start. So each state the search enters by a talon
play onto a column (on one deal, every state that such a test proved lost was entered so) is
searched again under the easier game for at most ``TEST_STATES`` states; when that search ends
without a win, the state is lost and gets no moves.

What keeps a test cheap:

- its goal is an empty reserve, from which foundation moves alone win under draw 1 with
  unlimited passes and tableau order "base" (``layout.RESERVE_GOAL``);
- its table (which starts small and doubles, so that a solve with few tests touches few pages)
  is kept from test to test and holds only states proved lost: a test that does not
  end without a win takes the keys it added out again (``take_out``), so a later test that meets
  a state some test proved lost skips it, and one that starts on it is answered at once;
- the easier game's keys of the states some test found won are kept (``won``) and answer a test
  that starts on one at once.

Tests are spent while their states stay within ``FREE_STATES``, a ``SEARCH_SHARE``-th of the
search's own and ``LOST_CREDIT`` for each state they proved lost (each test counts
``TEST_COST`` states more, its fixed cost); past that the search runs untested until the share
catches up.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import in_the_tests, kernel
from canfield_solver.engine.search import DEPTH, EXHAUSTED, NODES, PAUSED, RUNNING, STATUS, TABLE_FULL, WON, SearchArrays, run
from canfield_solver.engine.table import SLOT_BYTES, doubled, find_slot, insert, prefetch, small_table
from canfield_solver.engine.zobrist import key_with_split, recycles_hash

TEST_STATES = 2_000  # a test's cap: lost tests took 26 states (median) on one deal, won ones stop early
FREE_STATES = 20_000
SEARCH_SHARE = 16
LOST_CREDIT = 50
TEST_COST = 2
FIRST_SLOTS = 1 << 12  # both tables start at 32 KiB and double while half full, ...
MEMORY_SHARE = 32  # ... each up to a 32nd of the search's memory (emptied when full)

# Cells of ``EasierTests.tally``.
SEARCHED, TESTS, LOST, SPENT, MOST_LOST, MOST_WON = range(6)


class EasierTests:
    """The arrays of the tests made for one search (or for the searches that take turns on one
    thread): the easier game's search, its table of lost states, the won keys, the log of the
    keys a test adds, and ``tally`` (states the search entered, tests, lost tests, test states,
    and the most slots each table may grow to)."""

    def __init__(self, z: np.ndarray, memory: int) -> None:
        slots, meta = small_table(FIRST_SLOTS)
        self.inner = SearchArrays(np.zeros(L.STATE_SIZE, dtype=np.int32), z, slots, meta)
        self.won, self.won_meta = small_table(FIRST_SLOTS)
        self.log = np.zeros(TEST_STATES + 2, dtype=np.uint64)
        self.tally = np.zeros(6, dtype=np.int64)
        self.memory = memory
        most = max(FIRST_SLOTS, 1 << (memory // MEMORY_SHARE // SLOT_BYTES).bit_length() - 1)  # a power of two
        self.tally[MOST_LOST], self.tally[MOST_WON] = most, most  # lowered where a map is refused

    def another(self) -> EasierTests:
        """Tests of their own for a search on another thread (a test takes its keys out again,
        which would lose keys another thread's test added meanwhile)."""
        return EasierTests(self.inner.z, self.memory)

    def run(self, search: SearchArrays, budget: int) -> int:
        """``search.run`` with dominances on, each state entered by a talon play onto a column
        tested while the budget of tests allows."""
        s, t = search, self.inner
        status = run_tested(s.st, s.hashes, s.z, s.slots, s.meta, s.moves, s.keys, s.first, s.counts, s.next, s.path,
                          s.undo, s.control, s.best, s.best_path, budget,
                          t.st, t.hashes, t.slots, t.meta, t.moves, t.keys, t.first, t.counts, t.next, t.path, t.undo,
                          t.control, t.best, t.best_path, self.won, self.won_meta, self.log, self.tally)
        try:
            if crowded(t.slots, t.meta, self.tally[MOST_LOST]):
                t.slots, t.meta = doubled(t.slots, t.meta)
            if crowded(self.won, self.won_meta, self.tally[MOST_WON]):
                self.won, self.won_meta = doubled(self.won, self.won_meta)
        except OSError:  # the system will not map more: both tables stay as they are
            self.tally[MOST_LOST], self.tally[MOST_WON] = t.slots.shape[0], self.won.shape[0]
        return status


@kernel
def run_tested(st, hashes, z, slots, meta, moves, keys, first, counts, nxt, path, undo, control, best, best_path, budget,
               t_st, t_hashes, t_slots, t_meta, t_moves, t_keys, t_first, t_counts, t_nxt, t_path, t_undo, t_control,
               t_best, t_best_path, won, won_meta, log, tally):
    """``search.run`` for ``budget`` new states, pausing where a test is due and allowed; a state
    that ``easier_lost`` proves lost gets no moves. (Numba compiles no kernel that calls itself
    through another, so the tests' search is ``run`` called from here, not from ``run``.)"""
    goal = control[NODES] + budget
    while True:
        before = control[NODES]
        allowed = tally[SPENT] + TEST_COST * tally[TESTS] <= FREE_STATES + tally[SEARCHED] // SEARCH_SHARE + LOST_CREDIT * tally[LOST]
        status = run(st, hashes, z, slots, meta, moves, keys, first, counts, nxt, path, undo, control,
                     goal - control[NODES], True, False, best, best_path, allowed, log[:0], log[:0], False)
        tally[SEARCHED] += control[NODES] - before
        if status != PAUSED:
            return status
        if easier_lost(st, hashes, z, t_st, t_hashes, t_slots, t_meta, t_moves, t_keys, t_first, t_counts, t_nxt,
                       t_path, t_undo, t_control, t_best, t_best_path, won, won_meta, log, tally):
            counts[control[DEPTH]] = 0
        control[STATUS] = RUNNING
        if crowded(t_slots, t_meta, tally[MOST_LOST]) or crowded(won, won_meta, tally[MOST_WON]):
            return RUNNING  # for ``EasierTests.run`` to double a table


@kernel
def crowded(slots, meta, most):
    """A table of the tests is half full and may still double (up to ``most`` slots)."""
    return meta[0] > meta[1] // 2 and slots.shape[0] < most


@in_the_tests
def easier_lost(st, hashes, z, t_st, t_hashes, t_slots, t_meta, t_moves, t_keys, t_first, t_counts, t_nxt, t_path,
                t_undo, t_control, t_best, t_best_path, won, won_meta, log, tally):
    """Whether ``st`` is lost under draw 1 with unlimited passes, by a search of at most
    ``TEST_STATES`` states in the tests' table; False when that search finds the goal or ends
    unfinished."""
    for i in range(5):
        t_hashes[i] = hashes[i]
    if st[L.PASSES] != L.UNLIMITED:
        t_hashes[0] ^= recycles_hash(np.int64(st[L.RECYCLES]))
    key = key_with_split(st, z, t_hashes, 0)  # draw 1 with unlimited passes: every split in class 0
    prefetch(t_slots, key)  # both probes below would wait on memory: load them while the state is copied
    prefetch(won, key)
    for i in range(L.STATE_SIZE):
        t_st[i] = st[i]
    t_st[L.DRAW_COUNT] = 1
    t_st[L.PASSES] = L.UNLIMITED
    t_st[L.RECYCLES] = 0
    t_st[L.RESERVE_GOAL] = 1
    if t_slots[find_slot(t_slots, key)] == key:
        return True
    if won[find_slot(won, key)] == key:
        return False
    tally[TESTS] += 1
    log[0] = 0
    status = run(t_st, t_hashes, z, t_slots, t_meta, t_moves, t_keys, t_first, t_counts, t_nxt, t_path, t_undo,
                 t_control, TEST_STATES, True, False, t_best, t_best_path, False, log, won, True)
    tally[SPENT] += t_control[NODES]
    if status == EXHAUSTED:
        tally[LOST] += 1
        return True
    if status == TABLE_FULL:
        t_slots[:] = 0
        t_meta[0] = 0
        return False
    if status == WON:
        keep_won(won, won_meta, key)
        for d in range(t_control[DEPTH]):
            keep_won(won, won_meta, t_keys[t_first[d] + t_nxt[d] - 1])
    take_out(t_slots, t_meta, log)
    return False


@kernel
def keep_won(won, won_meta, key):
    """Add ``key`` to the won keys, emptied first when full."""
    if insert(won, won_meta, key) < 0:
        won[:] = 0
        won_meta[0] = 0
        insert(won, won_meta, key)


@kernel
def take_out(slots, meta, log):
    """Empty the slots of the ``log[0]`` keys ``log[1:]``, all added to ``slots`` since it last
    held none of them: the table is then exactly as it was before they were added (every slot
    they filled was empty: under draw 1 no key lowers the rank of another, ``table.insert``). Slots are found before any
    is emptied, so each probe still runs over the filled slots that led to its key."""
    n = log[0]
    for j in range(1, n + 1):
        log[j] = find_slot(slots, log[j])
    for j in range(1, n + 1):
        slots[log[j]] = 0
    meta[0] -= n
    log[0] = 0
