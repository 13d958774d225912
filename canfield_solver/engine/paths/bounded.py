"""A win (or a number of foundation cards) within a move bound: depth-first search with costs in
printed moves and a table of budgets. Why it finds such a path whenever one exists, and which
moves it searches: docs/bounded-search.md.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import DECK_SIZE
from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import allocating
from canfield_solver.engine.movegen import MAX_MOVES, TALON_F, TALON_T, make, move_kind, move_recycle, move_split, unmake
from canfield_solver.engine.search import DEPTH, EXHAUSTED, NODES, RUNNING, STATUS, TABLE_FULL, WON, foundation_cards, move_score, ordered_moves
from canfield_solver.engine.table import MIN_TABLE_BYTES, new_table
from canfield_solver.engine.zobrist import mix64, state_key

_SPLIT_SALT = np.uint64(0x5DEECE66D2545F49)
_BUDGET_MASK = np.int64(0xFFFFFFFF)


@allocating
def _ceil_div(a, b):
    return (a + b - 1) // b


@allocating
def move_cost(st, move):
    """The referee moves engine ``move`` stands for in state ``st`` (draws and recycle included)."""
    kind = move_kind(move)
    if kind != TALON_F and kind != TALON_T:
        return 1
    split = move_split(move)
    k = st[L.TALON_K]
    d = st[L.DRAW_COUNT]
    cost = 1
    if move_recycle(move) == 1:
        cost += _ceil_div(st[L.TALON_N] - k, d) + 1  # empty the stock, then recycle
        k = 0
    return cost + _ceil_div(split - k, d)


@allocating
def cheap_first(st, out, count):
    """Re-sort the moves ``ordered_moves`` wrote (the engine's score rides above ``SCORE_SHIFT``):
    2.5 score points less per extra referee move a move costs, so cheap plays come first.

    Only the order changes, never the set of moves. Measured (``solve --shortest --max-nodes
    500000`` on 9 random deals): 1619 moves in all, against 2625 in the engine's order.
    """
    keys = np.empty(count, np.int64)
    for i in range(count):
        move = out[i]
        key = np.int64(move_score(move)) * 16 - 40 * (move_cost(st, move) - 1)
        j = i
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            out[j] = out[j - 1]
            j -= 1
        keys[j] = key
        out[j] = move
    return count


@allocating
def lower_bound(st, target):
    """Moves still needed to have ``target`` cards on the foundations: one per card missing (a move
    puts at most one card up), and for a win (52) also the draws that turn every card now in the
    stock (``draw`` cards at most each)."""
    missing = max(0, target - foundation_cards(st))
    if target < DECK_SIZE:
        return missing
    return missing + _ceil_div(st[L.TALON_N] - st[L.TALON_K], st[L.DRAW_COUNT])


@allocating
def exact_key(st, z, hashes):
    """The engine's key with the exact talon split added (never 0)."""
    key = state_key(st, z, hashes) ^ mix64(np.uint64(st[L.TALON_K]) + _SPLIT_SALT)
    if key == np.uint64(0):
        key = np.uint64(1)
    return key


@allocating
def remember(slots, values, meta, key, gen, left):
    """Record that the state ``key`` is entered with ``left`` moves of the bound left in round ``gen``.

    1: recorded; 0: it was already entered in this round with at least as much left (skip it);
    -1: the table is full and the key is new (nothing recorded).
    """
    mask = np.uint64(slots.shape[0] - 1)
    i = key & mask
    while slots[i] != key and slots[i] != np.uint64(0):
        i = (i + np.uint64(1)) & mask
    if slots[i] == key:
        if (values[i] >> 32) == gen and (values[i] & _BUDGET_MASK) >= left:
            return 0
    elif meta[0] < meta[1]:
        slots[i] = key
        meta[0] += 1
    else:
        return -1
    values[i] = (np.int64(gen) << 32) | left
    return 1


@allocating
def _rehash(slots, values, new_slots, new_values, new_meta):
    mask = np.uint64(new_slots.shape[0] - 1)
    for j in range(slots.shape[0]):
        key = slots[j]
        if key != np.uint64(0):
            i = key & mask
            while new_slots[i] != np.uint64(0):
                i = (i + np.uint64(1)) & mask
            new_slots[i] = key
            new_values[i] = values[j]
            new_meta[0] += 1


class BudgetTable:
    """State keys with, per key, the round and the moves left when it was last entered.

    Starts at ``first`` bytes and doubles as it fills, up to ``memory`` bytes (keys and values
    together), so small searches touch little memory.
    """

    def __init__(self, memory: int, first: int):
        self.memory = memory
        self.slots, self.meta = new_table(max(min(memory, first) // 2, MIN_TABLE_BYTES))
        self.values = np.zeros(self.slots.shape[0], dtype=np.int64)

    def grow(self) -> bool:
        """Double the table if that stays within the memory allowed; False when it cannot."""
        if 4 * self.slots.nbytes > self.memory:
            return False
        slots, meta = new_table(2 * self.slots.nbytes)
        values = np.zeros(slots.shape[0], dtype=np.int64)
        _rehash(self.slots, self.values, slots, values, meta)
        self.slots, self.values, self.meta = slots, values, meta
        return True


# Cell of the control array beyond search's DEPTH, NODES, STATUS: the moves made on the path.
COST = 3


@allocating
def start_bounded(st, hashes, z, slots, values, meta, moves, counts, nxt, spent, control, bound, gen, target):
    """Enter the start state: WON (it has ``target`` foundation cards), EXHAUSTED (the bound is below
    the lower bound), or RUNNING."""
    control[DEPTH] = 0
    control[NODES] = 1
    control[COST] = 0
    spent[0] = 0
    if foundation_cards(st) >= target:
        control[STATUS] = WON
    elif lower_bound(st, target) > bound:
        control[STATUS] = EXHAUSTED
    else:
        remember(slots, values, meta, exact_key(st, z, hashes), gen, bound)
        counts[0] = cheap_first(st, moves[0:MAX_MOVES], ordered_moves(st, moves[0:MAX_MOVES], False))
        nxt[0] = 0
        control[STATUS] = RUNNING
    return control[STATUS]


@allocating
def run_bounded(st, hashes, z, slots, values, meta, moves, counts, nxt, path, undo, spent, control, budget,
                bound, gen, target, may_grow):
    """Search on for at most ``budget`` new states for a path of at most ``bound`` moves to a state
    with ``target`` cards on the foundations (52: a win).

    Returns the status: WON (the path, ``control[DEPTH]`` engine moves costing ``control[COST]``,
    reaches the target), EXHAUSTED (none within the bound), RUNNING, or TABLE_FULL when the table is full and
    ``may_grow`` (grow it and run on; else a new state is searched without being recorded). The
    stack must hold ``bound + 2`` levels.
    """
    depth = control[DEPTH]
    nodes = 0
    status = RUNNING
    while True:
        if nodes >= budget:
            break
        i = nxt[depth]
        if i >= counts[depth]:
            if depth == 0:
                status = EXHAUSTED
                break
            depth -= 1
            unmake(st, hashes, z, path[depth], undo[depth])
            continue
        move = moves[depth * MAX_MOVES + i]
        nxt[depth] = i + 1
        cost = spent[depth] + move_cost(st, move)
        if cost > bound:
            continue
        u = make(st, hashes, z, move)
        left = bound - cost
        if lower_bound(st, target) > left:
            unmake(st, hashes, z, move, u)
            continue
        won = foundation_cards(st) >= target
        if not won:
            recorded = remember(slots, values, meta, exact_key(st, z, hashes), gen, left)
            if recorded == 0 or (recorded < 0 and may_grow):
                unmake(st, hashes, z, move, u)
                if recorded < 0:
                    nxt[depth] = i
                    status = TABLE_FULL
                    break
                continue
        nodes += 1
        path[depth] = move
        undo[depth] = u
        depth += 1
        spent[depth] = cost
        if won:
            status = WON
            break
        level = moves[depth * MAX_MOVES : (depth + 1) * MAX_MOVES]
        counts[depth] = cheap_first(st, level, ordered_moves(st, level, False))
        nxt[depth] = 0
    control[DEPTH] = depth
    control[COST] = spent[depth]
    control[NODES] += nodes
    control[STATUS] = status
    return status


class BoundedSearch:
    """The arrays of one bounded round: the state, hashes and stack; the ``BudgetTable`` is shared
    between rounds, each with its own ``gen`` stamp."""

    def __init__(self, st: np.ndarray, z: np.ndarray, table: BudgetTable, bound: int, gen: int, target: int = 52):
        from canfield_solver.engine.zobrist import full_hash

        self.st, self.z, self.table = st, z, table
        self.bound, self.gen, self.target = bound, gen, target
        self.may_grow = True
        self.hashes = np.zeros(5, dtype=np.uint64)
        full_hash(st, z, self.hashes)
        depth = bound + 2  # every move costs at least 1
        self.moves = np.zeros(depth * MAX_MOVES, dtype=np.int32)
        self.counts = np.zeros(depth, dtype=np.int32)
        self.next = np.zeros(depth, dtype=np.int32)
        self.path = np.zeros(depth, dtype=np.int32)
        self.undo = np.zeros(depth, dtype=np.int32)
        self.spent = np.zeros(depth, dtype=np.int64)
        self.control = np.zeros(4, dtype=np.int64)

    def start(self) -> int:
        t = self.table
        return start_bounded(self.st, self.hashes, self.z, t.slots, t.values, t.meta, self.moves, self.counts,
                             self.next, self.spent, self.control, self.bound, self.gen, self.target)

    def run(self, budget: int) -> int:
        """Search on (see ``run_bounded``), growing the table while the memory allows."""
        t = self.table
        status = run_bounded(self.st, self.hashes, self.z, t.slots, t.values, t.meta, self.moves, self.counts,
                             self.next, self.path, self.undo, self.spent, self.control, budget, self.bound,
                             self.gen, self.target, self.may_grow)
        if status == TABLE_FULL:
            self.may_grow = t.grow()
            status = RUNNING
        return status

    def path_moves(self) -> np.ndarray:
        """The engine moves of the win found."""
        return self.path[: self.control[DEPTH]].copy()
