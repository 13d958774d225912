"""Move text, for people and for ``replay``.

One move per line, naming the cards so that a person can follow it::

    draw
    recycle
    reserve Q♣ -> column 2
    waste 8♥ -> foundation
    column 2 K♥..Q♣ -> column 4
    column 1 6♣ -> foundation
    foundation 7♠ -> column 1

``format_move`` writes this and ``parse_move`` reads it back (ASCII card names,
``→`` and ``to`` for the arrow, a leading ``12.`` and trailing ``score 5`` or
``tap`` marks are accepted), so printed move lists replay as they are.
Both need the position the move is made in: the text names cards, the
``Move`` names piles.
"""

from __future__ import annotations

import re

from canfield_solver.core.cards import CardError, card_name, parse_card, suit_of
from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.position import Position
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, IllegalMove, Move, apply, moved_cards
from canfield_solver.core.rules import Rules
from canfield_solver.core.tap import is_tap

from .numbers import whole_number


class NotationError(InputError):
    """A line that is not a move in this notation."""


def format_move(move: Move, position: Position, ascii: bool = False) -> str:
    """The text of ``move`` made in ``position``, e.g. ``column 2 K♥..Q♣ -> column 4``."""
    if move.kind in (DRAW, RECYCLE):
        return move.kind
    cards = moved_cards(position, move)
    if not cards:
        raise IllegalMove(f"{move} has no card to move in this position")
    text = card_name(cards[0], ascii)
    if len(cards) > 1:
        text += ".." + card_name(cards[-1], ascii)
    source = f"column {move.source_index + 1}" if move.kind == COLUMN else move.kind
    target = f"column {move.target_index + 1}" if move.target == COLUMN else FOUNDATION
    return f"{source} {text} -> {target}"


_MOVE = re.compile(
    r"^(?P<source>reserve|waste|foundation|column\s*(?P<source_column>[0-9]+))\s+"
    r"(?P<first>\S+?)(?:\.\.(?P<last>\S+))?\s*(?:->|→|\bto\b)\s*"
    r"(?P<target>foundation|column\s*(?P<target_column>[0-9]+))$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^\s*[0-9]+\s*[.):]\s*")
_SCORE = re.compile(r"[0-9]+\)?")
MOVE_CHARS = 100  # a move's text is a few dozen characters: a longer line is refused before any pattern reads it


def strip_line(line: str) -> str:
    """A move line without its number, comment, score and tap marks, its words one space apart; ''
    for a blank line. Word by word from the end, so a line of any length takes time in proportion."""
    words = _NUMBER.sub("", line.split("#", 1)[0]).split()
    while words:
        if words[-1].lower() == "tap":
            words.pop()
        elif len(words) > 1 and words[-2].lower() in ("score", "(score") and _SCORE.fullmatch(words[-1]):
            del words[-2:]
        else:
            break
    return " ".join(words)


def _card(text: str, line: str) -> int:
    try:
        return parse_card(text)
    except CardError as error:
        raise NotationError(f"{quote(line)}: {error}") from None


def _column_index(text: str, line: str) -> int:
    number = whole_number(text) or 0
    if not 1 <= number <= 4:
        raise NotationError(f"{quote(line)}: there are only columns 1 to 4")
    return number - 1


def parse_move(line: str, position: Position) -> Move:
    """Read one move made in ``position``.

    Raises ``NotationError`` when the text is not a move, and ``IllegalMove``
    when it names cards that are not where it says (the rules themselves are
    checked by ``referee.apply``).
    """
    text = strip_line(line)
    lowered = text.lower()
    if lowered in (DRAW, RECYCLE):
        return Move(lowered)
    match = _MOVE.match(text) if len(text) <= MOVE_CHARS else None
    if not match:
        raise NotationError(
            f"cannot read move {quote(line)}: write e.g. 'draw', 'recycle', "
            "'reserve QC -> column 2', 'column 2 KH..QC -> column 4', 'waste 8H -> foundation'"
        )
    source_word = match.group("source").lower()
    first = _card(match.group("first"), line)
    last = _card(match.group("last"), line) if match.group("last") else None
    if match.group("target_column"):
        target, target_index = COLUMN, _column_index(match.group("target_column"), line)
    else:
        target, target_index = FOUNDATION, -1
    if source_word.startswith(COLUMN):
        source_index = _column_index(match.group("source_column"), line)
        column = position.tableau[source_index]
        if first not in column:
            raise IllegalMove(f"{card_name(first)} is not in column {source_index + 1}")
        count = len(column) - column.index(first)
        if last is not None and last != column[-1]:
            raise IllegalMove(f"{card_name(last)} is not the top card of column {source_index + 1}")
        return Move(COLUMN, target, source_index, target_index, count)
    if last is not None and last != first:
        raise NotationError(f"{quote(line)}: only a column moves a run of cards")
    if source_word == FOUNDATION:
        move = Move(FOUNDATION, target, suit_of(first), target_index)
    else:
        move = Move(source_word, target, -1, target_index)
    if moved_cards(position, move) != (first,):
        raise IllegalMove(f"{card_name(first)} is not the playable card of the {source_word}")
    return move


def format_move_list(start: Position, moves: list[Move], rules: Rules, ascii: bool = False) -> list[str]:
    """Numbered move lines with the score after each, as ``solve`` prints and ``replay`` reads them.

    A line ends in ``tap`` when a single tap on the card makes that move in the
    app (see ``tap``). Applies every move through the referee, so an illegal
    list raises ``IllegalMove``.
    """
    lines = []
    position = start
    for number, move in enumerate(moves, start=1):
        text = format_move(move, position, ascii)
        mark = "  tap" if is_tap(position, move, rules) else ""
        position = apply(position, move, rules)
        lines.append(f"{number:>3}. {text}  score {position.score}{mark}")
    return lines
