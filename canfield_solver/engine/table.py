"""The transposition table: an open-addressing set of 64-bit state keys.

Keys are never forgotten (only replaced by a lower rank of their family, ``insert``): a search
that needs more room than its memory allows stops and says so ("memory"), rather than forget
states and risk searching a cycle forever. A table can start small and be doubled (``grown``)
up to the memory allowed, so that small searches touch little memory: it is the leading part of
a mapping of all that memory (its numpy ``base``), and it doubles in place, into pages it has
never touched, or that a finished search touched and emptied (``give_back``). Slot value 0
means empty (keys are never 0). ``meta`` holds ``[stored keys, most keys allowed]``.
"""

from __future__ import annotations

import mmap
import sys
import threading
from concurrent.futures import Executor
from itertools import pairwise
from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .kernel import in_search_loop, interpreted_as, kernel

MAX_LOAD = 0.75  # linear probing stays fast below this load
SLOT_BYTES = 8
MIN_TABLE_BYTES = 1024 * SLOT_BYTES  # the smallest table a search is given
RANK_BITS = np.uint64(4)  # a key's top bits that ``insert`` reads as its rank in its family


def slot_count(memory: int) -> int:
    """The largest power-of-two number of slots that fits ``memory`` bytes."""
    slots = 1
    while slots * 2 * SLOT_BYTES <= memory:
        slots *= 2
    if slots < 1024:
        raise ValueError(f"memory {memory} bytes is too small for a table: give at least {1024 * SLOT_BYTES}")
    return slots


def new_table(memory: int, first: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A table of ``slot_count(first)`` slots (of ``memory`` when ``first`` is None), and its meta,
    at the start of a mapping of ``slot_count(memory)`` slots that ``grown`` doubles it into; of
    fewer where the system will not map that much, so that the table stops growing sooner (a
    search then ends "memory") instead of the solve failing."""
    count = slot_count(memory if first is None else min(first, memory))
    room_bytes = slot_count(memory) * SLOT_BYTES
    while True:
        try:
            room = _room(room_bytes)
            break
        except OSError:
            if room_bytes <= count * SLOT_BYTES:
                raise
            room_bytes //= 2
    slots = room[:count]
    return slots, np.array([0, int(count * MAX_LOAD)], dtype=np.int64)


def emptied(slots: np.ndarray, meta: np.ndarray, count: int) -> np.ndarray:
    """The table ``slots`` (made by ``new_table``, maybe grown) with every slot emptied, back to
    the first ``count`` slots of its mapping; ``meta`` is set to match. Emptying only the slots in
    use leaves every later slot 0, as ``grown`` expects of the part it doubles into."""
    slots.fill(0)
    meta[0] = 0
    meta[1] = int(count * MAX_LOAD)
    return mapping_of(slots)[:count]


_given_back: list[np.ndarray] = []  # at most one mapping, every slot 0, that a finished search gave back
_given_back_lock = threading.Lock()
RELEASED = 1 << 21  # bytes at the start of a mapping given back that ``give_back`` releases ...
RELEASE_ZEROES = sys.platform.startswith("linux") and hasattr(mmap, "MADV_DONTNEED")  # ... where
# Linux's MADV_DONTNEED makes a private anonymous page read as zeros again (elsewhere it may not)


def _room(size: int) -> np.ndarray:
    """``size`` zero bytes as slots: the mapping given back last when it has that size, else a new
    one. In a process that solves deal after deal (a ``batch`` worker) the pages a large search
    touched are touched already for the next: a first touch costs about 1.4 ms a megabyte on
    this machine, emptying a touched page about 0.07."""
    with _given_back_lock:
        if _given_back and _given_back[0].nbytes == size:
            return _given_back.pop()
    return _zeroed(size)


def mapping_of(slots: np.ndarray) -> np.ndarray:
    """The slots of the whole mapping that the table ``slots`` (made by ``new_table``) leads."""
    room = slots.base
    assert room is not None, "a table made by new_table is a view of its mapping"
    return room


def give_back(slots: np.ndarray) -> None:
    """Keep the mapping of the table ``slots`` (made by ``new_table``), emptied, for the next
    ``new_table`` of its size in this process. Only for a table no search will use again. On
    Linux its first ``RELEASED`` bytes go back to the system (for a small search, emptying them
    would cost more than the few pages it touched); the rest of its slots are set to 0, and the
    slots past them are 0 already (``grown`` only writes zeros there)."""
    room = mapping_of(slots)
    released = min(slots.nbytes, RELEASED) if RELEASE_ZEROES else 0
    room[released // SLOT_BYTES : slots.shape[0]] = 0
    if released:
        buffer: Any = room.base  # numpy's view of the mmap
        buffer.obj.madvise(mmap.MADV_DONTNEED, 0, released)
    with _given_back_lock:
        _given_back[:] = [room]


HUGE_FROM = 1 << 22  # bytes: ``small_table`` takes huge pages from this size


def small_table(count: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of ``count`` slots (a power of two), and its meta: for a table a solve may touch
    at only a few slots, where the first touch of a huge page (2 MiB zeroed, about 4 ms here)
    would cost more than the solve itself, so in ordinary pages up to ``HUGE_FROM`` bytes (grown
    by ``doubled``: each first touch of a page costs a fault, so keys spread over a large table
    cost one a key). Larger, it is held by keys enough to pay for its huge pages, and with
    ordinary pages nearly every probe would also miss the TLB."""
    huge = count * SLOT_BYTES >= HUGE_FROM
    return _zeroed(count * SLOT_BYTES, huge=huge), np.array([0, int(count * MAX_LOAD)], dtype=np.int64)


def doubled(slots: np.ndarray, meta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A ``small_table`` of twice the slots of ``slots`` holding its keys, and its meta."""
    bigger, bigger_meta = small_table(2 * slots.shape[0])
    _rehash(slots, bigger, bigger_meta, 0, slots.shape[0])
    return bigger, bigger_meta


def has_room(slots: np.ndarray) -> bool:
    """The mapping the table ``slots`` starts has room for twice its slots (``grown``)."""
    return slots.base is not None and slots.base.shape[0] >= 2 * slots.shape[0]


def grown(slots: np.ndarray, meta: np.ndarray, pool: Executor | None = None,
          parts: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The table doubled in place (the keys moved to where probes in twice the slots find them),
    and its meta; the pages of its new half are first touched in ``parts`` ranges, one on this
    thread and the others on ``pool``'s threads.

    In place, a table touches each page of its final size once; copied into a new table at each
    doubling, it touched twice that, and a first touch costs about 2 ms a megabyte on this
    machine. Why every key stays findable: docs/engine.md, "Transposition table".
    """
    if not has_room(slots):
        raise ValueError("the table has no room to double in place: make it with new_table(memory, first)")
    n = slots.shape[0]
    bigger = mapping_of(slots)[: 2 * n]
    if parts > 1:
        bounds = [n + n * part // parts for part in range(parts + 1)]
        others = [] if pool is None else [pool.submit(_touch, bigger, low, high) for low, high in pairwise(bounds[1:])]
        _touch(bigger, bounds[0], bounds[1])
        for other in others:
            other.result()
    meta[1] = int(2 * n * MAX_LOAD)
    start = _first_empty(slots)
    wrapped = slots[:start].copy()
    slots[:start] = 0
    meta[0] -= start
    _spread(bigger, start, n)
    _rehash(wrapped, bigger, meta, 0, start)
    return bigger, meta


def load_rehash() -> None:
    """Compile or load the kernels ``grown`` calls now: they are first needed when a table fills, in
    the middle of a search, whose clock should not count them."""
    empty = np.zeros(1, dtype=np.uint64)
    _rehash(empty, empty, np.zeros(2, dtype=np.int64), 0, 0)
    _touch(empty, 0, 0)
    _first_empty(empty)
    _spread(empty, 0, 0)


def _zeroed(size: int, huge: bool = True) -> np.ndarray:
    """``size`` zero bytes (as slots) from an anonymous map, with ``huge`` in huge pages where the
    kernel offers them.

    Keys land on random slots, so a search touches pages all over the table: with 4 KiB pages
    the first touch of each (a page fault) cost more than the search itself on large tables.
    """
    area = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if huge and hasattr(mmap, "MADV_HUGEPAGE"):
        area.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(area, dtype=np.uint64)


@in_search_loop
def insert(slots, meta, key):
    """Add ``key``: 1 when it is new or lowers its family's rank, 0 when it was already there or
    a key of its family with a rank no higher was, -1 when the table is full.

    A key's top ``RANK_BITS`` are its *rank*, the rest its family: a table holds one key of each
    family, the lowest rank added (``zobrist.finished_key``: the states of one family differ
    only by their talon split, and one of lower rank dominates one of higher). Safe while other
    threads insert into the same table (the parallel search): a slot is claimed or lowered with
    one atomic compare-and-swap, so of two threads adding one key exactly one gets 1, and a
    slot another thread changed first is read again.
    """
    mask = np.uint64(slots.shape[0] - 1)
    i = key & mask
    while True:
        value = slots[i]
        if value == np.uint64(0):
            if meta[0] >= meta[1]:
                return -1
            value = _compare_and_swap(slots, i, np.uint64(0), key)
            if value == np.uint64(0):
                _atomic_add(meta, 0, 1)
                return 1
        if (value ^ key) << RANK_BITS == np.uint64(0):  # one family: the lower rank is the lower key
            if value <= key:
                return 0
            if _compare_and_swap(slots, i, value, key) == value:
                return 1
            continue
        i = (i + np.uint64(1)) & mask


@kernel
def find_slot(slots, key):
    """The slot of ``key`` in a table of keys probed as ``insert`` does, or the empty slot where
    its probe ends (tables that keep a value per slot beside it: ``shortcut``, ``best_first``)."""
    mask = np.uint64(slots.shape[0] - 1)
    i = key & mask
    while slots[i] != key and slots[i] != np.uint64(0):
        i = (i + np.uint64(1)) & mask
    return i


def _item_pointer(context, builder, signature, args):
    array_type = signature.args[0]
    data = context.make_array(array_type)(context, builder, args[0])
    return cgutils.get_item_pointer(context, builder, array_type, data, [args[1]], wraparound=False)


def _python_compare_and_swap(array: np.ndarray, index: Any, expected: Any, value: Any) -> Any:
    """``_compare_and_swap`` where Python runs the kernels, on one thread."""
    held = array[index]
    if held == expected:
        array[index] = value
    return held


@interpreted_as(_python_compare_and_swap)
@intrinsic
def _compare_and_swap(typingctx, array, index, expected, value):
    """Atomically: if ``array[index]`` is ``expected``, set it to ``value``; return what it held
    before."""

    def codegen(context, builder, signature, args):
        pointer = _item_pointer(context, builder, signature, args)
        swapped = builder.cmpxchg(pointer, args[2], args[3], "seq_cst", "seq_cst")
        return builder.extract_value(swapped, 0)

    return array.dtype(array, index, expected, value), codegen


def _python_atomic_add(array: np.ndarray, index: Any, value: Any) -> None:
    """``_atomic_add`` where Python runs the kernels, on one thread."""
    array[index] += value


@interpreted_as(_python_atomic_add)
@intrinsic
def _atomic_add(typingctx, array, index, value):
    """Atomically add ``value`` to ``array[index]``."""

    def codegen(context, builder, signature, args):
        pointer = _item_pointer(context, builder, signature, args)
        value = context.cast(builder, args[2], signature.args[2], signature.args[0].dtype)
        builder.atomic_rmw("add", pointer, value, "seq_cst")
        return context.get_dummy_value()

    return types.void(array, index, value), codegen


@interpreted_as(lambda array, index: None)  # a hint to the hardware: nothing to do in Python
@intrinsic
def _prefetch(typingctx, array, index):
    """LLVM's prefetch of ``array[index]`` for reading (the hardware may ignore it)."""

    def codegen(context, builder, signature, args):
        pointer = _item_pointer(context, builder, signature, args)
        byte_pointer = ir.IntType(8).as_pointer()
        int32 = ir.IntType(32)
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte_pointer, int32, int32, int32]), "llvm.prefetch.p0")
        # read (0), high temporal locality (3), data cache (1)
        builder.call(function, [builder.bitcast(pointer, byte_pointer), int32(0), int32(3), int32(1)])
        return context.get_dummy_value()

    return types.void(array, index), codegen


@kernel
def prefetch(slots, key):
    """Start loading the slot where a probe for ``key`` begins, so that a later ``insert`` of it
    does not wait on memory."""
    _prefetch(slots, key & np.uint64(slots.shape[0] - 1))


@kernel
def _rehash(old, new, meta, low, high):
    """Insert the keys of ``old[low:high]`` into ``new``."""
    for i in range(low, high):
        if old[i] != np.uint64(0):
            insert(new, meta, old[i])


@kernel
def _touch(slots, low, high):
    """Write every page of ``slots[low:high]`` once (they hold zeros), so that this thread takes
    their first-touch faults."""
    for i in range(low, high, 512):  # 512 slots: a 4 KiB page
        slots[i] = np.uint64(0)


@kernel
def _first_empty(slots):
    """The first empty slot (a table is never full)."""
    i = 0
    while slots[i] != np.uint64(0):
        i += 1
    return i


@kernel
def _spread(slots, low, n):
    """In a table of ``n`` slots doubled to ``slots`` (its new half empty), move each key of slots
    ``low`` to ``n - 1``, in that order, to the first empty slot from its home in the doubled
    table (``grown``)."""
    mask = np.uint64(slots.shape[0] - 1)
    for j in range(low, n):
        key = slots[j]
        if key == np.uint64(0) or (key & mask) == np.uint64(j):
            continue
        slots[j] = np.uint64(0)
        i = key & mask
        while slots[i] != np.uint64(0):
            i = (i + np.uint64(1)) & mask
        slots[i] = key
