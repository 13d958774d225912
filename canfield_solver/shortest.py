"""The shortest winning move list, counted as printed (every draw and recycle is a move).

First ``solve`` finds a win; then rounds of the bounded search (``engine.shortest``) each look
for a win at least one move shorter than the best so far, until a round is exhausted (the best
is then proven shortest) or a limit ends the search (the best found is reported, not proven).

    >>> from canfield_solver.source import setup_game
    >>> setup = setup_game("CF1-D3-AAAAAAD")
    >>> result = shortest(setup.position, setup.rules, time_limit=60)
    >>> result.verdict, len(result.moves) <= result.first_length
    ('winnable', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .deal import Position
from .engine.bridge import encode
from .engine.search import EXHAUSTED, NODES, WON
from .engine.shortest import COST, BoundedSearch, BudgetTable
from .engine.zobrist import make_table
from .limits import drive
from .playback import expand
from .rules import Move, Rules
from .solver import DEFAULT_MEMORY, FIRST_TABLE, WINNABLE, SolverBug, solve

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


def shortest(
    start: Position,
    rules: Rules,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory: int | None = None,
) -> ShortestResult:
    """Search for ever shorter wins from ``start`` within the limits (which cover the whole run)."""
    began = time.perf_counter()
    first = solve(start, rules, time_limit=time_limit, max_nodes=max_nodes, memory=memory)
    best, nodes, rounds = first.moves, first.nodes, 0
    status, limit_hit = (EXHAUSTED, None) if first.verdict == WINNABLE else (None, first.limit_hit)
    if first.verdict == WINNABLE and best:
        # The rounds share one table; a round's stamp tells its entries apart.
        table = BudgetTable(DEFAULT_MEMORY if memory is None else memory, FIRST_TABLE)
        z = make_table()
        while True:
            rounds += 1
            search = BoundedSearch(encode(start, rules), z, table, len(best) - 1, rounds)
            done = nodes
            status, limit_hit = drive(search.start(), search.run, lambda: done + int(search.control[NODES]),
                                      began, time_limit, max_nodes)
            nodes += int(search.control[NODES])
            if status != WON:
                break
            moves, end = expand(start, search.path_moves(), rules)
            if not end.is_won or len(moves) != search.control[COST]:
                raise SolverBug(f"bounded search win of cost {search.control[COST]} replays to "
                                f"{len(moves)} moves, {'won' if end.is_won else 'not won'}")
            best = moves
    return ShortestResult(
        verdict=first.verdict,
        moves=best,
        proven=first.verdict == WINNABLE and limit_hit is None and status == EXHAUSTED,
        first_length=len(first.moves),
        rounds=rounds,
        nodes=nodes,
        seconds=time.perf_counter() - began,
        limit_hit=limit_hit,
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
