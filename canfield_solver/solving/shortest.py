"""The shortest winning move list, counted as printed (every draw and recycle is a move).

First ``solve`` finds a win and ``shortcut_moves`` cuts its detours out; then rounds of the
bounded search (``engine.paths.bounded``) each look for a win at least one move shorter than the best
so far, until a round is exhausted (the best is then proven shortest) or a limit ends the search
(the best found is reported, not proven).

    >>> from canfield_solver.formats.deal_argument import setup_game
    >>> setup = setup_game("CF1-D3-AAAAAAD")
    >>> result = shortest(setup.position, setup.rules, Limits(max_nodes=20_000))
    >>> result.verdict, len(result.moves) <= result.first_length
    (<Verdict.WINNABLE: 'winnable'>, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from canfield_solver.core.errors import SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.driver import RoundsTable, search_bounded

from .referee_replay import replay_engine_moves
from .solver import solve

DEFAULT_TIME_LIMIT = 60.0  # seconds, for ``solve --shortest`` given no limit: proofs rarely end sooner


@dataclass
class ShortestResult:
    """The shortest win found from ``start`` (empty unless ``verdict`` is "winnable").

    ``proven``: no shorter win exists (a bounded round one move shorter was exhausted).
    ``first_length``: the length of the first win found, before any tightening. ``nodes`` and
    ``seconds`` cover the whole run; ``limit_hit`` names the limit that ended it, if any.
    """

    verdict: Verdict
    moves: list[Move]
    proven: bool
    first_length: int
    rounds: int
    nodes: int
    seconds: float
    limit_hit: LimitHit | None
    rules: Rules
    start: Position


@dataclass
class Tightened:
    """What ``tighten`` found: the shortest move list, whether no shorter one exists, the effort."""

    moves: list[Move]
    proven: bool
    rounds: int
    nodes: int
    limit_hit: LimitHit | None


def tighten(
    start: Position,
    rules: Rules,
    moves: list[Move],
    target: int,
    limits: Limits,
    *,
    began: float,
) -> Tightened:
    """Rounds of the bounded search for ever shorter move lists from ``start`` to ``target``
    foundation cards (52: a win) than ``moves``, which reaches it, until one finds none (proven)
    or a limit ends the run. ``limits.max_nodes`` counts this run's states; the clock runs from ``began``.
    """
    table = RoundsTable(limits.table_bytes)  # the rounds share one table
    nodes = 0
    outcome_verdict, limit_hit = Verdict.UNWINNABLE, None
    while moves:
        outcome = search_bounded(start, rules, len(moves) - 1, target, table, limits, began=began, spent=nodes)
        nodes += outcome.nodes
        outcome_verdict, limit_hit = outcome.verdict, outcome.limit_hit
        if outcome.verdict != Verdict.WINNABLE:
            break
        found, end = replay_engine_moves(start, outcome.moves, rules)
        if sum(end.foundations) < target or len(found) != outcome.cost:
            raise SolverBug(f"bounded search path of cost {outcome.cost} replays to {len(found)} "
                            f"moves and {sum(end.foundations)} foundation cards, not {target}")
        moves = found
    proven = limit_hit is None and outcome_verdict == Verdict.UNWINNABLE
    return Tightened(moves, proven, table.rounds, nodes, limit_hit)


def shortest(start: Position, rules: Rules, limits: Limits = Limits()) -> ShortestResult:
    """Search for ever shorter wins from ``start`` within ``limits`` (which cover the whole run)."""
    first = solve(start, rules, limits=limits)
    if first.verdict != Verdict.WINNABLE:
        return ShortestResult(first.verdict, [], False, 0, 0, first.nodes, first.seconds, first.limit_hit, rules, start)
    began = time.perf_counter() - first.seconds  # the clock counts the first search, not its kernels' loading
    rest = replace(limits, max_nodes=None if limits.max_nodes is None else limits.max_nodes - first.nodes)
    more = tighten(start, rules, first.moves, 52, rest, began=began)  # ``solve`` cut its detours out
    return ShortestResult(
        verdict=first.verdict,
        moves=more.moves,
        proven=more.proven,
        first_length=len(first.moves),
        rounds=more.rounds,
        nodes=first.nodes + more.nodes,
        seconds=time.perf_counter() - began,
        limit_hit=more.limit_hit,
        rules=rules,
        start=start,
    )


def shortest_summary(result: ShortestResult) -> dict:
    """What ``solve --shortest`` adds to its output: the length, whether it is proven shortest, how found."""
    return {
        "length": len(result.moves),
        "proven": result.proven,
        "first_length": result.first_length,
        "rounds": result.rounds,
    }
