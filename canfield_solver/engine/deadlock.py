"""A cheap proof that a state is lost: its reserve can never be emptied.

The reserve top leaves to its foundation, onto a column top that it builds on, or into a column
that a move empties (the automatic refill; while the reserve has cards no column stays empty).
``reserve_stuck`` plays a relaxed game that lets the reserve top leave whenever the real game
might; when even that game cannot empty the reserve, no win exists (docs/dominances.md,
section 5). Sets of cards are bit masks (bit = card).
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ..cards import DECK_SIZE, RANKS_PER_SUIT
from . import layout as L
from .kernel import kernel
from .movegen import COLUMN_T, RESERVE_T, RETURN_T, TALON_T, move_kind

SUIT = np.int64((1 << RANKS_PER_SUIT) - 1)  # the bits of one suit's cards
EVERY_SUIT = np.int64(1 | 1 << RANKS_PER_SUIT | 1 << 2 * RANKS_PER_SUIT | 1 << 3 * RANKS_PER_SUIT)
ALL_CARDS = np.int64((1 << DECK_SIZE) - 1)


@kernel
def _relative_rank(st, card):
    return (card % RANKS_PER_SUIT - st[L.BASE_RANK]) % RANKS_PER_SUIT


@kernel
def _one_lower(ranks):
    """A suit's 13-bit rank mask moved one rank down (the ace's bit to the king's)."""
    return (ranks >> 1) | ((ranks & 1) << (RANKS_PER_SUIT - 1))


@kernel
def _builders(st, cards):
    """The cards that build on some card of ``cards``: the other colour's, one rank lower (under
    tableau order "base" the last rank of a foundation builds on nothing). Clubs and spades
    (suits 0 and 3) are black, diamonds and hearts red."""
    red = ((cards >> RANKS_PER_SUIT) | (cards >> 2 * RANKS_PER_SUIT)) & SUIT
    black = (cards | (cards >> 3 * RANKS_PER_SUIT)) & SUIT
    on_red = _one_lower(red)
    on_black = _one_lower(black)
    out = on_red | (on_red << 3 * RANKS_PER_SUIT) | (on_black << RANKS_PER_SUIT) | (on_black << 2 * RANKS_PER_SUIT)
    if st[L.TABLEAU_BASE] == 1:
        out &= ~(EVERY_SUIT << ((st[L.BASE_RANK] + RANKS_PER_SUIT - 1) % RANKS_PER_SUIT))
    return out


@kernel
def _parents_of(st, card):
    """The cards ``card`` builds on: the other colour's, one rank higher (none for the last rank
    of a foundation under tableau order "base")."""
    rank = card % RANKS_PER_SUIT
    if st[L.TABLEAU_BASE] == 1 and (rank - st[L.BASE_RANK]) % RANKS_PER_SUIT == RANKS_PER_SUIT - 1:
        return np.int64(0)
    above = EVERY_SUIT << ((rank + 1) % RANKS_PER_SUIT)
    suit = card // RANKS_PER_SUIT
    black = SUIT | (SUIT << 3 * RANKS_PER_SUIT)
    return above & (~black if suit == 0 or suit == 3 else black) & ALL_CARDS


@kernel
def _up_cards(st):
    """The cards on the foundations."""
    up = np.int64(0)
    for suit in range(4):
        ranks = ((np.int64(1) << st[L.FOUNDATION_HEIGHTS + suit]) - 1) << st[L.BASE_RANK]
        up |= ((ranks | (ranks >> RANKS_PER_SUIT)) & SUIT) << suit * RANKS_PER_SUIT
    return up


@kernel
def _grow(st, tops, allowed):
    """``tops`` with every card of ``allowed`` that can be put onto one of them, and so on."""
    more = _builders(st, tops) & allowed & ~tops
    while more != 0:
        tops |= more
        more = _builders(st, tops) & allowed & ~tops
    return tops


@kernel
def _may_leave(st, card, held, tops):
    """In the relaxed game, ``card`` (the reserve top, or a column's bottom card) may leave its
    place while the reserve holds ``held``: no card of its suit between the foundation's top and
    it is in ``held``, or it builds on a card of ``tops``."""
    if _parents_of(st, card) & tops != 0:
        return True
    suit = card // RANKS_PER_SUIT
    ranks = (held >> suit * RANKS_PER_SUIT) & SUIT  # the held cards of its suit, by rank ...
    base = st[L.BASE_RANK]
    relative = ((ranks >> base) | (ranks << (RANKS_PER_SUIT - base))) & SUIT  # ... and by relative rank
    below = (np.int64(1) << _relative_rank(st, card)) - (np.int64(1) << st[L.FOUNDATION_HEIGHTS + suit])
    return relative & below == 0


@kernel
def reserve_stuck(st):
    """No sequence of moves empties the reserve, so the state is lost.

    Relaxed game, the reserve top first: ``tops`` holds every card that may be a column top
    while the reserve holds ``held`` (the cards in columns, the cards that have left the reserve,
    and the cards, not up for good, that can be put onto one of those, and so on). The reserve
    top leaves when it ``_may_leave``; else it takes the place of a column's bottom card that
    may leave (the column empties and the reserve refills it). A card that may leave may leave
    later too, so which bottom card it replaces does not matter.
    """
    n = st[L.RESERVE_N]
    if n == 0:
        return False
    held = np.int64(0)  # the cards still in the reserve
    for i in range(n):
        held |= np.int64(1) << st[L.RESERVE_CARDS + i]
    placed = np.int64(0)
    bottoms = np.int64(0)
    for column in range(4):
        base = L.COLUMN_CARDS + column * L.PILE
        if st[L.COLUMN_N + column] > 0:
            bottoms |= np.int64(1) << st[base]
        for i in range(st[L.COLUMN_N + column]):
            placed |= np.int64(1) << st[base + i]
    allowed = ALL_CARDS & ~held & ~(_up_cards(st) if st[L.WORRY_BACK] == 0 else np.int64(0))
    tops = _grow(st, placed, allowed)
    for i in range(n - 1, -1, -1):
        card = st[L.RESERVE_CARDS + i]
        if not _may_leave(st, card, held, tops):
            pool = bottoms
            while pool != 0 and not _may_leave(st, trailing_zeros(pool), held, tops):
                pool &= pool - 1
            if pool == 0:
                return True
            bottoms ^= (pool & -pool) | (np.int64(1) << card)
        bit = np.int64(1) << card
        held &= ~bit
        allowed |= bit
        tops = _grow(st, tops | bit, allowed)
    return False


@kernel
def lost_after(st, move, undo):
    """``reserve_stuck``, asked only after moves that can make it hold: not a talon card or a
    foundation card put onto a column, nor cards moved between columns without a refill (which
    only add to the cards that may be column tops). ``undo`` is what ``movegen.make`` returned."""
    kind = move_kind(move)
    if kind == TALON_T or kind == RETURN_T or kind == RESERVE_T or (kind == COLUMN_T and (undo >> 8) & 1 == 0):
        return False
    return reserve_stuck(st)
