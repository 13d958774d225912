"""Between the referee's world (``Position``, ``Rules``, ``Move``) and the engine's arrays.

``encode`` builds the state array of a position, ``decode`` reads one back, and
``referee_moves`` turns one engine move into the explicit moves a player makes (the draws
and recycle a stock-reach move stands for, then the play), and ``engine_move`` a play back
into its engine move::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> start = position_from_code("CF1-D3-AAAAAAA")
    >>> decode(encode(start, Rules(draw=3)), start.base) == start
    True
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import suit_of
from canfield_solver.core.position import Position
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, moved_cards
from canfield_solver.core.rules import MOVES_ANY, MOVES_PILE, MOVES_WHOLE, SPACES_ANY, SPACES_WASTE, SPACES_WASTE_FIRST, TABLEAU_BASE, Rules
from canfield_solver.engine import layout as L

from .movegen import (
    COLUMN_F,
    COLUMN_T,
    RESERVE_F,
    RESERVE_T,
    RETURN_T,
    TALON_F,
    TALON_T,
    encode_move,
    move_count,
    move_kind,
    move_recycle,
    move_source,
    move_split,
    move_target,
)

_FOUNDATION_KINDS = (RESERVE_F, TALON_F, COLUMN_F)
_COLUMN_MOVES = {MOVES_ANY: L.MOVES_ANY, MOVES_WHOLE: L.MOVES_WHOLE, MOVES_PILE: L.MOVES_PILE}
_SPACES = {SPACES_ANY: L.ANY_CARD, SPACES_WASTE: L.WASTE_CARD, SPACES_WASTE_FIRST: L.WASTE_CARD_FIRST}
# The move accessors as plain Python functions: calling a kernel from Python would cost more than the
# read, and compile a copy of it for Python's integers.
_FIELDS = tuple(getattr(field, "py_func", field) for field in (move_kind, move_source, move_target, move_count, move_split, move_recycle))


def encode(position: Position, rules: Rules) -> np.ndarray:
    """The state array of ``position`` under ``rules``."""
    st = np.zeros(L.STATE_SIZE, dtype=np.int32)
    st[L.RESERVE_CARDS : L.RESERVE_CARDS + len(position.reserve)] = position.reserve
    st[L.RESERVE_N] = len(position.reserve)
    # The talon: the waste bottom to top, then the stock in turning order (its top first).
    talon = list(position.waste) + list(reversed(position.stock))
    st[L.TALON : L.TALON + len(talon)] = talon
    st[L.TALON_N] = len(talon)
    st[L.TALON_K] = len(position.waste)
    st[L.FOUNDATION_HEIGHTS : L.FOUNDATION_HEIGHTS + 4] = position.foundations
    for c, column in enumerate(position.tableau):
        start = L.COLUMN_CARDS + c * L.PILE
        st[start : start + len(column)] = column
        st[L.COLUMN_N + c] = len(column)
    st[L.BASE_RANK] = position.base_rank
    st[L.DRAW_COUNT] = rules.draw
    st[L.PASSES] = L.UNLIMITED if rules.passes is None else rules.passes
    st[L.RECYCLES] = position.recycles if rules.passes else 0
    st[L.WORRY_BACK] = int(rules.worry_back)
    st[L.COLUMN_MOVES] = _COLUMN_MOVES[rules.moves]
    st[L.SPACES] = _SPACES[rules.spaces]
    st[L.TABLEAU_BASE] = int(rules.tableau_order == TABLEAU_BASE)
    return st


def decode(st: np.ndarray, base: int, score: int = 0) -> Position:
    """The ``Position`` of a state array (``base``: the base card, ``score``: kept as given)."""
    talon = [int(c) for c in st[L.TALON : L.TALON + st[L.TALON_N]]]
    k = int(st[L.TALON_K])
    return Position(
        base=base,
        reserve=tuple(int(c) for c in st[L.RESERVE_CARDS : L.RESERVE_CARDS + st[L.RESERVE_N]]),
        tableau=tuple(
            tuple(int(c) for c in st[L.COLUMN_CARDS + i * L.PILE : L.COLUMN_CARDS + i * L.PILE + st[L.COLUMN_N + i]])
            for i in range(4)
        ),
        stock=tuple(reversed(talon[k:])),
        waste=tuple(talon[:k]),
        foundations=tuple(int(h) for h in st[L.FOUNDATION_HEIGHTS : L.FOUNDATION_HEIGHTS + 4]),
        score=score,
        recycles=int(st[L.RECYCLES]),
    )


def move_fields(move: int) -> tuple[int, int, int, int, int, int]:
    """``(kind, source, target, count, split, recycle)`` of an engine move (see ``movegen``)."""
    move = int(move)
    return tuple(field(move) for field in _FIELDS)


def referee_moves(move: int, position: Position, rules: Rules) -> list[Move]:
    """The explicit moves that engine ``move`` stands for in ``position``.

    A stock-reach move becomes draws until the talon split is reached (first emptying the stock
    and recycling when it needs a recycle), then the waste play.
    """
    kind, source, target, count, split, recycle = move_fields(move)
    where = FOUNDATION if kind in _FOUNDATION_KINDS else COLUMN
    target_index = target if where == COLUMN else -1
    if kind in (RESERVE_F, RESERVE_T):
        return [Move(RESERVE, where, -1, target_index)]
    if kind in (COLUMN_F, COLUMN_T):
        return [Move(COLUMN, where, source, target_index, count)]
    if kind == RETURN_T:
        return [Move(FOUNDATION, COLUMN, source, target)]
    moves = []
    stock, waste = len(position.stock), len(position.waste)
    if recycle:
        moves += [Move(DRAW)] * -(-stock // rules.draw) + [Move(RECYCLE)]
        stock, waste = stock + waste, 0
    while waste != split:
        turned = min(rules.draw, stock)
        if turned == 0:
            raise AssertionError(f"engine move {move} asks for talon split {split}, which draws do not reach")
        moves.append(Move(DRAW))
        stock, waste = stock - turned, waste + turned
    return moves + [Move(WASTE, where, -1, target_index)]


def engine_move(position: Position, move: Move, recycled: bool) -> int:
    """The engine move of one play (no draw or recycle) in ``position``; ``recycled``: a recycle
    came before it since the last play (see ``referee_moves``)."""
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
