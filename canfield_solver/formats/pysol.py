"""PySolFC's Canfield (game 105) deals: ``pysol:123``, ``pysol:ms123``, ``pysol:#00000000000012345678``.

PySolFC shuffles with the generators of the ``pysol-cards`` package; this
module reproduces its deal exactly so that a player can look a PySolFC game up
by its number::

    >>> name, position = read_pysol_deal("ms1")
    >>> name, len(position.waste), len(position.stock)
    ('pysol:ms1', 3, 31)

Which generator (PySolFC's ``pysolrandom.construct_random``): ``msN`` and the
numbers 1..31999 use the Microsoft-compatible LCG, which shuffles the deck
after PySolFC's rearrangement for it; 32000 and above use the Mersenne
Twister. (``pysol_cards.random.shuffle`` switches at ``<= 32000`` instead, so
it is not used here.) Number 0 (and ``ms0``) is refused, as in PySolFC.

The deck before shuffling is clubs, spades, hearts, diamonds, each A..K; after
shuffling the last card is the top of the talon. PySolFC then deals from the
top: the base card to its foundation, 13 cards to the reserve, one card to
each column from column 4 to column 1, and turns the first 3 cards onto the
waste before the player moves.
"""

from __future__ import annotations

import re

from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom
from pysol_cards.random_base import RandomBase

from canfield_solver.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, make_card, suit_of
from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.position import Position, validate

# PySolFC's suit order (its deck order, and pysol-cards' suit numbers 0..3).
_PYSOL_SUITS = (CLUBS, SPADES, HEARTS, DIAMONDS)
MS_GENERATOR_LIMIT = 32000  # plain numbers below this use the LCG, as in PySolFC
MAX_NUMBER = RandomBase.MAX_SEED  # PySolFC's largest game number (10**20)
MAX_MS_NUMBER = LCRandom31.MAX_SEED  # 2**33 - 1
FIRST_TURN = 3  # PySolFC turns three cards onto the waste before play

_NUMBER = re.compile(r"(?P<ms>ms)?#?(?P<digits>[0-9]+)", re.IGNORECASE)


class PysolNumberError(InputError):
    """A PySolFC game number that cannot be read or is out of range."""


def parse_pysol_number(text: str) -> tuple[int, bool]:
    """Read ``123``, ``ms123`` or ``#00000000000012345678``; return ``(number, ms_form)``."""
    match = _NUMBER.fullmatch(text.strip())
    if not match:
        raise PysolNumberError(
            f"bad PySolFC game number {quote(text)}: write pysol:123, pysol:ms123 "
            "or the 20-digit form pysol:#00000000000012345678"
        )
    digits, ms_form = match.group("digits").lstrip("0") or "0", match.group("ms") is not None
    number = int(digits) if len(digits) <= 30 else None  # a longer one is out of range, and slow to convert
    prefix, limit = ("ms", MAX_MS_NUMBER) if ms_form else ("", MAX_NUMBER)
    if number is None or not 1 <= number <= limit:
        raise PysolNumberError(
            f"PySolFC game number {quote(text)} is out of range: "
            f"use {prefix}1 to {prefix}{limit} (PySolFC has no game 0)"
        )
    return number, ms_form


def shuffled_talon(number: int, ms_form: bool = False) -> list[int]:
    """PySolFC's shuffled deck for game ``number`` in our card encoding; the last card is the talon top."""
    deck = createCards(1)
    if ms_form or number < MS_GENERATOR_LIMIT:
        generator = LCRandom31(number)
        deck = ms_rearrange(deck)
    else:
        generator = MTRandom(number)
    generator.shuffle(deck)
    return [make_card(card.rank - 1, _PYSOL_SUITS[card.suit]) for card in deck]


def pysol_position(number: int, ms_form: bool = False) -> Position:
    """The position PySolFC shows at the start of game ``number``: dealt, 3 cards on the waste."""
    d = shuffled_talon(number, ms_form)[::-1]  # d[0] is dealt first
    foundations = [0, 0, 0, 0]
    foundations[suit_of(d[0])] = 1
    return validate(
        Position(
            base=d[0],
            reserve=tuple(d[1:14]),
            tableau=tuple((card,) for card in reversed(d[14:18])),
            stock=tuple(reversed(d[18 + FIRST_TURN:])),
            waste=tuple(d[18:18 + FIRST_TURN]),
            foundations=tuple(foundations),
        )
    )


def read_pysol_deal(text: str) -> tuple[str, Position]:
    """The name (``pysol:123``, ``pysol:ms123``) and the start PySolFC shows of the game ``text`` names."""
    number, ms_form = parse_pysol_number(text)
    return f"pysol:{'ms' if ms_form else ''}{number}", pysol_position(number, ms_form)
