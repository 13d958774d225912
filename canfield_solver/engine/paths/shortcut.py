"""Shorten a move path by shortcuts of one or two moves to later states of the same path.

A depth-first search returns the path on its stack, which wanders: it often passes through a
state from which one or two moves reach a state the path only gets to much later. ``shortcut``
walks the path from its start and, at each state, takes the one or two moves that save the most
printed moves (``bounded.move_cost``) against the path, then carries on from the state it lands in — the
very state of the path (the key compares columns in place, not up to order, and the exact talon
split), so the rest of the path stays valid from there. The result ends in the path's last state
and costs no more; it is not claimed shortest (``shortest.tighten`` is for that). It also says how
many printed moves it saved, so that passes can go on while they gain.

Many of the path's states have no later state within two moves that would save a move, and
many first moves leave none within one more: ``_reaches`` tells so from the cards up in each
suit, in the reserve and in the talon alone (a move puts up or takes down one card at most and
takes at most one from the reserve and one from the talon, never one back:
``tests/engine/test_movegen.py`` checks every move), and then those moves are not tried. The
path cut is the same.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import allocating
from canfield_solver.engine.movegen import MAX_MOVES, generate, make, unmake
from canfield_solver.engine.table import find_slot
from canfield_solver.engine.zobrist import Z_SPLIT, mix64

from .bounded import move_cost

_COLUMN_SALTS = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F),
                 np.uint64(0x165667B19E3779F9), np.uint64(0x27D4EB2F165667C5))


@allocating
def placed_key(st, z, hashes):
    """A key of the exact state: columns in place (not up to order) and the talon split itself."""
    key = hashes[0] ^ z[Z_SPLIT + st[L.TALON_K]]
    for c in range(4):
        key ^= mix64(hashes[1 + c] ^ _COLUMN_SALTS[c]) * np.uint64(2 * c + 3)
    return key


@allocating
def _counts(st, out):
    """Write the cards up in each suit, then the reserve's and the talon's cards, into ``out``."""
    for c in range(4):
        out[c] = st[L.FOUNDATION_HEIGHTS + c]
    out[4] = st[L.RESERVE_N]
    out[5] = st[L.TALON_N]


@allocating
def _reaches(counts, spent, i, here, moves, least):
    """Whether a state of the path after its state ``i`` lies more than ``least`` printed moves
    further on and within ``moves`` moves of a state with counts ``here`` (``_counts``; ``counts``:
    those of the path's states). The reserve and the talon only shrink along the path, so the scan
    stops where either has fewer than ``moves`` cards less."""
    for j in range(i + 1, counts.shape[0]):
        if here[4] - counts[j, 4] > moves or here[5] - counts[j, 5] > moves:
            return False
        if spent[j] - spent[i] > least and counts[j, 4] <= here[4] and counts[j, 5] <= here[5]:
            up = 0
            for c in range(4):
                up += abs(counts[j, c] - here[c])
            if up <= moves:
                return True
    return False


@allocating
def shortcut(st, hashes, z, path, out):
    """Write a path from ``st`` to the end state of ``path`` into ``out``; return its length and the
    printed moves it saves against ``path``.

    ``st``/``hashes`` are the start state and are left as they were. ``out`` must hold
    ``2 * len(path)`` moves (two moves may replace one stock-reach move that needs many draws).
    """
    n = path.shape[0]
    undo = np.empty(n, np.int32)
    spent = np.zeros(n + 1, np.int64)  # printed moves from the start to state i of the path
    size = 1
    while size < 2 * (n + 1):
        size *= 2
    slots = np.zeros(size, np.uint64)
    index = np.zeros(size, np.int64)  # the last index of each state on the path
    counts = np.empty((n + 1, 6), np.int64)  # each state's ``_counts``
    for i in range(n + 1):
        key = placed_key(st, z, hashes) | np.uint64(1)
        j = find_slot(slots, key)
        slots[j] = key
        index[j] = i
        _counts(st, counts[i])
        if i < n:
            spent[i + 1] = spent[i] + move_cost(st, path[i])
            undo[i] = make(st, hashes, z, path[i])
    for i in range(n - 1, -1, -1):
        unmake(st, hashes, z, path[i], undo[i])
    here = np.empty(6, np.int64)
    first = np.empty(MAX_MOVES, np.int32)
    second = np.empty(MAX_MOVES, np.int32)
    out_undo = np.empty(out.shape[0], np.int32)
    length = 0
    saved = 0
    i = 0
    while i < n:
        # The best jump of one or two moves; path[i] itself (saving 0) when none saves anything.
        best1, best2, best_to, best_saving = path[i], np.int32(-1), i + 1, np.int64(0)
        _counts(st, here)
        near = _reaches(counts, spent, i, here, 1, 1) or _reaches(counts, spent, i, here, 2, 2)
        count = generate(st, first) if near else 0
        for m1 in first[:count]:
            cost1 = move_cost(st, m1)
            u1 = make(st, hashes, z, m1)
            j = find_slot(slots, placed_key(st, z, hashes) | np.uint64(1))
            if slots[j] != np.uint64(0) and index[j] > i and spent[index[j]] - spent[i] - cost1 > best_saving:
                best1, best2, best_to, best_saving = m1, np.int32(-1), index[j], spent[index[j]] - spent[i] - cost1
            _counts(st, here)
            count2 = generate(st, second) if _reaches(counts, spent, i, here, 1, best_saving + cost1 + 1) else 0
            for m2 in second[:count2]:
                cost2 = cost1 + move_cost(st, m2)
                u2 = make(st, hashes, z, m2)
                j = find_slot(slots, placed_key(st, z, hashes) | np.uint64(1))
                unmake(st, hashes, z, m2, u2)
                if slots[j] != np.uint64(0) and index[j] > i and spent[index[j]] - spent[i] - cost2 > best_saving:
                    best1, best2, best_to, best_saving = m1, m2, index[j], spent[index[j]] - spent[i] - cost2
            unmake(st, hashes, z, m1, u1)
        saved += best_saving
        out[length] = best1
        out_undo[length] = make(st, hashes, z, best1)
        length += 1
        if best2 >= 0:
            out[length] = best2
            out_undo[length] = make(st, hashes, z, best2)
            length += 1
        i = best_to
    for k in range(length - 1, -1, -1):
        unmake(st, hashes, z, out[k], out_undo[k])
    return length, saved

