"""Engine moves to the referee's moves, each one checked by ``rules.apply`` as it is expanded.

The win search's own replay (``solver._replay``) insists on a win; the best-score search needs
the same expansion for a list that ends anywhere, and its end position.
"""

from __future__ import annotations

from typing import Iterable

from .deal import Position
from .engine.bridge import referee_moves
from .rules import Move, Rules, apply
from .solver import SolverBug


def expand(start: Position, engine_moves: Iterable[int], rules: Rules) -> tuple[list[Move], Position]:
    """The referee moves (draws and recycles explicit) and the position they reach; ``SolverBug``
    when the referee rejects one."""
    moves: list[Move] = []
    position = start
    try:
        for engine_move in engine_moves:
            for move in referee_moves(engine_move, position, rules):
                position = apply(position, move, rules)
                moves.append(move)
    except (ValueError, AssertionError) as error:
        raise SolverBug(f"engine move list fails replay after {len(moves)} moves: {error}") from error
    return moves, position
