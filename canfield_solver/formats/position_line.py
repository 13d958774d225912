"""A position in the app's own words, on one line (``show --line``, ``replay``), and the order
in which the app shows the foundations (the base suit first), which the board and the page follow.
"""

from __future__ import annotations

from canfield_solver.core.cards import HIDDEN, SUIT_NAMES, card_name, suit_of
from canfield_solver.core.position import Position

# Foundations are listed base suit first, then in the app's order.
_FOUNDATION_ORDER = (2, 3, 1, 0)  # hearts, spades, diamonds, clubs


def _hidden_note(cards: tuple[int, ...]) -> str:
    """`` (12 hidden)`` for a pile with cards not seen (see ``hidden``), else ``''``."""
    count = cards.count(HIDDEN)
    return f" ({count} hidden)" if count else ""


def _pile_text(label: str, cards: tuple[int, ...], ascii: bool) -> str:
    if not cards:
        return f"{label} empty"
    noun = "card" if len(cards) == 1 else "cards"
    return f"{label}: {len(cards)} {noun}{_hidden_note(cards)}, top: {card_name(cards[-1], ascii)}"


def foundation_suits(position: Position) -> list[int]:
    """The suits in the order foundations are shown: the base suit first, then the app's order."""
    base_suit = suit_of(position.base)
    return [base_suit] + [suit for suit in _FOUNDATION_ORDER if suit != base_suit]


def describe_position(position: Position, ascii: bool = False) -> str:
    """The position in the app's wording, columns listed bottom to top.

    ``Stock: 34 cards; waste empty; reserve: 13 cards, top: Q♣. Foundations,
    starting rank 7: hearts up to 7♥ (1), spades empty, ... Column 1: 6♣; ...``
    """
    stock = len(position.stock)
    parts = [
        f"Stock: {stock} card{'' if stock == 1 else 's'}{_hidden_note(position.stock)}; "
        + _pile_text("waste", position.waste, ascii)
        + "; "
        + _pile_text("reserve", position.reserve, ascii)
        + "."
    ]
    foundations = []
    for suit in foundation_suits(position):
        top = position.foundation_top(suit)
        if top is None:
            foundations.append(f"{SUIT_NAMES[suit]} empty")
        else:
            foundations.append(f"{SUIT_NAMES[suit]} up to {card_name(top, ascii)} ({position.foundations[suit]})")
    rank = card_name(position.base, ascii)[:-1]
    parts.append(f"Foundations, starting rank {rank}: " + ", ".join(foundations) + ".")
    columns = []
    for number, column in enumerate(position.tableau, start=1):
        cards = ", ".join(card_name(card, ascii) for card in column) or "empty"
        columns.append(f"column {number}: {cards}")
    parts.append("; ".join(columns)[0].upper() + "; ".join(columns)[1:] + ".")
    return " ".join(parts)
