"""Cards as small integers, their names, and parsing.

A card is an ``int`` from 0 to 51, suit-major in the order clubs, diamonds,
hearts, spades, and within a suit Ace (rank 0) up to King (rank 12)::

    >>> card = parse_card("Q♣")
    >>> card, rank_of(card), suit_of(card)
    (11, 11, 0)
    >>> card_name(card), card_name(card, ascii=True)
    ('Q♣', 'QC')

This is the deck order that game codes shuffle (see ``codes``), and the
encoding that the numba engine uses, so no table is needed between them.
"""

from __future__ import annotations

from .errors import InputError, quote

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS_PER_SUIT = 13
DECK_SIZE = 52
HIDDEN = -1  # a slot whose card the player has not seen (see ``hidden``); written "??"
HIDDEN_NAME = "??"


class CardError(InputError):
    """A card name that cannot be read."""


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = Ace .. 12 = King) in ``suit`` (0..3)."""
    return suit * RANKS_PER_SUIT + rank


def rank_of(card: int) -> int:
    """Rank 0 (Ace) .. 12 (King)."""
    return card % RANKS_PER_SUIT


def suit_of(card: int) -> int:
    """Suit 0..3: clubs, diamonds, hearts, spades."""
    return card // RANKS_PER_SUIT


def is_red(card: int) -> bool:
    """Diamonds and hearts are red."""
    return suit_of(card) in (DIAMONDS, HEARTS)


def card_name(card: int, ascii: bool = False) -> str:
    """``'Q♣'``, or ``'QC'`` with ``ascii=True``; ``'??'`` for a hidden slot."""
    if card == HIDDEN:
        return HIDDEN_NAME
    symbols = SUIT_LETTERS if ascii else SUIT_SYMBOLS
    return RANK_NAMES[rank_of(card)] + symbols[suit_of(card)]


_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES)}
_RANK_BY_NAME["T"] = 9
_SUIT_BY_NAME = {letter: suit for suit, letter in enumerate(SUIT_LETTERS)}
_SUIT_BY_NAME.update({symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)})
# Text-presentation variants of the suit symbols (and the white suits) that editors insert.
_SUIT_BY_NAME.update({"♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS, "♤": SPADES})


def parse_card(text: str) -> int:
    """Read a card name: rank A, 2-10, J, Q, K (T for 10), suit C D H S or ♣♦♥♠.

    Case and surrounding spaces do not matter. Raises ``CardError`` otherwise.
    """
    if not isinstance(text, str):
        raise CardError(f"unknown card {quote(text)}: a card is a string such as 'QC' or 'Q♣'")
    cleaned = text.strip().upper().replace("\ufe0f", "")
    rank = _RANK_BY_NAME.get(cleaned[:-1])
    suit = _SUIT_BY_NAME.get(cleaned[-1:])
    if rank is None or suit is None:
        raise CardError(
            f"unknown card {quote(text)}: write a rank (A, 2-10, J, Q, K) then a suit "
            "(C, D, H, S or ♣♦♥♠), for example QC or 10♥"
        )
    return make_card(rank, suit)
