"""Which kernels each of a first run's two compiling processes compiles first, so that neither
compiles what the other does.

The search process and its helper (``compile_ahead``) both call ``moves_onto``, ``state_key``
and their callees, and the helper's best-first search calls ``buried_for_good`` and
``searched_moves`` (through ``ordered_moves``, inlined into it). numba compiles a kernel when a
kernel calling it is compiled, unless the cache already holds it for the same types, which it then
loads. Left to their own order, the two compiled about 1.3 s of the same kernels at once, and the
search process, which waits for the helper before it answers, compiled about 2 s more than the
helper. So each first compiles a share of the kernels the other will need later: the search
process the move order (``searched_moves``, with the safe-move tests it calls), the helper the
move generation (``moves_onto``) and the state key, and then the growing table's kernels, which
the search process calls last, before its own late kernels. The buried-cards and stuck-reserve
tests go to the process with less to do: the search process when the helper compiles the
best-first search too (a first ``solve`` or ``analyse``), else the helper, since the search
process needs them only once it compiles ``search.run``. What one has not finished when
the other needs it, the other compiles itself: the cache stays right either way, only the time
is lost.

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
from ..movegen import moves_onto
from ..search import can_be_built_on, free_cards, searched_moves
from ..table import load_rehash
from ..zobrist import full_hash, make_table, state_key

SHARED = (free_cards, can_be_built_on, buried_for_good, searched_moves, moves_onto, reserve_stuck, state_key)  # in the shares


def any_state() -> np.ndarray:
    """The encoded state of a deal: the kernels' types do not depend on its cards."""
    deck = range(52)
    position = Position(base=deck[13], reserve=tuple(deck[:13]), tableau=tuple((card,) for card in deck[14:18]),
                        stock=tuple(deck[18:]), foundations=tuple(int(suit == suit_of(deck[13])) for suit in range(4)))
    return encode(position, resolve_rules(RuleOptions("app")))


def compile_search_share(best_first: bool) -> None:
    """The search process's share, before it compiles ``search.run``; the buried-cards and
    stuck-reserve tests first when the helper compiles the best-first search (``compile_helper_share``)."""
    st, words = any_state(), np.zeros(5, dtype=np.uint64)  # the hashes; ``full_hash`` reads the keys by card
    full_hash(st, make_table(), words)
    # two that ``searched_moves`` calls after ``moves_onto``: it comes to ``moves_onto`` once the helper has it
    _compile(free_cards, st)
    _compile(can_be_built_on, st, np.int64(0), np.int64(0), np.int64(0), np.int64(0), False)
    if best_first:
        _compile(buried_for_good, st)
        _compile(reserve_stuck, st)
    _compile(searched_moves, st, _moves(), False)


def compile_helper_share(best_first: bool) -> None:
    """The helper's share, before its own kernels: the buried-cards and stuck-reserve tests when
    the search process leaves them (``compile_search_share``); last those a growing table calls,
    which only the search process calls, after ``search.run``."""
    st, words = any_state(), np.zeros(1, dtype=np.uint64)  # hashes or keys: only the types matter
    _compile(moves_onto, st, _moves(), np.int64(0))
    if not best_first:
        _compile(buried_for_good, st)
        _compile(reserve_stuck, st)
    _compile(state_key, st, words, words)
    load_rehash()


def _moves() -> np.ndarray:
    return np.zeros(1, dtype=np.int32)


def _compile(kernel: Kernel, *args: Any) -> None:
    """Compile (or load) the build other kernels call, for ``args``' types, without calling it."""
    kernel.inner.compile(tuple(typeof(arg) for arg in args))
