"""Decide a deal: winnable (with a move list), unwinnable, or unknown when a limit was reached.

    >>> from canfield_solver.core.referee import positions_after
    >>> result = solve("CF1-D3-AAAAAAC")
    >>> result.verdict, result.limit_hit, positions_after(result.start, result.moves, result.rules)[-1].is_won
    (<Verdict.WINNABLE: 'winnable'>, None, True)

The engine searches; this module turns its moves into the referee's moves and replays them
through ``referee.apply`` before returning: a list that does not win raises ``SolverBug``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from canfield_solver.core.errors import InputError, SolverBug
from canfield_solver.core.hidden import has_hidden
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move
from canfield_solver.core.rules import Rules, check_tableau_order
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.driver import search_win, shortcut_path
from canfield_solver.formats.deal_argument import Setup, setup_game

from .referee_replay import expand_engine_moves, replay_engine_moves


@dataclass
class SolveResult:
    """What ``solve`` found. ``moves`` (referee moves, every draw and recycle explicit) wins from
    ``start`` under ``rules`` when ``verdict`` is WINNABLE and is empty otherwise."""

    verdict: Verdict
    moves: list[Move]
    nodes: int
    seconds: float
    limit_hit: LimitHit | None
    rules: Rules
    start: Position


def _setup(game: str | Setup | Position, rules: Rules | None) -> tuple[Position, Rules]:
    if isinstance(game, Position):
        return game, rules or Rules()
    setup = setup_game(game) if isinstance(game, str) else game
    return setup.position, rules or setup.rules


def _replay(start: Position, engine_moves: np.ndarray, rules: Rules) -> list[Move]:
    """The search's win, its detours cut out, as referee moves, each applied by the referee;
    ``SolverBug`` unless they win.

    The search's path can wander (a depth-first search keeps the first win it meets), so the
    engine cuts its detours out first (``shortcut_path``); the list that comes out is the one
    the referee replays, once.
    """
    moves, end = replay_engine_moves(start, shortcut_path(start, rules, engine_moves), rules)
    if not end.is_won:
        raise SolverBug(f"solver move list of {len(moves)} moves does not end in a win")
    return moves


def solve(
    game: str | Setup | Position,
    rules: Rules | None = None,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory: int | None = None,
    dominance: bool = True,
    limits: Limits | None = None,
) -> SolveResult:
    """Search ``game`` (a code, ``pysol:N``, a deal file path, a ``Setup`` or a ``Position``).

    ``rules`` overrides the setup's rules (a bare ``Position`` defaults to ``Rules()``).
    ``time_limit`` (seconds), ``max_nodes`` (states searched) and ``memory`` (bytes of the
    transposition table), or all three as ``limits``, end the search with verdict UNKNOWN and
    ``limit_hit`` naming the limit. ``dominance=False`` turns off the safe-move pruning (for
    tests). ``InputError`` when a column is not a run under ``rules.tableau_order`` (see
    ``rules.check_tableau_order``).

    The clock (``seconds``, ``time_limit``) starts once the kernels are compiled or loaded from
    the cache, so it counts the search alone; replaying the moves found is not counted.
    """
    start, rules = _setup(game, rules)
    _check_searchable(start, rules)
    if limits is None:
        limits = Limits(time_limit, max_nodes, memory)
    elif (time_limit, max_nodes, memory) != (None, None, None):
        raise TypeError("give solve either limits or time_limit, max_nodes and memory, not both")
    outcome = search_win(start, rules, limits, dominance=dominance)
    moves = _replay(start, outcome.moves, rules) if outcome.verdict == Verdict.WINNABLE else []
    return SolveResult(
        verdict=outcome.verdict,
        moves=moves,
        nodes=outcome.nodes,
        seconds=outcome.seconds,
        limit_hit=outcome.limit_hit,
        rules=rules,
        start=start,
    )


def win_moves(start: Position, rules: Rules, limits: Limits) -> Iterator[Move] | None:
    """The moves of the win ``solve`` returns, expanded and replayed through the referee only as far
    as they are read (``SolverBug`` on one it rejects); None when no win was found within
    ``limits``. For the honest player's plans, which read a win up to its first card shown: the
    rest of a win's replay cost them as much as the search (``plan.py``)."""
    _check_searchable(start, rules)
    outcome = search_win(start, rules, limits)
    if outcome.verdict != Verdict.WINNABLE:
        return None
    return (move for move, _ in expand_engine_moves(start, shortcut_path(start, rules, outcome.moves), rules))


def _check_searchable(start: Position, rules: Rules) -> None:
    """``InputError`` unless the engine can search ``start``: every card known, every column a run."""
    check_tableau_order(start, rules)  # the engine counts on every column being a run
    if has_hidden(start):
        raise InputError("the position has hidden cards ('??'): solve needs every card (see solving/hint.py)")
