"""States that no sequence of moves wins: cards that can never leave the card under them.

Under moves "whole" a card leaves the card under it only as its column's top, for its
foundation or for a column top it builds on; under spaces "waste" and "waste-first" never for an
empty column. Without foundation returns, a set of such cards each waiting for a card that lies
under one of them (or is up, for the card it would go on) never moves, and the cards under them
never go up. Under moves "pile" a card other than a column's bottom one leaves the card under
it only for its foundation (a move takes the whole column, the card still on the one under it),
so there a card waiting for a card under one of the set never moves, whatever the other card it
builds on. The proof is in docs/dominances.md, section 6.
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import RANKS_PER_SUIT, SPADES
from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import in_search_loop, kernel
from canfield_solver.engine.movegen import COLUMN_T, RESERVE_T, TALON_T, move_count, move_kind, move_target, relative_rank

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


@in_search_loop
def _blocked(st, card, under, covered):
    """``card``, lying on ``under``, can never leave it while no card of the stuck set leaves its
    place: a card of its suit that goes up before it is ``covered`` (under a stuck card), and,
    under moves "whole", the other card it builds on (``under``'s twin) is up or covered; under
    moves "pile" it goes onto no card as long as it lies on one."""
    if lower_cards(st, card) & covered == 0:
        return False
    if st[L.COLUMN_MOVES] == L.MOVES_PILE:
        return True
    other = twin(under)
    return is_up(st, other) or (covered >> other) & 1 == 1


@kernel
def cards_can_be_buried(st):
    """The rule options under which cards can be buried for good: moves "whole" or "pile",
    spaces "waste" or "waste-first", without foundation returns (the casino's rules)."""
    return not (st[L.SPACES] == L.ANY_CARD or st[L.WORRY_BACK] == 1 or st[L.COLUMN_MOVES] == L.MOVES_ANY)


@in_search_loop
def _under_tops(st):
    """Bit mask of the column cards with a card on them: every card a stuck set can cover."""
    cards = np.int64(0)
    for column in range(4):
        base = L.COLUMN_CARDS + column * L.PILE
        for i in range(st[L.COLUMN_N + column] - 1):
            cards |= np.int64(1) << st[base + i]
    return cards


@kernel
def buried_for_good(st):
    """Under moves "whole" or "pile" and spaces "waste" or "waste-first", without foundation returns: some
    card other than a column's bottom one can never leave the card under it, which then never goes
    up, so no win exists (docs/dominances.md, section 6).

    The stuck set starts as every column card above another and loses, column by column from the
    top, each card that is not ``_blocked``; under moves "whole" only a column's top card leaves
    the card under it, so a column's stuck cards are those up to its highest one, and ``covered``
    (the cards under a stuck card) is every card below that one."""
    if not cards_can_be_buried(st):
        return False
    covered = _under_tops(st)
    highest = np.int64(0)  # each column's highest stuck card (0: none), a byte per column
    for column in range(4):
        highest |= np.int64(max(st[L.COLUMN_N + column] - 1, 0)) << 8 * column
    changed = True
    while changed:
        changed = False
        for column in range(4):
            base = L.COLUMN_CARDS + column * L.PILE
            h = (highest >> 8 * column) & 255
            while h >= 1 and not _blocked(st, st[base + h], st[base + h - 1], covered):
                h -= 1
                covered &= ~(np.int64(1) << st[base + h])
                highest -= np.int64(1) << 8 * column
                changed = True
    return highest != 0


@kernel
def _moved_card_waits(st, column, count):
    """Some card of the ``count`` put on ``column`` has a card of its suit that goes up before it
    lying under a column's top: a stuck set of the state entered holds one of them, so none waiting
    leaves the state as it was, not buried."""
    n = st[L.COLUMN_N + column]
    base = L.COLUMN_CARDS + column * L.PILE
    under = _under_tops(st)
    for i in range(n - count, n):
        if lower_cards(st, st[base + i]) & under != 0:
            return True
    return False


@in_search_loop
def buried_after(st, move):
    """``buried_for_good`` of the state ``move`` entered, from a state that was not: only a move
    that puts a card on a column's card gives a card something to lie on or covers one, and under
    moves "whole" a card going up may make a twin up; a card put alone on a column is in every
    stuck set there is, so its own condition, with every card below a column's top as covered,
    is checked first; a run or pile put on a column has a card in every stuck set there is, so
    one of them must wait for a card below a column's top (docs/dominances.md, section 6)."""
    if not cards_can_be_buried(st):
        return False
    kind = move_kind(move)
    if kind == TALON_T or kind == RESERVE_T:
        column = move_target(move)
        n = st[L.COLUMN_N + column]
        if n < 2:
            return False
        base = L.COLUMN_CARDS + column * L.PILE
        if not _blocked(st, st[base + n - 1], st[base + n - 2], _under_tops(st)):
            return False
    elif kind == COLUMN_T:
        if not _moved_card_waits(st, move_target(move), move_count(move)):
            return False
    elif st[L.COLUMN_MOVES] == L.MOVES_PILE:
        return False
    return buried_for_good(st)
