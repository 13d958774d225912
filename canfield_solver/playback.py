"""Engine moves to the referee's moves, each one checked by ``rules.apply`` as it is expanded,
and back.

The win search's own replay (``solver._replay``) insists on a win; the best-score search needs
the same expansion for a list that ends anywhere, and its end position. ``compress`` turns a
solver's move list back into engine moves, for the searches that shorten it, and
``shortcut_moves`` cuts the detours out of a list (every ``solve`` result goes through it).
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from .deal import Position
from .engine.bridge import encode, referee_moves
from .engine.shortcut import shortcut
from .engine.zobrist import full_hash, make_table
from .engine.movegen import COLUMN_F, COLUMN_T, RESERVE_F, RESERVE_T, RETURN_T, TALON_F, TALON_T, encode_move
from .cards import suit_of
from .rules import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, Rules, apply, moved_cards
from .errors import SolverBug


def replay_engine_moves(start: Position, engine_moves: Iterable[int], rules: Rules) -> tuple[list[Move], Position]:
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


def _engine_move(position: Position, move: Move, recycled: bool) -> int:
    """The engine move of one play in ``position`` (``recycled``: a recycle came before it since
    the last play)."""
    to_foundation = move.target == FOUNDATION
    target = suit_of(moved_cards(position, move)[0]) if to_foundation else move.target_index
    if move.kind == RESERVE:
        return int(encode_move(RESERVE_F if to_foundation else RESERVE_T, 0, target, 1, 0, 0))
    if move.kind == WASTE:
        kind = TALON_F if to_foundation else TALON_T
        return int(encode_move(kind, 0, target, 1, len(position.waste), int(recycled)))
    if move.kind == COLUMN:
        kind = COLUMN_F if to_foundation else COLUMN_T
        return int(encode_move(kind, move.source_index, target, move.count, 0, 0))
    return int(encode_move(RETURN_T, move.source_index, target, 1, 0, 0))


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
            engine.append(_engine_move(position, move, recycled))
            recycled = False
        position = apply(position, move, rules)
    return np.array(engine, dtype=np.int32), position


def shortcut_moves(start: Position, rules: Rules, moves: list[Move],
                   engine: tuple[np.ndarray, Position] | None = None) -> tuple[list[Move], Position]:
    """``moves`` with detours cut out (``engine.shortcut``, pass after pass while it gains): a list
    that ends in the same position (up to ``_comparable``) in no more moves, replayed through the
    referee, and the position it ends in. ``engine``: the engine moves that ``replay_engine_moves`` turned
    into ``moves`` and the position they reach, when the caller has them (``compress`` would
    replay ``moves`` to find them again)."""
    path, goal = compress(start, moves, rules) if engine is None else engine
    end = goal
    z = make_table()
    while len(path):
        st = encode(start, rules)
        hashes = np.zeros(5, dtype=np.uint64)
        full_hash(st, z, hashes)
        out = np.zeros(2 * len(path), dtype=np.int32)
        shorter_path = out[: shortcut(st, hashes, z, path, out)]
        shorter, shorter_end = replay_engine_moves(start, shorter_path, rules)
        if _comparable(shorter_end, rules) != _comparable(goal, rules):
            raise SolverBug("a shortcut move list does not end where the list it shortens does")
        if len(shorter) >= len(moves):
            break
        moves, path, end = shorter, shorter_path, shorter_end
    return moves, end


def _comparable(position: Position, rules: Rules) -> Position:
    """The position without what a shortcut may change: the score, and recycles when passes are unlimited."""
    return position.with_changes(score=0, recycles=position.recycles if rules.passes else 0)
