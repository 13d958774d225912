"""Engine moves to the referee's moves, each one checked by ``referee.apply`` as it is expanded,
and back.

The win search's own replay (``solver._replay``) insists on a win; the best-score search needs
the same expansion for a list that ends anywhere, and its end position. ``checked_win`` replays a
referee list that must win (a shortened one, or one from a first run's interpreted search). ``compress`` turns a
solver's move list back into engine moves, for the searches that shorten it, and
``shortcut_moves`` cuts the detours out of a referee list.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from canfield_solver.core.errors import SolverBug
from canfield_solver.core.position import Position
from canfield_solver.core.referee import DRAW, RECYCLE, IllegalMove, Move, apply, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.engine.codec import engine_move, referee_moves
from canfield_solver.engine.driver import shortcut_path


def replay_engine_moves(start: Position, engine_moves: Iterable[int], rules: Rules) -> tuple[list[Move], Position]:
    """The referee moves (draws and recycles explicit) and the position they reach; ``SolverBug``
    when the referee rejects one."""
    moves: list[Move] = []
    position = start
    for step in expand_engine_moves(start, engine_moves, rules):
        moves.append(step[0])
        position = step[1]
    return moves, position


def expand_engine_moves(start: Position, engine_moves: Iterable[int], rules: Rules) -> Iterator[tuple[Move, Position]]:
    """Each referee move of ``engine_moves`` with the position it reaches, expanded and applied only
    as far as the caller reads (a plan reads a win up to its first reveal); ``SolverBug`` when the
    referee rejects one."""
    position, done = start, 0
    try:
        for packed in engine_moves:
            for move in referee_moves(packed, position, rules):
                position = apply(position, move, rules)
                done += 1
                yield move, position
    except (ValueError, AssertionError) as error:
        raise SolverBug(f"engine move list fails replay after {done} moves: {error}") from error


def checked_win(start: Position, moves: list[Move], rules: Rules, what: str) -> list[Move]:
    """``moves``, once the referee has replayed them from ``start`` to a win under ``rules``;
    ``SolverBug``, naming ``what``, when one of them is illegal or they end elsewhere."""
    try:
        won = positions_after(start, moves, rules)[-1].is_won
    except IllegalMove as error:
        raise SolverBug(f"{what} of {len(moves)} moves does not win: {error}") from error
    if not won:
        raise SolverBug(f"{what} of {len(moves)} moves does not win under the rules asked for")
    return moves


def compress(start: Position, moves: list[Move], rules: Rules) -> tuple[np.ndarray, Position]:
    """The engine moves that ``replay_engine_moves`` turns into ``moves`` (a list ``replay_engine_moves`` made, such as a
    solver's: the draws and recycle before a waste play join it as one stock-reach move), and the
    position ``moves`` reach."""
    engine: list[int] = []
    position, recycled = start, False
    for move in moves:
        if move.kind in (DRAW, RECYCLE):
            recycled = recycled or move.kind == RECYCLE
        else:
            engine.append(engine_move(position, move, recycled))
            recycled = False
        position = apply(position, move, rules)
    return np.array(engine, dtype=np.int32), position


def shortcut_moves(start: Position, rules: Rules, moves: list[Move]) -> tuple[list[Move], Position]:
    """``moves`` with detours cut out (``shortcut_path``): a list that ends in the same position
    (up to ``_comparable``) in no more moves, replayed through the referee, and the position it
    ends in."""
    path, goal = compress(start, moves, rules)
    shorter_path = shortcut_path(start, rules, path)
    if shorter_path is path:
        return moves, goal
    shorter, end = replay_engine_moves(start, shorter_path, rules)
    if _comparable(end, rules) != _comparable(goal, rules):
        raise SolverBug("a shortcut move list does not end where the list it shortens does")
    return (shorter, end) if len(shorter) < len(moves) else (moves, goal)


def _comparable(position: Position, rules: Rules) -> Position:
    """The position without what a shortcut may change: the score, and recycles when passes are unlimited."""
    return position.with_changes(score=0, recycles=position.recycles if rules.passes else 0)
