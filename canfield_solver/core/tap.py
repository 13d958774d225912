"""What a single tap on a card does in the app, so that printed move lists can say "tap here".

The app sends a tapped card to its foundation when it can go there; otherwise
(with the "double tap" setting, on by default) to the longest column that
takes it, and failing that to an empty column. Tapping a card inside a column
moves the run from that card up. Ties between equally long columns go to the
leftmost one (the app does not document its choice; the leftmost is the
natural reading order), and so does the choice between empty columns.

Only the reserve top, the waste top and column cards are tapped to play them.
Draw and recycle are taps on the stock, which always do the same thing, so
they are not marked; a foundation return is never made by a tap (it is dragged)::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> from canfield_solver.core.rules import Rules
    >>> start = position_from_code("CF1-D3-AAAAACL")   # reserve top 10♣, columns 9♣ 7♠ A♥ 6♥
    >>> tap_move(start, RESERVE, Rules())
    >>> tap_move(start, COLUMN, Rules(), source_index=3)   # 6♥ onto 7♠ (column 2)
    Move(kind='column', target='column', source_index=3, target_index=1, count=1)
"""

from __future__ import annotations

from .position import COLUMN_COUNT, Position
from .referee import COLUMN, FOUNDATION, RESERVE, WASTE, Move, why_illegal
from .rules import Rules

TAPPABLE = (RESERVE, WASTE, COLUMN)


def tap_move(position: Position, kind: str, rules: Rules, source_index: int = -1, count: int = 1) -> Move | None:
    """The move a single tap makes on the card ``kind`` names, or None when the tap moves nothing.

    ``kind`` is ``RESERVE``, ``WASTE`` or ``COLUMN``; for a column,
    ``source_index`` is the column (0-3) and ``count`` how many cards from
    the top the tapped card carries (1 for the exposed card).
    """
    if kind not in TAPPABLE:
        raise ValueError(f"only reserve, waste and column cards are tapped to play, not {kind!r}")
    if kind != COLUMN:
        source_index, count = -1, 1
    to_foundation = Move(kind, FOUNDATION, source_index, -1, count)
    if why_illegal(position, to_foundation, rules) is None:
        return to_foundation
    legal = [
        move
        for move in (Move(kind, COLUMN, source_index, target, count) for target in range(COLUMN_COUNT))
        if why_illegal(position, move, rules) is None
    ]
    built_on = [move for move in legal if position.tableau[move.target_index]]
    if built_on:
        # max() keeps the first of equal lengths: the leftmost column wins ties.
        return max(built_on, key=lambda move: len(position.tableau[move.target_index]))
    return legal[0] if legal else None


def is_tap(position: Position, move: Move, rules: Rules) -> bool:
    """True when a single tap on the moved card makes exactly ``move`` in ``position``."""
    if move.kind not in TAPPABLE:
        return False
    tap = tap_move(position, move.kind, rules, move.source_index, move.count)
    if tap is None or tap.target != move.target:
        return False
    return move.target != COLUMN or tap.target_index == move.target_index

