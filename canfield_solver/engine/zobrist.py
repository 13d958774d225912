"""Zobrist keys of engine states: 64-bit, updated incrementally, canonical over column order.

A state's key combines

- the reserve length (the reserve's cards are fixed by the deal, so its length says which are left),
- the set of talon cards (their order never changes during a search) and the recycles count when
  passes are limited,
- the talon split ``k`` reduced to its class (see ``canonical_split``); under draw 3 with unlimited
  passes a split in the middle of a pass is reduced to its remainder modulo 3, and the key's top
  bits hold its rank ``k // 3`` (``finished_key``),
- the columns: column ``c`` has hash ``XOR of Z[position, card]`` and the key adds
  ``mix64(column hash)`` over the 4 columns, a sum that does not depend on the order of the
  columns, so positions that differ only by a permutation of the columns share one key,
- the card the next move must build on, when the search set one (``layout.BUILD_ON``).

Foundation heights are left out: every card not in the reserve, talon or columns is on a
foundation, so they follow from the rest.

``hashes[0]`` holds the reserve/talon/recycles part, ``hashes[1 + c]`` the hash of column ``c``;
``movegen.make``/``unmake`` keep both up to date and ``full_hash`` recomputes them from scratch.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import DECK_SIZE
from canfield_solver.engine import layout as L

from .kernel import in_search_loop, kernel, kernel_for_both
from .table import RANK_BITS

# Offsets in the table of random numbers.
Z_RESERVE = 0  # 53 reserve lengths
Z_TALON = Z_RESERVE + L.PILE + 1  # one per card
Z_SPLIT = Z_TALON + DECK_SIZE  # 53 split classes
Z_COLUMN = Z_SPLIT + L.PILE + 1  # position * DECK_SIZE + card
Z_BUILD_ON = Z_COLUMN + L.PILE * DECK_SIZE  # one per card
Z_SIZE = Z_BUILD_ON + DECK_SIZE

_SEED = 0xCAF1E1D
HASH_MASK = np.uint64((1 << (64 - int(RANK_BITS))) - 1)  # a key's hash: all but its top ``table.RANK_BITS``
RANKED_SPLITS = 3 << int(RANK_BITS)  # the splits below this have a rank that fits those bits


def make_table() -> np.ndarray:
    """The fixed table of random 64-bit numbers (same seed every run, so keys are reproducible)."""
    generator = np.random.Generator(np.random.PCG64(_SEED))
    return generator.integers(1, 2**63, size=Z_SIZE, dtype=np.uint64) * np.uint64(2) + np.uint64(1)


@kernel
def mix64(x):
    """SplitMix64's finalizer: a bijective scrambler of 64-bit numbers (0 maps to 0)."""
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@kernel
def recycles_hash(recycles):
    """The key part of the recycles count (only used when passes are limited)."""
    return mix64(np.uint64(recycles) + np.uint64(0x9E3779B97F4A7C15))


@kernel
def canonical_split(st):
    """The talon split of ``st`` up to states reachable both ways by draws and recycles alone
    (``split_class``)."""
    return split_class(st, st[L.TALON_K], st[L.TALON_N])


@kernel
def split_class(st, k, n):
    """Talon split ``k`` of a talon of ``n`` cards up to states reachable both ways by draws and
    recycles alone, under the rules of ``st``.

    With unlimited passes, draws and recycles reach split 0 from any ``k``, and from 0 they reach
    every split under draw 1, and under draw 3 the splits 3, 6, ... and ``n``. So all splits
    (draw 1), or the multiples of 3 and ``n`` (draw 3), are mutually reachable and have the same
    reachable cards: they map to 0. With limited passes a recycle costs a pass, so ``k`` stays.
    """
    if st[L.PASSES] != L.UNLIMITED:
        return k
    if st[L.DRAW_COUNT] == 1 or k % 3 == 0 or k == n:
        return 0
    return k


@kernel_for_both
def full_hash(st, z, hashes):
    """Compute ``hashes`` (the 5 incremental parts) from scratch."""
    h = z[Z_RESERVE + st[L.RESERVE_N]]
    for i in range(st[L.TALON_N]):
        h ^= z[Z_TALON + st[L.TALON + i]]
    if st[L.PASSES] != L.UNLIMITED:
        h ^= recycles_hash(np.int64(st[L.RECYCLES]))
    hashes[0] = h
    for c in range(4):
        h = np.uint64(0)
        base = L.COLUMN_CARDS + c * L.PILE
        for i in range(st[L.COLUMN_N + c]):
            h ^= z[Z_COLUMN + i * DECK_SIZE + st[base + i]]
        hashes[1 + c] = h


@kernel
def state_key(st, z, hashes):
    """The canonical key of the state (never 0, which marks an empty table slot)."""
    return key_with_split(st, z, hashes, st[L.TALON_K])


@in_search_loop
def dominated_key(st, z, hashes):
    """The key of the same state at the start of a pass, or 0: under draw 3 with unlimited passes
    a split in the middle of a pass reaches every card that one does, and more, so no win is lost
    when the search skips that state once it has entered this one (docs/dominances.md, section 8)."""
    if st[L.DRAW_COUNT] != 3 or st[L.PASSES] != L.UNLIMITED or canonical_split(st) == 0:
        return np.uint64(0)
    return key_with_split(st, z, hashes, 0)


@kernel
def key_with_split(st, z, hashes, k):
    """The key of the state with its talon split taken as ``k``."""
    columns = mix64(hashes[1]) + mix64(hashes[2]) + mix64(hashes[3]) + mix64(hashes[4])
    return finished_key(st, z, hashes[0], columns, st[L.BUILD_ON], k, st[L.TALON_N])


@kernel
def finished_key(st, z, h, columns, build_on, k, n):
    """The key from its parts: ``h`` (reserve, talon, recycles), ``columns`` (the sum of the
    scrambled column hashes), the card to build on (``build_on - 1``, none when 0) and the split
    ``k`` of a talon of ``n`` cards.

    Under draw 3 with unlimited passes the splits in the middle of a pass with one remainder
    modulo 3 make a *family* (``table.insert``): the hash takes the remainder, and the key's top
    bits the rank ``k // 3``. A split dominates the later ones of its family, which its draws
    reach (docs/dominances.md, section 8), so the table keeps the lowest rank entered and a state
    of a higher rank is not entered after it.
    """
    split = split_class(st, k, n)
    rank = 0
    if split != 0 and st[L.DRAW_COUNT] == 3 and st[L.PASSES] == L.UNLIMITED and k < RANKED_SPLITS:
        rank = k // 3
        split = k - 3 * rank
    key = (h ^ z[Z_SPLIT + split]) + columns
    if build_on > 0:
        key ^= z[Z_BUILD_ON + build_on - 1]
    key &= HASH_MASK
    if key == np.uint64(0):
        key = np.uint64(1)
    return key | (np.uint64(rank) << (np.uint64(64) - RANK_BITS))
