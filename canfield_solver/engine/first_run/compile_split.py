"""Which kernels each of a first run's two compiling processes compiles first, so that neither
compiles what the other does.

The search process and its helper (``compile_ahead``) both call ``moves_onto``, ``state_key``,
``insert``, ``make``, ``unmake`` and their callees, and the helper's best-first search calls
``buried_for_good`` and ``searched_moves`` (through ``ordered_moves``, inlined into it). numba
compiles a kernel when a kernel calling it is compiled, unless the cache already holds it for the
same types, which it then loads. Left to their own order, the two compiled about 1.3 s of the
same kernels at once, and the search process, which waits for the helper before it answers,
compiled about 2 s more than the helper. So each first compiles a share of the kernels: the
search process the move order (``searched_moves``, with the safe-move tests it calls) and the
kernels only ``search.run`` calls (``expand_node``, ``dominated_key``), the helper the move
generation (``moves_onto``), the state key and the table's insert, and then the growing table's
kernels, which the search process calls last, before its own late kernels. ``make`` and
``unmake`` (which ``run`` and the helper's own kernels call) and the buried-cards and
stuck-reserve tests go to the process with less to do: the search process when the helper
compiles the best-first search too (a first ``solve`` or ``analyse``), else the helper, in the
order the search process's compile of ``search.run`` comes to them. What one has not finished
when the other needs it, the other compiles itself: the cache stays right either way, only the
time is lost.

The types are those the callers pass (``tests/engine/test_compile_split.py`` checks that a
solve then compiles none of these kernels): a state as ``int32``, hashes as ``uint64``, moves
as ``int32`` arrays, every number as ``int64`` (``kernel._ByValue``) and flags as ``bool``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import typeof

from canfield_solver.core.cards import suit_of
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions, resolve_rules

from ..codec import encode
from ..kernel import Kernel
from ..lost.buried_cards import buried_for_good
from ..lost.stuck_reserve import reserve_stuck
from ..movegen import make, moves_onto, unmake
from ..search import can_be_built_on, expand_node, free_cards, searched_moves
from ..table import insert, load_rehash, small_table
from ..zobrist import dominated_key, full_hash, make_table, state_key

SHARED = (free_cards, can_be_built_on, buried_for_good, searched_moves, expand_node, dominated_key, moves_onto, reserve_stuck,
          state_key, insert, unmake, make)  # in the shares


def any_state() -> np.ndarray:
    """The encoded state of a deal: the kernels' types do not depend on its cards."""
    deck = range(52)
    position = Position(base=deck[13], reserve=tuple(deck[:13]), tableau=tuple((card,) for card in deck[14:18]),
                        stock=tuple(deck[18:]), foundations=tuple(int(suit == suit_of(deck[13])) for suit in range(4)))
    return encode(position, resolve_rules(RuleOptions("app")))


def compile_search_share(best_first: bool) -> None:
    """The search process's share, before it compiles ``search.run``: ``make``, ``unmake`` and
    the buried-cards and stuck-reserve tests when the helper compiles the best-first search
    (``compile_helper_share``), and last the kernels of ``run``'s loop that nothing else calls, so
    that ``run``'s compile comes to those both call once the helper has them."""
    st, words = any_state(), np.zeros(5, dtype=np.uint64)  # the hashes; ``full_hash`` reads the keys by card
    full_hash(st, make_table(), words)
    _compile(dominated_key, st, words, words)
    if best_first:
        _compile_make_and_unmake(st, words)
    # two that ``searched_moves`` calls after ``moves_onto``: it comes to ``moves_onto`` once the helper has it
    _compile(free_cards, st)
    _compile(can_be_built_on, st, np.int64(0), np.int64(0), np.int64(0), np.int64(0), False)
    if best_first:
        _compile(buried_for_good, st)
        _compile(reserve_stuck, st)
    _compile(searched_moves, st, _moves(), False)
    slots, _ = small_table(1024)
    _compile(expand_node, st, words, words, slots, _moves(), words, np.int64(0), False)


def compile_helper_share(best_first: bool) -> None:
    """The helper's share, before its own kernels: those the search's loop calls in the order
    ``search.run``'s compile comes to them, with ``make``, ``unmake`` and the buried-cards and
    stuck-reserve tests when the search process leaves them (``compile_search_share``); last
    those a growing table calls, which only the search process calls, after ``search.run``."""
    st, words = any_state(), np.zeros(1, dtype=np.uint64)  # hashes, keys or a table: only the types matter
    _compile(moves_onto, st, _moves(), np.int64(0))
    _compile(state_key, st, words, words)
    _compile(insert, *small_table(1024), np.uint64(0))
    if not best_first:
        _compile_make_and_unmake(st, words)
        _compile(reserve_stuck, st)
        _compile(buried_for_good, st)
    load_rehash()


def _compile_make_and_unmake(st: np.ndarray, words: np.ndarray) -> None:
    _compile(unmake, st, words, words, np.int64(0), np.int64(0))
    _compile(make, st, words, words, np.int64(0))


def _moves() -> np.ndarray:
    return np.zeros(1, dtype=np.int32)


def _compile(kernel: Kernel, *args: Any) -> None:
    """Compile (or load) the build other kernels call, for ``args``' types, without calling it."""
    kernel.inner.compile(tuple(typeof(arg) for arg in args))
