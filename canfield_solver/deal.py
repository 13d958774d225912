"""Positions (a deal is the position before the first move), deal-file JSON, validation.

A ``Position`` is immutable; every pile is a tuple listed bottom to top, so the
last card is the one that plays (the reserve top, the next stock card to turn,
the waste top, a column's exposed card)::

    >>> from canfield_solver.codes import position_from_code
    >>> start = position_from_code("CF1-D3-AAAAAAA")
    >>> len(start.reserve), len(start.stock), start.foundations[suit_of(start.base)]
    (13, 34, 1)

Foundations are stored as heights per suit (0..13): the foundation of suit
``s`` with height ``h`` holds the ranks ``base_rank, base_rank+1, ..,
base_rank+h-1`` (mod 13) of that suit.
"""

from __future__ import annotations

from .errors import PATH_LIMIT, InputError, quote, shorten

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from .cards import (
    DECK_SIZE,
    HIDDEN,
    HIDDEN_NAME,
    RANKS_PER_SUIT,
    SUIT_NAMES,
    CardError,
    card_name,
    is_red,
    make_card,
    parse_card,
    rank_of,
    suit_of,
)
from .json_input import JsonInputError, loads

COLUMN_COUNT = 4
MAX_COUNT = 10**6  # the largest score or recycle count a position may start with


class DealError(InputError):
    """A deal or position that is not a legal Canfield layout; the message says why."""


@dataclass(frozen=True)
class Position:
    """Everything that decides what can happen next in a game."""

    base: int
    reserve: tuple[int, ...]
    tableau: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...] = ()
    foundations: tuple[int, ...] = field(default=(0, 0, 0, 0))
    score: int = 0
    recycles: int = 0

    @property
    def base_rank(self) -> int:
        """The starting rank of every foundation."""
        return rank_of(self.base)

    def foundation_top(self, suit: int) -> int | None:
        """The top card of the foundation of ``suit``, or None when it is empty."""
        height = self.foundations[suit]
        if height == 0:
            return None
        return make_card((self.base_rank + height - 1) % RANKS_PER_SUIT, suit)

    def foundation_next(self, suit: int) -> int | None:
        """The card the foundation of ``suit`` takes next, or None when it is full."""
        height = self.foundations[suit]
        if height == RANKS_PER_SUIT:
            return None
        return make_card((self.base_rank + height) % RANKS_PER_SUIT, suit)

    @property
    def is_won(self) -> bool:
        """All four foundations hold 13 cards."""
        return all(height == RANKS_PER_SUIT for height in self.foundations)

    def foundation_cards(self) -> list[int]:
        """Every card on the foundations."""
        return [
            make_card((self.base_rank + i) % RANKS_PER_SUIT, suit)
            for suit in range(4)
            for i in range(self.foundations[suit])
        ]

    def all_cards(self) -> list[int]:
        """Every card of the position, in any order (52 in a valid one)."""
        cards = list(self.reserve) + list(self.stock) + list(self.waste)
        for column in self.tableau:
            cards += column
        return cards + self.foundation_cards()

    def with_changes(self, **changes: Any) -> "Position":
        """A copy with some fields replaced (the position is immutable)."""
        return replace(self, **changes)


def builds_on(card: int, onto: int) -> bool:
    """True when ``card`` may be placed on ``onto`` in the tableau.

    Down by one rank in alternating colours, and ranks wrap: a King goes on an Ace.
    """
    return is_red(card) != is_red(onto) and (rank_of(card) + 1) % RANKS_PER_SUIT == rank_of(onto)


def validate(position: Position) -> Position:
    """Raise ``DealError`` unless ``position`` could occur in a game; return it unchanged."""
    if len(position.tableau) != COLUMN_COUNT:
        raise DealError(f"the tableau has {len(position.tableau)} columns; Canfield has exactly 4")
    if len(position.foundations) != 4 or not all(0 <= h <= RANKS_PER_SUIT for h in position.foundations):
        raise DealError("foundation heights must be 4 numbers from 0 to 13")
    seen: dict[int, int] = {}
    for card in position.all_cards():
        seen[card] = seen.get(card, 0) + 1
    doubled = [card for card in range(DECK_SIZE) if seen.get(card, 0) > 1]
    missing = [card for card in range(DECK_SIZE) if card not in seen]
    if doubled:
        also = f" (and {len(missing)} card(s) missing: {', '.join(map(card_name, missing))})" if missing else ""
        raise DealError("card placed twice: " + ", ".join(card_name(c) for c in doubled) + also)
    if missing:
        raise DealError(
            f"{len(missing)} card(s) missing, all 52 must be placed: "
            + ", ".join(card_name(c) for c in missing)
        )
    if position.reserve and any(not column for column in position.tableau):
        raise DealError("a column is empty while the reserve still has cards; the reserve fills empty columns at once")
    for number, column in enumerate(position.tableau, start=1):
        for lower, upper in zip(column, column[1:]):
            if not builds_on(upper, lower):
                raise DealError(
                    f"column {number} is not a run down in alternating colours: "
                    f"{card_name(upper)} cannot lie on {card_name(lower)}"
                )
    for name in ("score", "recycles"):
        if not 0 <= getattr(position, name) <= MAX_COUNT:
            raise DealError(f"{name} must be from 0 to {MAX_COUNT}, not {getattr(position, name)}")
    return position


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


def position_from_dict(data: Any) -> tuple[Position, int | None]:
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
    draw = data.get("draw")
    if draw is not None and (type(draw) is not int or draw not in (1, 3)):
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
        from .hidden import validate_seen

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


def read_deal_file(path: str) -> tuple[Position, int | None]:
    """Load and validate a deal file; ``DealError`` names the file and the problem."""
    shown = shorten(path, PATH_LIMIT)
    try:
        with open(path, encoding="utf-8-sig") as handle:  # -sig: files saved with a BOM read too
            data = loads(handle.read())
    except OSError as error:
        raise DealError(f"cannot read deal file {shown}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise DealError(f"deal file {shown} is not UTF-8 text") from None
    except JsonInputError as error:
        raise DealError(f"deal file {shown} is not valid JSON: {error}") from None
    try:
        return position_from_dict(data)
    except DealError as error:
        raise DealError(f"deal file {shown}: {error}") from None
