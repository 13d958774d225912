"""The most cards that can be on the foundations at once: an exhaustive search over reachable states.

``run_best`` is the engine's depth-first search (``search.run``: same stack, make/unmake, keys and
table) with two changes: it remembers the state with the most foundation cards seen so far (and
the path to it), and it stops early only when that is all 52 cards.

Why the maximum it reports is exact when the search is exhausted. Every state it enters is a
state some legal play reaches, so the best seen is reachable (a lower bound). Conversely the
search enters every reachable state, up to states sharing a key, which have the same foundation
heights (keys equate column permutations, and talon splits reachable from each other by draws
and recycles alone; draws and recycles never change the foundations):

- the moves are ``ordered_moves(..., dominance=False)``: every legal engine move, less those onto
  an empty column other than the first empty one and whole columns moved onto an empty column,
  which only lead to column permutations of states reached otherwise;
- states between engine moves (only draws and recycles made) have the foundations of the state
  before them, so no maximum hides there;
- a talon card reachable with and without a recycle is played without it: the state after differs
  only by having used fewer passes, from which every state of the other is reachable too.

The safe-foundation-move dominance of the win search is switched off here: it is argued to keep
wins, not maxima, so this search does not rely on it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import layout as L
from .movegen import MAX_MOVES, make, unmake
from .search import DEPTH, EXHAUSTED, NODES, RUNNING, STACK_FULL, STATUS, TABLE_FULL, WON, SearchArrays, ordered_moves
from .table import insert
from .zobrist import state_key

# Cells of the ``best`` array: the most foundation cards seen, and the path length to that state.
CARDS, LENGTH = range(2)


@njit(cache=True)
def foundation_cards(st):
    """How many cards are on the foundations (the base card included)."""
    return st[L.FOUNDATION] + st[L.FOUNDATION + 1] + st[L.FOUNDATION + 2] + st[L.FOUNDATION + 3]


class BestArrays(SearchArrays):
    """The arrays of one search plus the best state seen: ``best`` ([cards, path length]) and its path."""

    def __init__(self, st: np.ndarray, z: np.ndarray, slots: np.ndarray, meta: np.ndarray, depth: int = 256):
        super().__init__(st, z, slots, meta, depth)
        self.best = np.array([foundation_cards(st), 0], dtype=np.int64)
        self.best_path = np.zeros(depth, dtype=np.int32)

    def grow(self) -> None:
        super().grow()
        self.best_path = np.concatenate([self.best_path, np.zeros_like(self.best_path)])

    def start_best(self) -> int:
        """Enter the start state (``WON`` when it is already won)."""
        return self.start(False)

    def run_best(self, budget: int) -> int:
        return run_best(self.st, self.hashes, self.z, self.slots, self.meta, self.moves, self.counts, self.next,
                        self.path, self.undo, self.control, budget, self.best, self.best_path)

    def best_moves(self) -> np.ndarray:
        """The engine moves from the start to the best state seen."""
        return self.best_path[: self.best[LENGTH]].copy()


@njit(cache=True)
def run_best(st, hashes, z, slots, meta, moves, counts, nxt, path, undo, control, budget, best, best_path):
    """Search on for at most ``budget`` new states; return the status (also in ``control``).

    ``WON`` means a state with all 52 cards up was found (nothing can beat it), ``EXHAUSTED``
    that every reachable state was seen, so ``best`` holds the true maximum.
    """
    depth = control[DEPTH]
    nodes = 0
    status = RUNNING
    capacity = counts.shape[0]
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
        if depth + 1 >= capacity:
            status = STACK_FULL
            break
        move = moves[depth * MAX_MOVES + i]
        nxt[depth] = i + 1
        u = make(st, hashes, z, move)
        added = insert(slots, meta, state_key(st, z, hashes))
        if added == 0:
            unmake(st, hashes, z, move, u)
            continue
        if added < 0:
            unmake(st, hashes, z, move, u)
            nxt[depth] = i
            status = TABLE_FULL
            break
        nodes += 1
        path[depth] = move
        undo[depth] = u
        depth += 1
        cards = foundation_cards(st)
        if cards > best[CARDS]:
            best[CARDS] = cards
            best[LENGTH] = depth
            best_path[:depth] = path[:depth]
            if cards == 52:
                status = WON
                break
        counts[depth] = ordered_moves(st, moves[depth * MAX_MOVES : (depth + 1) * MAX_MOVES], False)
        nxt[depth] = 0
    control[DEPTH] = depth
    control[NODES] += nodes
    control[STATUS] = status
    return status
