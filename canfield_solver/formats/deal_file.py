"""Deal files: a position as one JSON object, read with bounded JSON and checked, and written back.

Piles are listed bottom to top, card names in ASCII or with suit symbols; docs/formats.md
describes the keys::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> start = position_from_code("CF1-D3-AAAAACL")
    >>> position_from_dict(position_to_dict(start, 3)) == (start, 3)
    True

A position with hidden cards (``??``) is checked as what a player can see (``core.hidden``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from canfield_solver.core.cards import (
    HIDDEN,
    HIDDEN_NAME,
    RANKS_PER_SUIT,
    SUIT_NAMES,
    CardError,
    card_name,
    parse_card,
    rank_of,
    suit_of,
)
from canfield_solver.core.errors import quote
from canfield_solver.core.hidden import validate_seen
from canfield_solver.core.position import COLUMN_COUNT, MAX_COUNT, DealError, Position, validate
from canfield_solver.core.rules import DRAWS, Draw

from .bounded_json import JsonInputError, loads


def _read_cards(value: Any, where: str, hidden_ok: bool = False) -> tuple[int, ...]:
    """The cards of a pile; ``hidden_ok``: the pile may hold ``"??"`` (see ``hidden``)."""
    if not isinstance(value, list):
        raise DealError(f"{where} must be a list of card names, bottom to top")
    if HIDDEN_NAME in value and not hidden_ok:
        raise DealError(f"{where}: '??' (a card not seen) may stand only in the reserve, the stock and the waste; "
                        f"{where} cards are always seen")
    try:
        return tuple(HIDDEN if text == HIDDEN_NAME else parse_card(text) for text in value)
    except CardError as error:
        raise DealError(f"{where}: {error}") from None


def _read_int(data: dict, key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise DealError(f"'{key}' must be a whole number from 0 to {MAX_COUNT}, not {quote(value)}")
    return value


def position_from_dict(data: Any) -> tuple[Position, Draw | None]:
    """Read a deal-file object; return the position and its draw mode (None when not given).

    ``foundations`` lists the top card of every non-empty foundation (the base
    card may have been returned to a column); without it only the base card is
    on its foundation.
    """
    if not isinstance(data, dict):
        raise DealError("a deal file holds one JSON object with base, reserve, tableau and stock")
    known = {"base", "reserve", "tableau", "stock", "waste", "foundations", "draw", "score", "recycles"}
    unknown = sorted(set(data) - known)
    if unknown:
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        raise DealError(f"unknown key(s) {', '.join(map(quote, unknown[:3]))}{more}; "
                        f"known keys: {', '.join(sorted(known))}")
    for key in ("base", "reserve", "tableau", "stock"):
        if key not in data:
            raise DealError(f"the deal file lacks '{key}'")
    if not isinstance(data["base"], str):
        raise DealError("'base' must be one card name, for example \"7H\"")
    try:
        base = parse_card(data["base"])
    except CardError as error:
        raise DealError(f"base: {error}") from None
    tableau_data = data["tableau"]
    if not isinstance(tableau_data, list):
        raise DealError("'tableau' must be a list of 4 columns, each a list of cards bottom to top")
    if len(tableau_data) != COLUMN_COUNT:
        raise DealError(f"'tableau' has {len(tableau_data)} columns; Canfield has exactly 4")
    tableau = tuple(_read_cards(column, f"column {i}") for i, column in enumerate(tableau_data, start=1))
    heights = [0, 0, 0, 0]
    if "foundations" not in data:
        heights[suit_of(base)] = 1
    seen_suits: dict[int, bool] = {}
    for top in _read_cards(data.get("foundations", []), "foundations"):
        suit = suit_of(top)
        if seen_suits.get(suit):
            raise DealError(f"foundations: two cards of {SUIT_NAMES[suit]}; list only the top card of each")
        # Ranks wrap, so any card of a suit is a possible top: it fixes the height.
        heights[suit] = (rank_of(top) - rank_of(base)) % RANKS_PER_SUIT + 1
        seen_suits[suit] = True
    draw: Draw | None = data.get("draw")
    if draw is not None and (type(draw) is not int or draw not in DRAWS):
        raise DealError(f"'draw' must be 1 or 3, not {quote(draw)}")
    position = Position(
        base=base,
        reserve=_read_cards(data["reserve"], "reserve", hidden_ok=True),
        tableau=tableau,
        stock=_read_cards(data["stock"], "stock", hidden_ok=True),
        waste=_read_cards(data.get("waste", []), "waste", hidden_ok=True),
        foundations=tuple(heights),
        score=_read_int(data, "score", 0),
        recycles=_read_int(data, "recycles", 0),
    )
    if not heights[suit_of(base)] and base not in position.all_cards():
        raise DealError(
            f"the base card {card_name(base)} is on no pile: 'foundations' lists the top card of every "
            f"non-empty foundation, the base suit's too (for example \"{card_name(base, True)}\")"
        )
    if HIDDEN in position.reserve + position.stock + position.waste:
        return validate_seen(position), draw
    return validate(position), draw


def position_to_dict(position: Position, draw: int | None = None, ascii: bool = True) -> dict:
    """The deal-file object of ``position`` (card names in ASCII unless ``ascii=False``)."""

    def names(cards: Iterable[int]) -> list[str]:
        return [card_name(card, ascii) for card in cards]

    tops = [position.foundation_top(suit) for suit in range(4)]
    data: dict[str, Any] = {
        "base": card_name(position.base, ascii),
        "reserve": names(position.reserve),
        "tableau": [names(column) for column in position.tableau],
        "stock": names(position.stock),
        "waste": names(position.waste),
        "foundations": names(top for top in tops if top is not None),
    }
    if draw is not None:
        data["draw"] = draw
    if position.score:
        data["score"] = position.score
    if position.recycles:
        data["recycles"] = position.recycles
    return data


def parse_deal_json(text: str) -> tuple[Position, Draw | None]:
    """Read a deal file's text (JSON) into the position and its draw mode; ``DealError`` says why not."""
    try:
        data = loads(text)
    except JsonInputError as error:
        raise DealError(f"not valid JSON: {error}") from None
    return position_from_dict(data)
