"""A short win, not a shortest one: weighted best-first search over engine states, costs in
printed moves, within a fixed number of states.

Each state found is kept as a compact record (``pack``): the parts of the state array a search
changes, 64 bytes, with the index of the state it was reached from, the move and its cost ``g``
in printed moves (``bounded.move_cost``). The open states wait in a binary heap ordered by
``g + weight * h`` (``estimate``: at most the printed moves still needed; weighed more than once
it draws the search toward a win sooner, and a longer one), ties broken by the smaller ``h``. A
state is searched again only when it is reached by a cheaper path (the table maps
``bounded.exact_key`` to the record of its cheapest path so far). The moves tried are the win
search's (``search.ordered_moves``, dominances on). The kernels are ``allocating`` ones, as the
``bounded`` kernels they call, though they allocate nothing.

The search stops at a win (``WON``), when nothing is left to search (``EXHAUSTED``) or when the
records are full (``FULL``): the caller picks the number of records, the memory the search may use.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import allocating
from canfield_solver.engine.movegen import MAX_MOVES, make, unmake
from canfield_solver.engine.search import EXHAUSTED, MOVE_FIELDS, RUNNING, WON, foundation_cards, ordered_moves
from canfield_solver.engine.table import find_slot
from canfield_solver.engine.zobrist import full_hash

from .bounded import exact_key, lower_bound, move_cost

RECORD = 64  # bytes of a packed state: 12 counts, then the talon cards and the column cards
FULL = 5  # status: no room for another record (see search's RUNNING, WON, EXHAUSTED)
# Cells of the control array.
NODES, HEAP, STATUS, GOAL, EXPANDED = range(5)
H_SCALE = 16  # estimates and weights are in sixteenths, so priorities are integers


@allocating
def pack(st, records, node):
    """Write the changing parts of ``st`` to ``records[node]``."""
    r = records[node]
    r[0] = st[L.RESERVE_N]
    r[1] = st[L.TALON_N]
    r[2] = st[L.TALON_K]
    r[3] = st[L.RECYCLES]
    at = 12
    for i in range(4):
        r[4 + i] = st[L.FOUNDATION_HEIGHTS + i]
        r[8 + i] = st[L.COLUMN_N + i]
    for i in range(st[L.TALON_N]):
        r[at] = st[L.TALON + i]
        at += 1
    for c in range(4):
        base = L.COLUMN_CARDS + c * L.PILE
        for i in range(st[L.COLUMN_N + c]):
            r[at] = st[base + i]
            at += 1


@allocating
def restore(records, node, st):
    """Set ``st`` (whose reserve cards and rule cells are the search's) to ``records[node]``."""
    r = records[node]
    st[L.RESERVE_N] = r[0]
    st[L.TALON_N] = r[1]
    st[L.TALON_K] = r[2]
    st[L.RECYCLES] = r[3]
    at = 12
    for i in range(4):
        st[L.FOUNDATION_HEIGHTS + i] = r[4 + i]
        st[L.COLUMN_N + i] = r[8 + i]
    for i in range(r[1]):
        st[L.TALON + i] = r[at]
        at += 1
    for c in range(4):
        base = L.COLUMN_CARDS + c * L.PILE
        for i in range(r[8 + c]):
            st[base + i] = r[at]
            at += 1


@allocating
def estimate(st):
    """Printed moves still needed at least, in sixteenths: one per card off the foundations, the
    draws that turn the stock once, and one per reserve card lying on a lower card of its suit
    (it must move to a column first)."""
    cards = 52 - foundation_cards(st)
    d = st[L.DRAW_COUNT]
    draws = (st[L.TALON_N] - st[L.TALON_K] + d - 1) // d
    buried = 0
    base = st[L.BASE_RANK]
    for i in range(st[L.RESERVE_N]):
        card = st[L.RESERVE_CARDS + i]
        rank = (card % 13 - base) % 13
        for j in range(i):
            under = st[L.RESERVE_CARDS + j]
            if under // 13 == card // 13 and (under % 13 - base) % 13 < rank:
                buried += 1
                break
    return (cards + draws + buried) * H_SCALE


@allocating
def _push(heap_keys, heap_nodes, size, key, node):
    i = size
    while i > 0:
        parent = (i - 1) // 2
        if heap_keys[parent] <= key:
            break
        heap_keys[i] = heap_keys[parent]
        heap_nodes[i] = heap_nodes[parent]
        i = parent
    heap_keys[i] = key
    heap_nodes[i] = node


@allocating
def _pop(heap_keys, heap_nodes, size):
    """Remove the least entry of a heap of ``size`` entries; return its node."""
    top = heap_nodes[0]
    size -= 1
    key, node = heap_keys[size], heap_nodes[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap_keys[child + 1] < heap_keys[child]:
            child += 1
        if heap_keys[child] >= key:
            break
        heap_keys[i] = heap_keys[child]
        heap_nodes[i] = heap_nodes[child]
        i = child
    heap_keys[i] = key
    heap_nodes[i] = node
    return top


@allocating
def _priority(g, h, weight):
    """The heap's order of a state ``g`` moves from the start with estimate ``h`` (sixteenths):
    ``g + weight * h`` in 256ths of a move, then the smaller ``h``."""
    return (np.int64(g) * H_SCALE * 16 + np.int64(weight) * h) * 1024 + h // H_SCALE


@allocating
def start_best_first(st, z, hashes, records, parents, moves, costs, keys, slots, owners, heap_keys, heap_nodes,
                     control, weight):
    """Enter the start state ``st``: its record is node 0."""
    full_hash(st, z, hashes)
    pack(st, records, 0)
    parents[0] = -1
    moves[0] = 0
    costs[0] = 0
    key = exact_key(st, z, hashes)
    keys[0] = key
    i = find_slot(slots, key)
    slots[i] = key
    owners[i] = 0
    _push(heap_keys, heap_nodes, 0, _priority(0, estimate(st), weight), 0)
    control[NODES] = 1
    control[HEAP] = 1
    control[EXPANDED] = 0
    control[STATUS] = RUNNING


@allocating
def run_best_first(st, z, hashes, records, parents, moves, costs, keys, slots, owners, heap_keys, heap_nodes,
                   control, weight, below, budget, out):
    """Search on for at most ``budget`` states taken from the heap; return the status.

    ``weight``: of the estimate, in sixteenths; a state whose moves so far and ``bounded.lower_bound``
    reach ``below`` is not kept. ``out`` holds ``MAX_MOVES`` moves. On WON, ``control[GOAL]`` is the record of the win.
    """
    status = control[STATUS]
    capacity = records.shape[0]
    searched = 0
    while status == RUNNING and searched < budget:
        if control[HEAP] == 0:
            status = EXHAUSTED
            break
        node = _pop(heap_keys, heap_nodes, control[HEAP])
        control[HEAP] -= 1
        if owners[find_slot(slots, keys[node])] != node:
            continue  # reached since by a cheaper path
        searched += 1
        restore(records, node, st)
        full_hash(st, z, hashes)
        if foundation_cards(st) == 52:
            control[GOAL] = node
            status = WON
            break
        count = ordered_moves(st, out, True)
        for j in range(count):
            move = np.int32(out[j] & MOVE_FIELDS)  # ``make`` and the rest compiled for ``shortcut``'s int32 moves
            g = costs[node] + move_cost(st, move)
            u = make(st, hashes, z, move)
            if g + lower_bound(st, 52) >= below:
                unmake(st, hashes, z, move, u)
                continue
            key = exact_key(st, z, hashes)
            i = find_slot(slots, key)
            if slots[i] == np.uint64(0) or costs[owners[i]] > g:
                if control[NODES] == capacity:
                    unmake(st, hashes, z, move, u)
                    status = FULL
                    break
                child = control[NODES]
                control[NODES] += 1
                pack(st, records, child)
                parents[child] = node
                moves[child] = move
                costs[child] = g
                keys[child] = key
                slots[i] = key
                owners[i] = child
                _push(heap_keys, heap_nodes, control[HEAP], _priority(g, estimate(st), weight), child)
                control[HEAP] += 1
            unmake(st, hashes, z, move, u)
    control[EXPANDED] += searched
    control[STATUS] = status
    return status


class BestFirst:
    """The arrays of one best-first search from ``st`` with room for ``capacity`` states."""

    def __init__(self, st: np.ndarray, z: np.ndarray, capacity: int, weight: int, below: int):
        self.st, self.z = st.copy(), z
        self.hashes = np.zeros(5, dtype=np.uint64)
        self.records = np.zeros((capacity, RECORD), dtype=np.int8)
        self.parents = np.zeros(capacity, dtype=np.int32)
        self.moves = np.zeros(capacity, dtype=np.int32)
        self.costs = np.zeros(capacity, dtype=np.int32)
        self.keys = np.zeros(capacity, dtype=np.uint64)
        size = 1
        while size < 2 * capacity:
            size *= 2
        self.slots = np.zeros(size, dtype=np.uint64)
        self.owners = np.zeros(size, dtype=np.int32)
        self.heap_keys = np.zeros(capacity, dtype=np.int64)
        self.heap_nodes = np.zeros(capacity, dtype=np.int32)
        self.control = np.zeros(5, dtype=np.int64)
        self.weight, self.below = weight, below
        self.out = np.zeros(MAX_MOVES, dtype=np.int32)

    def start(self) -> int:
        start_best_first(self.st, self.z, self.hashes, self.records, self.parents, self.moves, self.costs, self.keys,
                         self.slots, self.owners, self.heap_keys, self.heap_nodes, self.control, self.weight)
        return int(self.control[STATUS])

    def run(self, budget: int) -> int:
        return run_best_first(self.st, self.z, self.hashes, self.records, self.parents, self.moves, self.costs,
                              self.keys, self.slots, self.owners, self.heap_keys, self.heap_nodes, self.control,
                              self.weight, self.below, budget, self.out)

    def path_moves(self) -> np.ndarray:
        """The engine moves from the start to the win found."""
        path = []
        node = int(self.control[GOAL])
        while self.parents[node] >= 0:
            path.append(int(self.moves[node]))
            node = int(self.parents[node])
        return np.array(path[::-1], dtype=np.int32)
