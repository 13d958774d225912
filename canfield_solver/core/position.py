"""Positions (a deal is the position before the first move) and the check that one could occur in a game.

A ``Position`` is immutable; every pile is a tuple listed bottom to top, so the
last card is the one that plays (the reserve top, the next stock card to turn,
the waste top, a column's exposed card)::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> start = position_from_code("CF1-D3-AAAAAAA")
    >>> len(start.reserve), len(start.stock), sum(start.foundations)
    (13, 34, 1)

Foundations are stored as heights per suit (0..13): the foundation of suit
``s`` with height ``h`` holds the ranks ``base_rank, base_rank+1, ..,
base_rank+h-1`` (mod 13) of that suit.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from .cards import DECK_SIZE, RANKS_PER_SUIT, card_name, is_red, make_card, rank_of
from .errors import InputError

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

    def with_changes(self, **changes: Any) -> Position:
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
        for lower, upper in pairwise(column):
            if not builds_on(upper, lower):
                raise DealError(
                    f"column {number} is not a run down in alternating colours: "
                    f"{card_name(upper)} cannot lie on {card_name(lower)}"
                )
    for name in ("score", "recycles"):
        if not 0 <= getattr(position, name) <= MAX_COUNT:
            raise DealError(f"{name} must be from 0 to {MAX_COUNT}, not {getattr(position, name)}")
    return position
