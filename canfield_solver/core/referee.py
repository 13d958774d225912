"""The referee: a plain, readable pure-Python implementation of the rules (docs/rules.md).

Every move list the solver prints is replayed here first, and the tests compare
the numba move generator with ``legal_moves`` on many random positions, so
this module favours being obviously right over being fast::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> rules = Rules(draw=3)
    >>> start = position_from_code("CF1-D3-AAAAACL")
    >>> after = apply(start, Move(DRAW), rules)
    >>> len(after.stock), len(after.waste)
    (31, 3)

Each rule lives in one place: ``why_illegal`` decides whether a move may be
made (and says why not), ``apply`` carries it out, including the automatic
refill of an emptied column from the reserve.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import card_name, suit_of
from .position import COLUMN_COUNT, Position, builds_on
from .rules import MOVES_PILE, MOVES_WHOLE, SPACES_ANY, SPACES_WASTE_FIRST, TABLEAU_BASE, Rules, crosses_base

# Move kinds, named by where the card comes from.
DRAW = "draw"
RECYCLE = "recycle"
RESERVE = "reserve"
WASTE = "waste"
COLUMN = "column"
FOUNDATION = "foundation"


class IllegalMove(ValueError):
    """A move that the rules do not allow in the position; the message says why."""



class Move(NamedTuple):
    """One move. ``kind`` is where the card comes from (a module constant).

    ``source_index`` is the column (0-3) for COLUMN moves and the suit for
    FOUNDATION moves; ``target`` is ``FOUNDATION``, ``COLUMN`` or ``""`` for
    draw and recycle; ``target_index`` is the target column; ``count`` is how
    many cards a column move takes (the tail run).
    """

    kind: str
    target: str = ""
    source_index: int = -1
    target_index: int = -1
    count: int = 1  # type: ignore[assignment]  # the field shadows tuple.count, which no caller uses


def moved_cards(position: Position, move: Move) -> tuple[int, ...]:
    """The cards a play move picks up, bottom to top (empty for draw and recycle)."""
    if move.kind == RESERVE:
        return position.reserve[-1:]
    if move.kind == WASTE:
        return position.waste[-1:]
    if move.kind == COLUMN:
        column = position.tableau[move.source_index] if 0 <= move.source_index < COLUMN_COUNT else ()
        return column[-move.count:] if 0 < move.count <= len(column) else ()
    if move.kind == FOUNDATION:
        top = position.foundation_top(move.source_index) if 0 <= move.source_index < 4 else None
        return () if top is None else (top,)
    return ()


def _pile_name(move: Move) -> str:
    if move.kind == COLUMN:
        return f"column {move.source_index + 1}"
    return move.kind


def why_illegal(position: Position, move: Move, rules: Rules) -> str | None:
    """None when ``move`` is legal in ``position`` under ``rules``, else the reason."""
    if move.kind == DRAW:
        return None if position.stock else "the stock is empty (recycle the waste instead)"
    if move.kind == RECYCLE:
        if position.stock:
            return "the stock is not empty yet"
        if not position.waste:
            return "the stock and the waste are both empty"
        if rules.passes is not None and position.recycles + 1 >= rules.passes:
            return f"the passes limit ({rules.passes}) is used up"
        return None
    if move.kind == FOUNDATION and not rules.worry_back:
        return "foundation returns are off (--no-worry-back)"
    if move.kind == COLUMN and move.target == COLUMN and move.source_index == move.target_index:
        return "a run cannot move onto its own column"
    cards = moved_cards(position, move)
    if not cards:
        return f"{_pile_name(move)} has no such card to play"
    if move.kind == COLUMN:
        column_length = len(position.tableau[move.source_index])
        if rules.moves == MOVES_WHOLE and move.count not in (1, column_length):
            return "with --moves whole a column moves only its top card or all of its cards"
        if rules.moves == MOVES_PILE and move.target == COLUMN and move.count != column_length:
            return "with --moves pile a column moves onto another column only as a whole"
    if move.target == FOUNDATION:
        if len(cards) != 1:
            return "only one card at a time goes to a foundation"
        if move.kind == FOUNDATION:
            return "a card cannot move from a foundation to a foundation"
        card = cards[0]
        wanted = position.foundation_next(suit_of(card))
        if card != wanted:
            needs = "is full" if wanted is None else f"takes {card_name(wanted)} next"
            return f"{card_name(card)} does not fit its foundation, which {needs}"
        return None
    if move.target == COLUMN:
        if not 0 <= move.target_index < COLUMN_COUNT:
            return "there are only columns 1 to 4"
        target = position.tableau[move.target_index]
        if rules.spaces == SPACES_WASTE_FIRST and move.kind != WASTE and not all(position.tableau):
            return "with --spaces waste-first an empty column takes the waste top before any other card moves onto a column"
        if not target:
            # An empty column exists only once the reserve is empty; then it takes anything
            # (spaces "any"), or only the waste top card (spaces "waste" and "waste-first").
            if position.reserve:
                return "an empty column is filled from the reserve first"
            if rules.spaces != SPACES_ANY and move.kind != WASTE:
                return f"with --spaces {rules.spaces} an empty column takes only the waste top card"
            return None
        if not builds_on(cards[0], target[-1]):
            return (
                f"{card_name(cards[0])} cannot go on {card_name(target[-1])}: "
                "build down by one rank in alternating colours"
            )
        if rules.tableau_order == TABLEAU_BASE and crosses_base(cards[0], target[-1], position.base_rank):
            return (
                f"with --tableau-order base {card_name(cards[0])} (the last card of its foundation) "
                f"cannot go on {card_name(target[-1])}"
            )
        return None
    return "a move needs a target: a foundation or a column"


def _refill(tableau: list[list[int]], reserve: list[int]) -> None:
    """The automatic move: an emptied column takes the reserve's top card at once."""
    for column in tableau:
        if not column and reserve:
            column.append(reserve.pop())


def apply(position: Position, move: Move, rules: Rules) -> Position:
    """The position after ``move``; raises ``IllegalMove`` with the reason when it is not legal."""
    reason = why_illegal(position, move, rules)
    if reason is not None:
        raise IllegalMove(reason)
    if move.kind == DRAW:
        turned = min(rules.draw, len(position.stock))
        # Cards are turned one by one from the stock top; the last one turned is the waste top.
        moved = tuple(reversed(position.stock[-turned:]))
        # Direct constructor calls: ``with_changes`` (dataclasses.replace) cost half of a replay.
        p = position
        return Position(p.base, p.reserve, p.tableau, p.stock[:-turned], p.waste + moved, p.foundations, p.score,
                        p.recycles)
    if move.kind == RECYCLE:
        # The waste is turned over as a whole: its bottom card (turned first) is turned first again.
        p = position
        return Position(p.base, p.reserve, p.tableau, tuple(reversed(p.waste)), (), p.foundations, p.score,
                        p.recycles + 1)
    cards = moved_cards(position, move)
    reserve = list(position.reserve)
    waste = list(position.waste)
    tableau = [list(column) for column in position.tableau]
    foundations = list(position.foundations)
    score = position.score
    if move.kind == RESERVE:
        reserve.pop()
    elif move.kind == WASTE:
        waste.pop()
    elif move.kind == COLUMN:
        del tableau[move.source_index][-move.count:]
    else:  # FOUNDATION: a return keeps the points it earned.
        foundations[move.source_index] -= 1
    if move.target == FOUNDATION:
        foundations[suit_of(cards[0])] += 1
        score += 5
    else:
        tableau[move.target_index].extend(cards)
    _refill(tableau, reserve)
    return Position(position.base, tuple(reserve), tuple(tuple(column) for column in tableau), position.stock,
                    tuple(waste), tuple(foundations), max(0, score), position.recycles)


def candidate_moves(position: Position) -> list[Move]:
    """Every move that names real piles of ``position``, legal or not, in a fixed order."""
    moves = [Move(DRAW), Move(RECYCLE)]
    for kind in (RESERVE, WASTE):
        moves.append(Move(kind, FOUNDATION))
        moves += [Move(kind, COLUMN, target_index=t) for t in range(COLUMN_COUNT)]
    for source, column in enumerate(position.tableau):
        moves.append(Move(COLUMN, FOUNDATION, source_index=source))
        for count in range(1, len(column) + 1):
            moves += [
                Move(COLUMN, COLUMN, source_index=source, target_index=t, count=count)
                for t in range(COLUMN_COUNT)
            ]
    for suit in range(4):
        moves += [Move(FOUNDATION, COLUMN, source_index=suit, target_index=t) for t in range(COLUMN_COUNT)]
    return moves


def legal_moves(position: Position, rules: Rules) -> list[Move]:
    """All legal moves in ``position``, in the order of ``candidate_moves``."""
    return [move for move in candidate_moves(position) if why_illegal(position, move, rules) is None]


def positions_after(start: Position, moves: list[Move], rules: Rules) -> list[Position]:
    """``start`` and the referee's position after each move (``IllegalMove`` on an illegal one)."""
    positions = [start]
    for move in moves:
        positions.append(apply(positions[-1], move, rules))
    return positions
