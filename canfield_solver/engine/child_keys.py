"""The key of the state a move leads to, computed without making the move.

The search looks up the states a state's moves lead to ahead of time (``search.expand_node``),
so it needs their keys. Making each move, keying the state and taking the move back did much
more work than the key needs: the key changes only in the reserve/talon part, the split class,
the card to build on and the one or two columns the move touches (``zobrist``). ``child_key``
computes just those from the move; it gives the key that ``make`` then ``state_key`` would
(``tests/engine/test_movegen.py`` compares them on every move of random positions).
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import DECK_SIZE
from canfield_solver.engine import layout as L

from .kernel import in_search_loop, kernel
from .movegen import (
    COLUMN_F,
    COLUMN_T,
    RESERVE_F,
    RESERVE_T,
    RETURN_T,
    TALON_F,
    TALON_T,
    foundation_card,
    move_count,
    move_kind,
    move_recycle,
    move_source,
    move_split,
    move_target,
    talon_play_waits,
)
from .zobrist import Z_COLUMN, Z_RESERVE, Z_TALON, finished_key, mix64, recycles_hash


@kernel
def column_mixes(hashes):
    """The scrambled hash of each column, as ``state_key`` adds them up."""
    return mix64(hashes[1]), mix64(hashes[2]), mix64(hashes[3]), mix64(hashes[4])


@kernel
def _pushed(st, z, hashes, mixes, column, card):
    """What the sum of scrambled column hashes gains when ``card`` goes onto ``column``."""
    h = hashes[1 + column] ^ z[Z_COLUMN + st[L.COLUMN_N + column] * DECK_SIZE + card]
    return mix64(h) - mixes[column]


@in_search_loop
def child_key(st, z, hashes, mixes, move):
    """The key of the state ``move`` leads to (``make``, then ``zobrist.state_key``); ``mixes``
    are the ``column_mixes`` of ``hashes``."""
    kind = move_kind(move)
    source = move_source(move)
    target = move_target(move)
    h = hashes[0]
    columns = mixes[0] + mixes[1] + mixes[2] + mixes[3]
    k = st[L.TALON_K]
    n = st[L.TALON_N]
    build_on = 0
    if kind == RESERVE_F or kind == RESERVE_T:
        left = st[L.RESERVE_N] - 1
        h ^= z[Z_RESERVE + left + 1] ^ z[Z_RESERVE + left]
        if kind == RESERVE_T:
            columns += _pushed(st, z, hashes, mixes, target, st[L.RESERVE_CARDS + left])
    elif kind == TALON_F or kind == TALON_T:
        split = move_split(move)
        if move_recycle(move) == 1 and st[L.PASSES] != L.UNLIMITED:
            h ^= recycles_hash(np.int64(st[L.RECYCLES])) ^ recycles_hash(st[L.RECYCLES] + 1)
        card = st[L.TALON + split - 1]
        h ^= z[Z_TALON + card]
        k = split - 1
        n -= 1
        if kind == TALON_T:
            if talon_play_waits(st, target):
                build_on = card + 1
            columns += _pushed(st, z, hashes, mixes, target, card)
    elif kind == RETURN_T:
        card = foundation_card(st, source, st[L.FOUNDATION_HEIGHTS + source] - 1)
        columns += _pushed(st, z, hashes, mixes, target, card)
    else:
        count = 1 if kind == COLUMN_F else move_count(move)
        base = L.COLUMN_CARDS + source * L.PILE
        length = st[L.COLUMN_N + source]
        taken = hashes[1 + source]
        for i in range(length - count, length):
            taken ^= z[Z_COLUMN + i * DECK_SIZE + st[base + i]]
        if kind == COLUMN_T:  # (for a foundation move ``target`` is the card's suit)
            put = hashes[1 + target]
            onto = st[L.COLUMN_N + target] - (length - count)  # where the card at ``i`` lands is ``onto + i``
            for i in range(length - count, length):
                put ^= z[Z_COLUMN + (onto + i) * DECK_SIZE + st[base + i]]
            columns += mix64(put) - mixes[target]
        if count == length and st[L.RESERVE_N] > 0:  # the refill
            left = st[L.RESERVE_N] - 1
            taken ^= z[Z_COLUMN + st[L.RESERVE_CARDS + left]]
            h ^= z[Z_RESERVE + left + 1] ^ z[Z_RESERVE + left]
        columns += mix64(taken) - mixes[source]
    return finished_key(st, z, h, columns, build_on, k, n)
