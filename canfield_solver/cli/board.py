"""A position drawn as a text board, laid out like the game, for ``show`` and ``--board``.

Foundations in a row (top card and how many cards each holds), the reserve (top card and
count), the stock (face down, count), the waste (fanned: the top 3 under draw 3, the top card
under draw 1; the top card is the rightmost) and the four columns as piles going down::

    Foundations  [ 7♥]  1   [  ♠]  0   [  ♦]  0   [  ♣]  0   starting rank 7
    Reserve      [ Q♣] 13
    Stock        [░░░] 34   Waste  [   ]  0
    Score        0
    Columns        1          2          3          4
                 [ 6♣]      [ K♥]      [ Q♥]      [ A♠]

Every card is drawn by ``card_cell`` and every face-down card by ``face_down_cell``; red suits are
wrapped in an ANSI colour when ``Style.color`` is set (``use_color`` decides that for a stream).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TextIO

from canfield_solver.core.cards import DIAMONDS, HEARTS, HIDDEN, RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS, is_red, rank_of, suit_of
from canfield_solver.core.position import Position
from canfield_solver.formats.position_line import foundation_suits

COLOR_CHOICES = ("auto", "always", "never")
_RED, _RESET = "\x1b[31m", "\x1b[0m"
_LABEL = 13  # width of the row labels
_SLOT = 11  # width of one foundation or column slot: a cell, a count and the gap


@dataclass(frozen=True)
class Style:
    """How cards are written: suits as letters (``ascii``), red suits in colour (``color``)."""

    ascii: bool = False
    color: bool = False

    def suit(self, suit: int) -> str:
        return (SUIT_LETTERS if self.ascii else SUIT_SYMBOLS)[suit]

    def paint(self, text: str, red: bool) -> str:
        return f"{_RED}{text}{_RESET}" if red and self.color else text


def use_color(choice: str, stream: TextIO) -> bool:
    """Whether ``--color choice`` colours output written to ``stream``: ``auto`` colours a terminal
    unless the ``NO_COLOR`` variable is set (https://no-color.org); ``always`` and ``never`` win over it."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def card_cell(card: int, style: Style) -> str:
    """One card, five characters wide: ``[10♥]``, ``[ 9♣]``; a hidden one (``??``) face down."""
    if card == HIDDEN:
        return face_down_cell(style)
    text = f"{RANK_NAMES[rank_of(card)]:>2}{style.suit(suit_of(card))}"
    return "[" + style.paint(text, is_red(card)) + "]"


def face_down_cell(style: Style) -> str:
    """A card lying face down (the stock; any card the position does not show)."""
    return "[###]" if style.ascii else "[░░░]"


def empty_cell(style: Style, suit: int | None = None) -> str:
    """An empty pile; an empty foundation shows its suit."""
    if suit is None:
        return "[   ]"
    return "[  " + style.paint(style.suit(suit), suit in (DIAMONDS, HEARTS)) + "]"


def _counted(cell: str, cards: tuple[int, ...]) -> str:
    """A pile's cell and card count, and how many of them are hidden, if any."""
    hidden = cards.count(HIDDEN)
    return f"{cell} {len(cards):>2}" + (f" ({hidden} hidden)" if hidden else "")


def board_lines(position: Position, draw: int, style: Style = Style()) -> list[str]:
    """The board of ``position`` under draw ``draw`` as lines of text (no trailing spaces)."""
    foundations = []
    for suit in foundation_suits(position):
        top = position.foundation_top(suit)
        cell = empty_cell(style, suit) if top is None else card_cell(top, style)
        foundations.append(f"{cell} {position.foundations[suit]:>2}")
    base_rank = RANK_NAMES[position.base_rank]
    lines = ["Foundations".ljust(_LABEL) + "   ".join(foundations) + f"   starting rank {base_rank}"]
    reserve = card_cell(position.reserve[-1], style) if position.reserve else empty_cell(style)
    lines.append("Reserve".ljust(_LABEL) + _counted(reserve, position.reserve))
    stock = face_down_cell(style) if position.stock else empty_cell(style)
    fan = position.waste[-(3 if draw == 3 else 1):]
    waste = "".join(card_cell(card, style) for card in fan) or empty_cell(style)
    lines.append("Stock".ljust(_LABEL) + _counted(stock, position.stock) + "   Waste  "
                 + _counted(waste, position.waste))
    recycles = position.recycles
    lines.append("Score".ljust(_LABEL) + str(position.score)
                 + (f", {recycles} recycle{'' if recycles == 1 else 's'}" if recycles else ""))
    lines.append("Columns".ljust(_LABEL) + "".join(f"  {number}".ljust(_SLOT) for number in range(1, 5)).rstrip())
    height = max(1, *(len(column) for column in position.tableau))
    for row in range(height):
        cells = []
        for column in position.tableau:
            if row < len(column):
                cells.append(card_cell(column[row], style))
            else:
                cells.append(empty_cell(style) if row == 0 else "     ")
        lines.append((" " * _LABEL + "".join(cell + " " * (_SLOT - 5) for cell in cells)).rstrip())
    return lines


def render_board(position: Position, draw: int, style: Style = Style()) -> str:
    """``board_lines`` joined into one text."""
    return "\n".join(board_lines(position, draw, style))
