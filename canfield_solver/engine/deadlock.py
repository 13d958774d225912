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
from .movegen import RESERVE_F, move_kind, relative_rank

SUIT = np.int64((1 << RANKS_PER_SUIT) - 1)  # the bits of one suit's cards
ALL_CARDS = np.int64((1 << DECK_SIZE) - 1)


@kernel
def _one_lower(ranks):
    """A suit's 13-bit rank mask moved one rank down (the ace's bit to the king's)."""
    return (ranks >> 1) | ((ranks & 1) << (RANKS_PER_SUIT - 1))


@kernel
def _up_cards(st):
    """The cards on the foundations."""
    up = np.int64(0)
    for suit in range(4):
        ranks = ((np.int64(1) << st[L.FOUNDATION_HEIGHTS + suit]) - 1) << st[L.BASE_RANK]
        up |= ((ranks | (ranks >> RANKS_PER_SUIT)) & SUIT) << suit * RANKS_PER_SUIT
    return up


@kernel
def _column_cards(st):
    """The cards in the columns."""
    cards = np.int64(0)
    for column in range(4):
        base = L.COLUMN_CARDS + column * L.PILE
        for i in range(st[L.COLUMN_N + column]):
            cards |= np.int64(1) << st[base + i]
    return cards


@kernel
def _may_leave(st, card, held, onto):
    """In the relaxed game, ``card`` (the reserve top, or a column's bottom card) may leave its
    place while the reserve holds ``held``: it is in ``onto`` (it builds on a card that may be a
    column top), or no card of its suit between the foundation's top and it is in ``held``."""
    if (onto >> card) & 1 == 1:
        return True
    suit = card // RANKS_PER_SUIT
    ranks = (held >> suit * RANKS_PER_SUIT) & SUIT  # the held cards of its suit, by rank ...
    base = st[L.BASE_RANK]
    relative = ((ranks >> base) | (ranks << (RANKS_PER_SUIT - base))) & SUIT  # ... and by relative rank
    below = (np.int64(1) << relative_rank(st, card)) - (np.int64(1) << st[L.FOUNDATION_HEIGHTS + suit])
    return relative & below == 0


@kernel
def _red_ranks(cards):
    """The ranks of the red cards (diamonds, hearts) of ``cards``, as a 13-bit mask."""
    return ((cards >> RANKS_PER_SUIT) | (cards >> 2 * RANKS_PER_SUIT)) & SUIT


@kernel
def _black_ranks(cards):
    """The ranks of the black cards (clubs, spades) of ``cards``, as a 13-bit mask."""
    return (cards | (cards >> 3 * RANKS_PER_SUIT)) & SUIT


@kernel
def _grow(red, black, red_allowed, black_allowed, builds):
    """Close the ranks of each colour of the set ``T`` (docs/dominances.md, section 5) under
    putting an allowed card onto one of its cards; ``builds``: the ranks that build on something.
    What builds on a card depends only on its colour and rank, so the ranks are all ``T`` needs."""
    more_red = _one_lower(black) & builds & red_allowed & ~red
    more_black = _one_lower(red) & builds & black_allowed & ~black
    while more_red | more_black != 0:
        red |= more_red
        black |= more_black
        more_red = _one_lower(black) & builds & red_allowed & ~red
        more_black = _one_lower(red) & builds & black_allowed & ~black
    return red, black


@kernel
def _onto(red, black, builds):
    """The cards that build on a card of a red rank in ``red`` or a black rank in ``black``."""
    on_black = _one_lower(black) & builds  # red ranks
    on_red = _one_lower(red) & builds  # black ranks
    return (on_red | (on_red << 3 * RANKS_PER_SUIT)) | (on_black << RANKS_PER_SUIT) | (on_black << 2 * RANKS_PER_SUIT)


@kernel
def reserve_stuck(st):
    """No sequence of moves empties the reserve, so the state is lost.

    Relaxed game, the reserve top first: the top leaves when it ``_may_leave``; else it takes the
    place of a column's bottom card that may leave (the column empties and the reserve refills
    it). A card that may leave may leave later too, so which bottom it replaces does not matter.
    ``onto``: the cards that build on a card of ``T``, at first on a part of it only (the cards
    in columns and those gone from the reserve: cheap), and from the first reserve card that does
    not leave by that part on the whole of ``T``, kept as ranks of each colour (``_grow``).
    """
    n = st[L.RESERVE_N]
    if n == 0:
        return False
    held = np.int64(0)  # the cards still in the reserve
    for i in range(n):
        held |= np.int64(1) << st[L.RESERVE_CARDS + i]
    bottoms = np.int64(0)
    for column in range(4):
        if st[L.COLUMN_N + column] > 0:
            bottoms |= np.int64(1) << st[L.COLUMN_CARDS + column * L.PILE]
    tops = _column_cards(st)  # with the cards gone from the reserve, until ``whole``
    builds = SUIT  # the ranks that build on something: under "base" not the last of a foundation
    if st[L.TABLEAU_BASE] == 1:
        builds &= ~(np.int64(1) << ((st[L.BASE_RANK] + RANKS_PER_SUIT - 1) % RANKS_PER_SUIT))
    red, black = _red_ranks(tops), _black_ranks(tops)
    onto = _onto(red, black, builds)
    whole = False
    allowed = np.int64(0)
    for i in range(n - 1, -1, -1):
        card = st[L.RESERVE_CARDS + i]
        if not whole and not _may_leave(st, card, held, onto):
            allowed = ALL_CARDS & ~held & ~(_up_cards(st) if st[L.WORRY_BACK] == 0 else np.int64(0))
            red, black = _grow(red, black, _red_ranks(allowed), _black_ranks(allowed), builds)
            onto = _onto(red, black, builds)
            whole = True
        if not _may_leave(st, card, held, onto):
            pool = bottoms
            while pool != 0 and not _may_leave(st, trailing_zeros(pool), held, onto):
                pool &= pool - 1
            if pool == 0:
                return True
            bottoms ^= (pool & -pool) | (np.int64(1) << card)
        bit = np.int64(1) << card
        held &= ~bit
        red |= _red_ranks(bit)
        black |= _black_ranks(bit)
        if whole:
            allowed |= bit
            red, black = _grow(red, black, _red_ranks(allowed), _black_ranks(allowed), builds)
        onto = _onto(red, black, builds)
    return False


@kernel
def lost_after(st, move, undo):
    """``reserve_stuck``, asked only after the moves that take a card out of the reserve other
    than onto a column top: a reserve card played up, and a refill (``undo`` is what
    ``movegen.make`` returned). Other moves make the game stuck too seldom to pay for asking
    (docs/dominances.md, section 5)."""
    if move_kind(move) == RESERVE_F or (undo >> 8) & 1 == 1:
        return reserve_stuck(st)
    return False
