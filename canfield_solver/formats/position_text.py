"""Position text: a position as a player types it, one line per pile, hidden piles by their count.

::

    base: 7♥
    draw: 3
    foundations: 7♥
    reserve: 12 hidden, Q♣
    column 1: 6♣
    column 2: K♥
    column 3: Q♥
    column 4: A♠
    stock: 34 hidden
    waste: empty
    score: 0
    recycles: 0

Piles are listed bottom to top, as in a deal file; ``N hidden`` (or ``??`` for one card) stands
for cards not seen; cards are separated by commas or spaces and may be written in ASCII (``QC``,
``10H``); ``foundations`` lists the top card of every foundation that has one (left out: only the
base card is up); ``draw``, ``waste``, ``score`` and ``recycles`` may be left out. ``#`` starts a
comment. The text is read into the deal file's object and checked by ``deal_file.position_from_dict``,
so both forms mean the same and are refused for the same reasons::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> start = position_from_code("CF1-D3-AAAAACL")
    >>> parse_position_text(format_position_text(start, 3)) == (start, 3)
    True
"""

from __future__ import annotations

import re
from typing import Any

from canfield_solver.core.cards import DECK_SIZE, HIDDEN, HIDDEN_NAME, card_name
from canfield_solver.core.errors import quote, shorten, shown_path
from canfield_solver.core.position import COLUMN_COUNT, DealError, Position
from canfield_solver.core.rules import Draw

from .bounded_json import MAX_DIGITS
from .deal_file import parse_deal_json, position_from_dict
from .input_text import read_text
from .numbers import whole_number

_PILES = ("reserve", "stock", "waste", "foundations")
_NUMBERS = ("draw", "score", "recycles")
_COLUMN = re.compile(r"^col(?:umn)?\s*([0-9]+)$")
_EMPTY = ("empty", "none", "-")


def format_position_text(position: Position, draw: int | None = None, ascii: bool = False) -> str:
    """The position text of ``position`` (with ``draw`` when given), every line written out."""

    def cards(pile: tuple[int, ...]) -> str:
        items: list[str] = []
        for card in pile:
            if card == HIDDEN and items and items[-1].endswith(" hidden"):
                items[-1] = f"{int(items[-1].split()[0]) + 1} hidden"
            else:
                items.append("1 hidden" if card == HIDDEN else card_name(card, ascii))
        return ", ".join(items) or "empty"

    tops = [position.foundation_top(suit) for suit in range(4)]
    lines = [f"base: {card_name(position.base, ascii)}"]
    if draw is not None:
        lines.append(f"draw: {draw}")
    lines.append(f"foundations: {cards(tuple(top for top in tops if top is not None))}")
    lines.append(f"reserve: {cards(position.reserve)}")
    lines += [f"column {number}: {cards(column)}" for number, column in enumerate(position.tableau, start=1)]
    lines += [f"stock: {cards(position.stock)}", f"waste: {cards(position.waste)}",
              f"score: {position.score}", f"recycles: {position.recycles}"]
    return "\n".join(lines) + "\n"


def _items(value: str, where: str) -> list[str]:
    """The card names of one pile line, ``"??"`` for each hidden card."""
    words = value.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() in _EMPTY:
        return []
    names: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        count = whole_number(word)
        if count is not None and i + 1 < len(words) and words[i + 1].lower() == "hidden":
            if count > DECK_SIZE:
                raise DealError(f"{where}: {shorten(word)} hidden: a pile holds at most {DECK_SIZE} cards")
            names += [HIDDEN_NAME] * count
            i += 2
            continue
        if count is not None:
            raise DealError(f"{where}: {quote(word)} is not a card; write 'N hidden' for N cards not seen")
        names.append(word)
        i += 1
    return names


def _number(value: str, where: str) -> int:
    """A whole number of at most ``MAX_DIGITS`` digits (its range is checked as in deal files)."""
    number = whole_number(value)
    if number is None or len(value.strip().lstrip("0")) > MAX_DIGITS:
        raise DealError(f"{where}: {quote(value.strip())} is not a whole number of at most {MAX_DIGITS} digits")
    return number


def position_text_to_dict(text: str) -> dict[str, Any]:
    """The deal-file object that ``text`` describes (not yet checked as a position)."""
    data: dict[str, Any] = {}
    columns: dict[int, list[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0].strip()
        if not content:
            continue
        where = f"line {number}"
        key, colon, value = content.partition(":")
        key = " ".join(key.lower().split())
        if not colon:
            raise DealError(f"{where}: write one pile a line as 'name: cards', for example 'reserve: 12 hidden, Q♣'")
        column = _COLUMN.match(key)
        if column:
            index = whole_number(column.group(1)) or 0
            if not 1 <= index <= COLUMN_COUNT:
                raise DealError(f"{where}: there are only columns 1 to {COLUMN_COUNT}")
            if index in columns:
                raise DealError(f"{where}: column {index} is given twice")
            columns[index] = _items(value, where)
            continue
        key = {"foundation": "foundations", "base card": "base"}.get(key, key)
        if key in data:
            raise DealError(f"{where}: {quote(key)} is given twice")
        if key in _PILES:
            data[key] = _items(value, where)
        elif key in _NUMBERS:
            data[key] = _number(value, where)
        elif key == "base":
            data[key] = value.strip()
        else:
            raise DealError(f"{where}: unknown line {quote(key)}; lines are base, draw, foundations, reserve, "
                            "column 1 to 4, stock, waste, score and recycles")
    for key in ("base", "reserve", "stock"):
        if key not in data:
            raise DealError(f"no {key!r} line" + ("" if key == "base" else f" (write '{key}: empty' for an empty one)"))
    missing = [index for index in range(1, COLUMN_COUNT + 1) if index not in columns]
    if missing:
        raise DealError(f"no 'column {missing[0]}' line (write 'column {missing[0]}: empty' for an empty column)")
    data["tableau"] = [columns[index] for index in range(1, COLUMN_COUNT + 1)]
    return data


def parse_position_text(text: str) -> tuple[Position, Draw | None]:
    """Read position text; return the position and its draw mode (None when not given)."""
    return position_from_dict(position_text_to_dict(text))


def read_position_file(path: str) -> tuple[Position, Draw | None]:
    """Load a position file, read once (``input_text``): a deal file (JSON) when its first non-blank
    character is ``{`` (or ``[``, which starts no position text but a JSON file that is wrong),
    else position text. ``DealError`` names the file and the problem."""
    text = read_text(path, "deal file")
    json_file = text.lstrip().startswith(("{", "["))
    try:
        return parse_deal_json(text) if json_file else parse_position_text(text)
    except DealError as error:
        raise DealError(f"{'deal' if json_file else 'position'} file {shown_path(path)}: {error}") from None
