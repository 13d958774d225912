"""The engine's one way in: run a search on a position within ``Limits`` and get an ``EngineOutcome``.

    >>> from canfield_solver.formats.codes import position_from_code
    >>> outcome = search_win(position_from_code("CF1-D3-AAAAAAC"), Rules(draw=3), Limits(max_nodes=10_000))
    >>> outcome.verdict, outcome.limit_hit, len(outcome.moves) > 0
    (<Verdict.WINNABLE: 'winnable'>, None, True)

This module owns what every search needs around its kernels: the transposition table (started
small and doubled as it fills, up to the memory allowed), the Zobrist keys, and the drive loop
that runs a resumable kernel in chunks between checks of the clock and the node count. Callers
get engine moves back (``EngineOutcome.moves``) and turn them into referee moves with
``referee_moves``, replaying each through the referee.

Four searches: ``search_win`` (depth-first, with dominances, for a verdict), ``search_best``
(every reachable state, for the most foundation cards), ``search_bounded`` (one round of the
bounded search for a path of at most a given number of printed moves) and ``search_short_win``
(weighted best-first, for a short win); ``shortcut_path`` cuts detours out of a path, and
``safe_top_play`` names a foundation move that keeps every win.

Between chunks the watcher set by ``watching`` (if any) hears how many states the search has
searched: the one place a progress line (``cli/progress_line.py``) can follow every kind of search.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move
from canfield_solver.core.rules import MOVES_ANY, SPACES_ANY, TABLEAU_BASE, Rules
from canfield_solver.core.verdict import LimitHit, Verdict

from .codec import encode, engine_move, move_fields, referee_moves
from .first_run.compile_ahead import start_helper, wait_for_helper
from .layout import LOW_CARDS_LATE, TALON_K
from .lost.easier_game import EasierTests
from .movegen import COLUMN_F, RESERVE_F, TALON_F
from .parallel import SharedSearch, load_rewind
from .paths.best_first import FULL, BestFirst
from .paths.best_first import NODES as BEST_FIRST_NODES
from .paths.bounded import COST, BoundedSearch, BudgetTable
from .paths.shortcut import shortcut
from .search import CARDS, EXHAUSTED, NODES, RUNNING, STACK_FULL, TABLE_FULL, WON, SearchArrays, safe_foundation_move
from .side_searches import BURIED_EASIER_MOST, BURIED_EASIER_SHARE, EASIER_MOST, NO_RETURNS_MOST, OTHER_ORDER_MOST, Stepped, WithSideSearch
from .table import MIN_TABLE_BYTES, emptied, give_back, load_rehash, new_table
from .zobrist import full_hash, make_table

__all__ = [
    "EngineOutcome", "Table", "RoundsTable", "search_win", "search_best", "search_bounded", "shortcut_path",
    "search_short_win", "safe_top_play", "referee_moves", "engine_move", "watching", "Watcher", "MIN_TABLE_BYTES",
]

CHUNK = 50_000  # new states per kernel call between clock checks (about 0.1 s)
FIRST_TABLE = 1 << 21  # the table starts at one huge page and doubles as it fills
_VERDICTS = {WON: Verdict.WINNABLE, EXHAUSTED: Verdict.UNWINNABLE}
_NO_MOVES = np.zeros(0, dtype=np.int32)


@functools.cache
def _keys() -> np.ndarray:
    """The Zobrist keys: one fixed table (the kernels only read it), so every search shares it."""
    return make_table()


@dataclass
class EngineOutcome:
    """How one search ended.

    ``verdict``: WINNABLE when the search reached its goal (a win; for ``search_bounded``, the
    target within the bound), UNWINNABLE when it proved there is none (for ``search_best``: it saw
    every reachable state), UNKNOWN when ``limit_hit`` names the limit that ended it first.
    ``nodes``: the states this search entered; ``seconds``: from the clock's start (see each
    search) to the end. ``moves``: engine moves from the start, to the goal (``search_win``,
    ``search_bounded``) or to the state with the most foundation cards seen (``search_best``),
    else empty. ``cards``: the
    foundation cards ``search_best`` reached; ``cost``: the printed moves of ``search_bounded``'s path.
    """

    verdict: Verdict
    limit_hit: LimitHit | None
    nodes: int
    seconds: float
    moves: np.ndarray
    cards: int = 0
    cost: int = 0


class Table:
    """The transposition table of a win or best-score search: ``FIRST_TABLE`` bytes at first (or
    ``memory``, if less), doubled as it fills up to ``memory`` bytes. A caller may keep one from
    search to search (``verdict_only.VerdictSolver``); ``InputError`` when ``memory`` is too small."""

    def __init__(self, memory: int, first: int = FIRST_TABLE) -> None:
        if memory < MIN_TABLE_BYTES:
            raise InputError(f"memory {memory} bytes is too small: give at least {MIN_TABLE_BYTES} bytes (e.g. 64M)")
        self.memory = memory
        self.slots, self.meta = new_table(memory, first)
        self.first = self.slots.shape[0]

    def clear(self) -> None:
        """Forget every state and go back to the first size (the memory stays allocated)."""
        self.slots = emptied(self.slots, self.meta, self.first)


class RoundsTable:
    """The table that rounds of the bounded search share, up to ``memory`` bytes; each round
    stamps its entries with its own number, so one round's entries do not mislead the next."""

    def __init__(self, memory: int) -> None:
        self.table = BudgetTable(memory, FIRST_TABLE)
        self.rounds = 0


class Watcher(Protocol):
    def search_started(self) -> None:
        """A new search begins."""

    def searched(self, states: int) -> None:
        """The current search has searched ``states`` new states since it began."""


_WATCHER: ContextVar[Watcher | None] = ContextVar("watcher", default=None)


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Have every search in this block report to ``watcher``."""
    token = _WATCHER.set(watcher)
    try:
        yield
    finally:
        _WATCHER.reset(token)


def _drive(
    status: int,
    step: Callable[[int], int],
    searched: Callable[[], int],
    began: float,
    limits: Limits,
    grow: Callable[[], None] | None = None,
) -> tuple[int, LimitHit | None]:
    """Call ``step(budget)`` while ``status`` is RUNNING (growing the stack on STACK_FULL).

    ``searched()`` counts the states searched so far against ``limits.max_nodes``; ``began`` is
    the ``time.perf_counter()`` the time limit counts from. Returns the last status and the limit
    hit (TIME, NODES or None).
    """
    watcher = _WATCHER.get()
    if watcher is not None:
        watcher.search_started()
        before = searched()
    while status == RUNNING or (status == STACK_FULL and grow is not None):
        if status == STACK_FULL and grow is not None:
            grow()
        budget = CHUNK
        if limits.max_nodes is not None:
            budget = min(budget, limits.max_nodes - searched())
            if budget <= 0:
                return status, LimitHit.NODES
        if limits.time_limit is not None and time.perf_counter() - began >= limits.time_limit:
            return status, LimitHit.TIME
        status = step(budget)
        if watcher is not None:
            watcher.searched(searched() - before)
    return status, None


def _ended(status: int, limit_hit: LimitHit | None, table: Table, search: SearchArrays) -> tuple[Verdict, LimitHit | None]:
    """The verdict and limit hit of a depth-first search that ended with ``status``; ``table``
    takes the table ``search`` ended with, which may have grown."""
    table.slots, table.meta = search.slots, search.meta
    if status == TABLE_FULL:
        limit_hit = LimitHit.MEMORY
    return (_VERDICTS.get(status, Verdict.UNKNOWN) if limit_hit is None else Verdict.UNKNOWN), limit_hit


def search_win(position: Position, rules: Rules, limits: Limits = Limits(), *, dominance: bool = True,
               table: Table | None = None) -> EngineOutcome:
    """Search ``position`` for a win (``moves``: the win found).

    ``table``: a table to search in and keep (its own memory bound applies), else a new one of up
    to ``limits.table_bytes``. ``dominance=False`` turns off the safe-move pruning (for tests).
    A search past ``parallel.SOLO_STATES`` states splits into searches that share the table
    (``parallel.SharedSearch``), on ``limits.threads`` threads: with more than one, the win found
    and the states counted may differ from run to run (the verdict does not). Under moves "whole"
    or "pile" without foundation returns a search in the other move order searches beside it, on
    its table (``_other_order``). With dominances on, side searches take a share of the turns,
    for a while (``_with_side_search``). ``nodes`` counts the states of all.
    The clock (``seconds``, ``time_limit``) starts once the kernels are compiled or loaded from
    the cache, so it counts the search alone.
    """
    start_helper()
    own_table = table is None
    table = Table(limits.table_bytes) if table is None else table
    search = SearchArrays(encode(position, rules), _keys(), table.slots, table.meta)
    if dominance and easier_game_differs(rules):
        search.tests = EasierTests(_keys(), table.memory)
    status = search.start(dominance)
    search.load(dominance)
    load_rehash()
    wait_for_helper()
    load_rewind(search)
    began = time.perf_counter()
    together: Stepped
    if rules.moves != MOVES_ANY and not rules.worry_back and status == RUNNING:
        other = _other_order(position, rules, search, dominance)
        together = SharedSearch(search, limits.threads, table.memory, dominance, (other,))
    else:
        together = SharedSearch(search, limits.threads, table.memory, dominance)
    if status == RUNNING:
        together = _with_side_search(together, position, rules, table.memory, limits.threads, dominance)
    try:
        status, limit_hit = _drive(status, together.step, together.nodes, began, limits)
    finally:
        together.close()
    verdict, limit_hit = _ended(status, limit_hit, table, together.kept)
    moves = together.winner.path_moves() if verdict == Verdict.WINNABLE else _NO_MOVES
    outcome = EngineOutcome(verdict, limit_hit, together.nodes(), time.perf_counter() - began, moves)
    if own_table:
        give_back(table.slots)
    return outcome


def _with_side_search(together: Stepped, position: Position, rules: Rules, memory: int, threads: int,
                      dominance: bool = True) -> Stepped:
    """``together`` with side searches (``side_searches.WithSideSearch``), each on a table of up to
    an eighth of ``memory``: with foundation returns and limited passes the same game without
    returns, whose win is a win; with dominances on, under the cyclic order the other move order,
    whose win is a win (docs/engine.md, "Move order"), and where ``easier_game_beside`` says so, the
    easier game, draw 1 with unlimited passes, whose loss proves the position lost
    (docs/dominances.md, section 7)."""
    side_memory = max(memory // 8, MIN_TABLE_BYTES)
    if rules.worry_back and rules.passes is not None:
        no_returns = replace(rules, worry_back=False)
        together = WithSideSearch(together, lambda: _own_search(position, no_returns, side_memory, threads, dominance),
                                  NO_RETURNS_MOST, wins_count=True, losses_count=False)
    if not dominance:
        return together
    if rules.tableau_order != TABLEAU_BASE:
        together = WithSideSearch(
            together, lambda: _own_search(position, rules, side_memory, threads, True, low_cards_late=True),
            OTHER_ORDER_MOST, wins_count=True)
    if not easier_game_beside(rules):
        return together
    easier = replace(rules, draw=1, passes=None)
    most, share = (EASIER_MOST, None) if rules.tableau_order == TABLEAU_BASE else (BURIED_EASIER_MOST, BURIED_EASIER_SHARE)
    return WithSideSearch(together, lambda: _own_search(position, easier, side_memory, threads, True),
                          most, wins_count=False, share=share)


def easier_game_differs(rules: Rules) -> bool:
    """Whether the easier game (draw 1, unlimited passes) of ``rules`` is worth searching inside a
    search (``lost.easier_game``), and beside it: under tableau order "base" and other than
    ``rules`` themselves."""
    return rules.tableau_order == TABLEAU_BASE and _harder_than_draw_1(rules)


def easier_game_beside(rules: Rules) -> bool:
    """Whether a side search of the easier game runs beside a search under ``rules``: where
    ``easier_game_differs``, and where cards can be buried for good (moves "whole" or "pile",
    spaces "waste" or "waste-first", without foundation returns: the casino's rules), since there
    the easier game is often lost too (docs/dominances.md, section 7)."""
    buried = rules.moves != MOVES_ANY and rules.spaces != SPACES_ANY and not rules.worry_back
    return (rules.tableau_order == TABLEAU_BASE or buried) and _harder_than_draw_1(rules)


def _harder_than_draw_1(rules: Rules) -> bool:
    """``rules`` are not the easier game's own talon rule (draw 1, unlimited passes)."""
    return not (rules.draw == 1 and rules.passes is None)


def _own_search(position: Position, rules: Rules, memory: int, threads: int, dominance: bool,
                low_cards_late: bool = False) -> SharedSearch:
    """A search of ``position`` under ``rules``, started, on a table of its own of up to ``memory``
    bytes; ``low_cards_late``: in the other move order. Its start is not won: the search of the
    same position it takes turns with found it not won either."""
    table = Table(memory)
    return SharedSearch(_started(position, rules, table.slots, table.meta, dominance, low_cards_late), threads, memory,
                        dominance)


def _other_order(position: Position, rules: Rules, first: SearchArrays, dominance: bool) -> SearchArrays:
    """A search of ``position`` in the order of ``LOW_CARDS_LATE``, started on the table of
    ``first`` (started, RUNNING), to search beside it: its start is ``first``'s and counts once."""
    other = _started(position, rules, first.slots, first.meta, dominance, low_cards_late=True)
    other.control[NODES] = 0
    return other


def _started(position: Position, rules: Rules, slots: np.ndarray, meta: np.ndarray, dominance: bool,
             low_cards_late: bool) -> SearchArrays:
    """A search of ``position`` under ``rules`` on the table ``slots``, ``meta``, its start entered;
    ``low_cards_late``: in the order of ``LOW_CARDS_LATE``."""
    st = encode(position, rules)
    st[LOW_CARDS_LATE] = int(low_cards_late)
    search = SearchArrays(st, _keys(), slots, meta)
    search.start(dominance)
    return search


def search_best(position: Position, rules: Rules, limits: Limits, *, began: float | None = None) -> EngineOutcome:
    """Search every state reachable from ``position`` (no dominances) for the most foundation
    cards (``cards``, reached by ``moves``); the clock runs from ``began`` (default: now)."""
    began = time.perf_counter() if began is None else began
    table = Table(limits.table_bytes)
    search = SearchArrays(encode(position, rules), _keys(), table.slots, table.meta)

    def step(budget: int) -> int:
        status = search.run(budget, False, True)
        return RUNNING if status == TABLE_FULL and search.grow_table(table.memory) else status

    status, limit_hit = _drive(search.start(False), step, lambda: int(search.control[NODES]), began, limits,
                               search.grow)
    verdict, limit_hit = _ended(status, limit_hit, table, search)
    outcome = EngineOutcome(verdict, limit_hit, int(search.control[NODES]), time.perf_counter() - began,
                            search.best_moves(), cards=int(search.best[CARDS]))
    give_back(table.slots)
    return outcome


def search_bounded(position: Position, rules: Rules, bound: int, target: int, table: RoundsTable, limits: Limits,
                   *, began: float, spent: int = 0) -> EngineOutcome:
    """One round of the bounded search: a path of at most ``bound`` printed moves from ``position``
    to ``target`` foundation cards (52: a win), in ``table`` (shared by the rounds of one run).

    The clock runs from ``began``; ``spent`` states searched before this round count against
    ``limits.max_nodes`` (``nodes`` counts this round's alone).
    """
    table.rounds += 1
    search = BoundedSearch(encode(position, rules), _keys(), table.table, bound, table.rounds, target)
    status, limit_hit = _drive(search.start(), search.run, lambda: spent + int(search.control[NODES]), began, limits)
    verdict = _VERDICTS.get(status, Verdict.UNKNOWN) if limit_hit is None else Verdict.UNKNOWN
    moves = search.path_moves() if verdict == Verdict.WINNABLE else _NO_MOVES
    return EngineOutcome(verdict, limit_hit, int(search.control[NODES]), time.perf_counter() - began, moves,
                         cost=int(search.control[COST]))


def search_short_win(position: Position, rules: Rules, weight: int, below: int, records: int, limits: Limits,
                     *, began: float) -> EngineOutcome:
    """A weighted best-first search (``engine.paths.best_first``) for a win of fewer than ``below`` printed
    moves from ``position``, in at most ``records`` states; WINNABLE with the win found, else UNKNOWN:
    ``limit_hit`` names the limit (MEMORY: the records ran out), or is None when every state was
    tried, which proves nothing (the moves searched keep some win, not every short one). The clock
    runs from ``began``."""
    search = BestFirst(encode(position, rules), _keys(), records, weight, below)
    status, limit_hit = _drive(search.start(), search.run, lambda: int(search.control[BEST_FIRST_NODES]), began,
                               limits)
    if status == FULL:
        limit_hit = LimitHit.MEMORY
    won = status == WON and limit_hit is None
    return EngineOutcome(Verdict.WINNABLE if won else Verdict.UNKNOWN, limit_hit,
                         int(search.control[BEST_FIRST_NODES]), time.perf_counter() - began,
                         search.path_moves() if won else _NO_MOVES)


def shortcut_path(position: Position, rules: Rules, path: np.ndarray) -> np.ndarray:
    """Engine moves from ``position`` to where ``path`` ends, its detours cut out (``engine.paths.shortcut``,
    pass after pass while a pass saves printed moves): ``path``'s moves when none does.

    The honest player's hints cut the same win out of the same sample again (about three calls in
    ten, measured on ``play`` games), and each cut tries every jump of one or two moves at every
    state of the path, so the last cuts are kept (``_cut_path``)."""
    cut = _cut_path(position, rules, np.ascontiguousarray(path, dtype=np.int32).tobytes())
    return np.frombuffer(cut, dtype=np.int32).copy()


@functools.lru_cache(maxsize=4096)
def _cut_path(position: Position, rules: Rules, moves: bytes) -> bytes:
    """``shortcut_path`` of the engine moves ``moves`` (``int32`` bytes), as bytes."""
    path = np.frombuffer(moves, dtype=np.int32).copy()
    st = encode(position, rules)
    hashes = np.zeros(5, dtype=np.uint64)
    full_hash(st, _keys(), hashes)
    wait_for_helper()
    while len(path):
        out = np.zeros(2 * len(path), dtype=np.int32)
        length, saved = shortcut(st, hashes, _keys(), path, out)
        if saved == 0:
            break
        path = out[:length]
    return path.tobytes()


def safe_top_play(position: Position, rules: Rules) -> Move | None:
    """The foundation move that keeps every win (``search.safe_foundation_move``) when it plays a
    card on top, with no draw or recycle first: the reserve top, a column top or the waste top;
    else None."""
    state = encode(position, rules)
    move = int(safe_foundation_move(state))
    if move < 0:
        return None
    kind, _, _, _, split, recycle = move_fields(move)
    if kind not in (RESERVE_F, COLUMN_F, TALON_F) or (kind == TALON_F and (split != state[TALON_K] or recycle)):
        return None
    (play,) = referee_moves(move, position, rules)
    return play
