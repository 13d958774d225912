"""CF1 game codes: the deal number, the documented shuffle, and the deal itself.

A code ``CF1-D<d>-<7 letters>`` names draw mode ``d`` (1 or 3) and deal number
``n`` written in base 26 with A=0, first letter most significant::

    >>> parse_code(" cf1-d3-aaaaacl ")
    (3, 63)
    >>> format_code(63, 1)
    'CF1-D1-AAAAACL'

The deck of deal ``n`` is ♣A..♣K, ♦A..♦K, ♥A..♥K, ♠A..♠K shuffled by
Fisher-Yates driven by SplitMix64 seeded with ``n`` (docs/formats.md, "Game codes", gives the
exact steps); the cards depend only on ``n``, not on the draw mode.
"""

from __future__ import annotations

import random as _random
import re
from collections.abc import Iterator

from canfield_solver.core.cards import DECK_SIZE, suit_of
from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.position import Position
from canfield_solver.core.rules import Draw

LETTERS = 7
DEAL_COUNT = 26**LETTERS
MAX_DEALS = 10**6  # the most deals one command makes or batches: enough for a win rate to 0.1%
_MASK = (1 << 64) - 1
_CODE = re.compile(r"CF1-D([13])-([A-Z]{7})")


class CodeError(InputError):
    """A game code that cannot be read."""


def parse_code(code: str) -> tuple[Draw, int]:
    """Return ``(draw, deal_number)`` for a code; raise ``CodeError`` with the reason."""
    text = code.strip().upper() if isinstance(code, str) and code.isascii() else ""
    match = _CODE.fullmatch(text)
    if not match:
        raise CodeError(
            f"bad game code {quote(code)}: expected CF1-D1-XXXXXXX or CF1-D3-XXXXXXX "
            "with 7 letters A-Z, for example CF1-D3-AAAAACL"
        )
    number = 0
    for letter in match.group(2):
        number = number * 26 + (ord(letter) - ord("A"))
    draw: Draw = 1 if match.group(1) == "1" else 3
    return draw, number


def is_code(text: str) -> bool:
    """Whether ``text`` is a game code (``parse_code`` reads it)."""
    try:
        parse_code(text)
    except CodeError:
        return False
    return True


def format_code(number: int, draw: int) -> str:
    """The code of deal ``number`` under draw mode ``draw``."""
    if not 0 <= number < DEAL_COUNT:
        raise CodeError(f"deal number {number} is out of range 0..{DEAL_COUNT - 1}")
    if draw not in (1, 3):
        raise CodeError(f"draw must be 1 or 3, not {draw}")
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return f"CF1-D{draw}-" + "".join(reversed(letters))


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator: an endless stream of 64-bit numbers from ``seed``."""
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def shuffled_deck(number: int) -> list[int]:
    """The 52 cards of deal ``number`` after the Fisher-Yates shuffle."""
    deck = list(range(DECK_SIZE))
    numbers = splitmix64(number)
    for i in range(DECK_SIZE - 1, 0, -1):
        j = next(numbers) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def position_from_number(number: int) -> Position:
    """Deal in the app's order: 13 to the reserve, the base card, 4 columns, 34 to the stock.

    ``d[0..12]`` form the reserve with ``d[12]`` on top, ``d[13]`` is the base
    card, ``d[14..17]`` go to columns 1-4, ``d[18..51]`` form the stock with
    ``d[18]`` on top (turned first).
    """
    d = shuffled_deck(number)
    foundations = [0, 0, 0, 0]
    foundations[suit_of(d[13])] = 1
    return Position(
        base=d[13],
        reserve=tuple(d[0:13]),
        tableau=tuple((card,) for card in d[14:18]),
        stock=tuple(reversed(d[18:52])),
        foundations=tuple(foundations),
    )


def position_from_code(code: str) -> Position:
    """The starting position of a game code (the draw mode is the code's own)."""
    return position_from_number(parse_code(code)[1])


def iter_random_codes(count: int, draw: int, seed: int | None = None) -> Iterator[str]:
    """``count`` codes of random deal numbers, one at a time; reproducible when ``seed`` is given."""
    generator = _random.Random(seed) if seed is not None else _random.SystemRandom()
    for _ in range(count):
        yield format_code(generator.randrange(DEAL_COUNT), draw)


def random_codes(count: int, draw: int, seed: int | None = None) -> list[str]:
    """The list of ``iter_random_codes``."""
    return list(iter_random_codes(count, draw, seed))
