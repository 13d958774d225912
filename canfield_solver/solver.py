"""Decide a deal: winnable (with a move list), unwinnable, or unknown when a limit was reached.

    >>> result = solve("CF1-D3-AAAAAAC")
    >>> result.verdict, result.limit_hit, result.moves[0]
    ('winnable', None, Move(kind='draw', target='', source_index=-1, target_index=-1, count=1))

The engine searches; this module turns its moves into the referee's moves and replays them
through ``rules.apply`` before returning: a list that does not win raises ``SolverBug``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .deal import Position
from .engine.bridge import encode
from .engine.search import EXHAUSTED, NODES, RUNNING, TABLE_FULL, WON, SearchArrays
from .engine.table import SLOT_BYTES, load_rehash, new_table
from .engine.zobrist import make_table
from .errors import InputError, SolverBug
from .hidden import has_hidden
from .limits import drive
from .playback import replay_engine_moves, shortcut_moves
from .rules import Move, Rules, check_tableau_order
from .source import Setup, setup_game

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
DEFAULT_MEMORY = 1 << 30  # the table's bytes: with numba and Python a solve stays under 2 GB
MIN_MEMORY = 1024 * SLOT_BYTES
FIRST_TABLE = 1 << 21  # the table starts at one huge page and doubles as it fills


@dataclass
class SolveResult:
    """What ``solve`` found. ``moves`` (referee moves, every draw and recycle explicit) wins from
    ``start`` under ``rules`` when ``verdict`` is "winnable" and is empty otherwise."""

    verdict: str
    moves: list[Move]
    nodes: int
    seconds: float
    limit_hit: str | None
    rules: Rules
    start: Position


def _setup(game: str | Setup | Position, rules: Rules | None) -> tuple[Position, Rules]:
    if isinstance(game, Position):
        return game, rules or Rules()
    setup = setup_game(game) if isinstance(game, str) else game
    return setup.position, rules or setup.rules


def _replay(start: Position, engine_moves, rules: Rules) -> list[Move]:
    """Expand engine moves to referee moves, applying each; raise ``SolverBug`` unless they win.

    The search's path can wander (a depth-first search keeps the first win it meets), so its
    detours are cut out; the shorter list is replayed through the referee again (by
    ``shortcut_moves``, which returns the position it ends in).
    """
    moves, end = replay_engine_moves(start, engine_moves, rules)
    if not end.is_won:
        raise SolverBug(f"solver move list of {len(moves)} moves does not end in a win")
    moves, end = shortcut_moves(start, rules, moves, (engine_moves, end))
    if not end.is_won:
        raise SolverBug(f"shortened move list of {len(moves)} moves does not end in a win")
    return moves


def run_search(search: SearchArrays, table_bytes: int, time_limit: float | None, max_nodes: int | None,
               dominance: bool = True) -> tuple[str, str | None, float]:
    """Start ``search`` and run it until a verdict or a limit; return the verdict, the limit hit
    (None, "time", "nodes" or "memory") and the seconds searched. The table doubles as it fills,
    up to ``table_bytes``. The clock (``seconds``, ``time_limit``) starts once the kernels are
    compiled or loaded from the cache, so it counts the search alone."""
    status = search.start(dominance)
    search.run(0, dominance)  # a budget of 0 searches nothing: this compiles or loads ``run``
    load_rehash()
    began = time.perf_counter()

    def step(budget: int) -> int:
        status = search.run(budget, dominance)
        return RUNNING if status == TABLE_FULL and search.grow_table(table_bytes) else status

    status, limit_hit = drive(
        status,
        step,
        lambda: int(search.control[NODES]),
        began,
        time_limit,
        max_nodes,
        search.grow,
    )
    seconds = time.perf_counter() - began
    if status == TABLE_FULL:
        limit_hit = "memory"
    verdict = {WON: WINNABLE, EXHAUSTED: UNWINNABLE}.get(status, UNKNOWN) if limit_hit is None else UNKNOWN
    return verdict, limit_hit, seconds


def solve(
    game: str | Setup | Position,
    rules: Rules | None = None,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory: int | None = None,
    dominance: bool = True,
) -> SolveResult:
    """Search ``game`` (a code, ``pysol:N``, a deal file path, a ``Setup`` or a ``Position``).

    ``rules`` overrides the setup's rules (a bare ``Position`` defaults to ``Rules()``).
    ``time_limit`` (seconds), ``max_nodes`` (states searched) and ``memory`` (bytes of the
    transposition table) end the search with verdict "unknown" and ``limit_hit`` naming the
    limit. ``dominance=False`` turns off the safe-move pruning (for tests). ``InputError`` when a
    column is not a run under ``rules.tableau_order`` (see ``rules.check_tableau_order``).

    The clock (``seconds``, ``time_limit``) starts once the kernels are compiled or loaded from
    the cache, so it counts the search alone; replaying the moves found is not counted.
    """
    start, rules = _setup(game, rules)
    check_tableau_order(start, rules)  # the engine counts on every column being a run
    if has_hidden(start):
        raise InputError("the position has hidden cards ('??'): solve needs every card (see hint.py)")
    table_bytes = DEFAULT_MEMORY if memory is None else memory
    if table_bytes < MIN_MEMORY:
        raise InputError(f"memory {table_bytes} bytes is too small: give at least {MIN_MEMORY} bytes (e.g. 64M)")
    slots, meta = new_table(min(table_bytes, FIRST_TABLE))
    search = SearchArrays(encode(start, rules), make_table(), slots, meta)
    verdict, limit_hit, seconds = run_search(search, table_bytes, time_limit, max_nodes, dominance)
    moves = _replay(start, search.path_moves(), rules) if verdict == WINNABLE else []
    return SolveResult(
        verdict=verdict,
        moves=moves,
        nodes=int(search.control[NODES]),
        seconds=seconds,
        limit_hit=limit_hit,
        rules=rules,
        start=start,
    )
