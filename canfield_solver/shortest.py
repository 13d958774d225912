"""The shortest winning move list, counted as printed (every draw and recycle is a move).

First ``solve`` finds a win and ``shortcut_moves`` cuts its detours out; then rounds of the
bounded search (``engine.bounded``) each look for a win at least one move shorter than the best
so far, until a round is exhausted (the best is then proven shortest) or a limit ends the search
(the best found is reported, not proven).

    >>> from canfield_solver.source import setup_game
    >>> setup = setup_game("CF1-D3-AAAAAAD")
    >>> result = shortest(setup.position, setup.rules, max_nodes=20_000)
    >>> result.verdict, len(result.moves) <= result.first_length
    ('winnable', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass


from .deal import Position
from .engine.bridge import encode
from .engine.search import EXHAUSTED, NODES, WON
from .engine.bounded import COST, BoundedSearch, BudgetTable
from .engine.zobrist import make_table
from .limits import drive
from .playback import replay_engine_moves
from .rules import Move, Rules
from .errors import SolverBug
from .solver import DEFAULT_MEMORY, FIRST_TABLE, WINNABLE, solve

DEFAULT_TIME_LIMIT = 60.0  # seconds, for ``solve --shortest`` given no limit: proofs rarely end sooner


@dataclass
class ShortestResult:
    """The shortest win found from ``start`` (empty unless ``verdict`` is "winnable").

    ``proven``: no shorter win exists (a bounded round one move shorter was exhausted).
    ``first_length``: the length of the first win found, before any tightening. ``nodes`` and
    ``seconds`` cover the whole run; ``limit_hit`` names the limit that ended it, if any.
    """

    verdict: str
    moves: list[Move]
    proven: bool
    first_length: int
    rounds: int
    nodes: int
    seconds: float
    limit_hit: str | None
    rules: Rules
    start: Position


@dataclass
class Tightened:
    """What ``tighten`` found: the shortest move list, whether no shorter one exists, the effort."""

    moves: list[Move]
    proven: bool
    rounds: int
    nodes: int
    limit_hit: str | None


def tighten(
    start: Position,
    rules: Rules,
    moves: list[Move],
    target: int,
    *,
    began: float,
    time_limit: float | None,
    max_nodes: int | None,
    memory: int | None,
    first_bound: int | None = None,
) -> Tightened:
    """Rounds of the bounded search for ever shorter move lists from ``start`` to ``target``
    foundation cards (52: a win) than ``moves``, which reaches it, until one finds none (proven)
    or a limit ends the run. ``max_nodes`` counts this run's states; the clock runs from ``began``.
    ``first_bound`` (below ``len(moves) - 1``) makes the first round look only for a list of at most
    that many moves: a round with a low bound finds a short list quickly or not at all.
    """
    table = BudgetTable(DEFAULT_MEMORY if memory is None else memory, FIRST_TABLE)
    z = make_table()  # the rounds share one table; a round's stamp tells its entries apart
    nodes, rounds = 0, 0
    status, limit_hit = EXHAUSTED, None
    bound = len(moves) - 1
    while moves:
        rounds += 1
        bound = len(moves) - 1 if first_bound is None or rounds > 1 else min(first_bound, len(moves) - 1)
        search = BoundedSearch(encode(start, rules), z, table, bound, rounds, target)
        done = nodes
        status, limit_hit = drive(search.start(), search.run, lambda: done + int(search.control[NODES]),
                                  began, time_limit, max_nodes)
        nodes += int(search.control[NODES])
        if status != WON:
            break
        found, end = replay_engine_moves(start, search.path_moves(), rules)
        if sum(end.foundations) < target or len(found) != search.control[COST]:
            raise SolverBug(f"bounded search path of cost {search.control[COST]} replays to {len(found)} "
                            f"moves and {sum(end.foundations)} foundation cards, not {target}")
        moves = found
    proven = limit_hit is None and status == EXHAUSTED and bound == len(moves) - 1
    return Tightened(moves, proven, rounds, nodes, limit_hit)


def shortest(
    start: Position,
    rules: Rules,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory: int | None = None,
) -> ShortestResult:
    """Search for ever shorter wins from ``start`` within the limits (which cover the whole run)."""
    first = solve(start, rules, time_limit=time_limit, max_nodes=max_nodes, memory=memory)
    if first.verdict != WINNABLE:
        return ShortestResult(first.verdict, [], False, 0, 0, first.nodes, first.seconds, first.limit_hit, rules, start)
    began = time.perf_counter() - first.seconds  # the clock counts the first search, not its kernels' loading
    more = tighten(start, rules, first.moves, 52, began=began,  # ``solve`` cut its detours out
                   time_limit=time_limit, max_nodes=None if max_nodes is None else max_nodes - first.nodes,
                   memory=memory)
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
