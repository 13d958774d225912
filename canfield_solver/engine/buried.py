"""States that no sequence of moves wins: a card buried for good under a card of its own suit.

Where column cards never go into an empty column (spaces "waste" and "waste-first") and cards
never come back from the foundations, a card ``u`` lying on ``c`` leaves it only for its
foundation once the other card it could go on (``c``'s twin: same rank and colour, the other
suit) is up or lies under ``c``; a card of ``u``'s suit that must go up before ``u`` and lies
under ``c`` is then never freed. The proof is in
docs/dominances.md, section 6.
"""

from __future__ import annotations

import numpy as np

from ..cards import RANKS_PER_SUIT, SPADES
from . import layout as L
from .kernel import kernel
from .movegen import relative_rank

SUIT_RANKS = (1 << RANKS_PER_SUIT) - 1  # the 13 rank bits of one suit


@kernel
def lower_cards(st, card):
    """Bit mask of the cards of ``card``'s suit that go up before it (a lower relative rank)."""
    suit = card // RANKS_PER_SUIT
    base = st[L.BASE_RANK]
    relative = relative_rank(st, card)
    ranks = ((np.int64(1) << relative) - 1) << base  # ranks base .. base + relative - 1, past the K too
    ranks = (ranks | (ranks >> RANKS_PER_SUIT)) & SUIT_RANKS
    return ranks << (suit * RANKS_PER_SUIT)


@kernel
def twin(card):
    """The other card of the same rank and colour (clubs and spades, diamonds and hearts)."""
    return (SPADES - card // RANKS_PER_SUIT) * RANKS_PER_SUIT + card % RANKS_PER_SUIT


@kernel
def is_up(st, card):
    """The card is on its foundation."""
    return st[L.FOUNDATION_HEIGHTS + card // RANKS_PER_SUIT] > relative_rank(st, card)


@kernel
def buried_for_good(st):
    """Under spaces "waste" or "waste-first" without foundation returns: some column holds ``u`` on
    ``c`` where ``c``'s twin is up or under ``c``, and under ``c`` a card of ``u``'s suit that goes up
    before ``u``. No win exists then (docs/dominances.md, section 6)."""
    if st[L.SPACES] == 0 or st[L.WORRY_BACK] == 1:
        return False
    for column in range(4):
        base = L.COLUMN_CARDS + column * L.PILE
        under = np.int64(0)  # the cards under ``c``
        for i in range(1, st[L.COLUMN_N + column]):
            c = st[base + i - 1]
            other = twin(c)
            if is_up(st, other) or (under >> other) & 1 == 1:
                if under & lower_cards(st, st[base + i]) != 0:
                    return True
            under |= np.int64(1) << c
    return False
