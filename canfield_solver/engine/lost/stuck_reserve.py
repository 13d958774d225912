"""A cheap proof that a state is lost: its reserve can never be emptied.

The reserve top leaves to its foundation, onto a column top that it builds on, or into a column
that a move empties (the automatic refill; while the reserve has cards no column stays empty).
``reserve_stuck`` plays a relaxed game that lets the reserve top leave whenever the real game
might, where a card in a column becomes a top only if the cards above it may all leave; when
even that game cannot empty the reserve, no win exists (docs/dominances.md, section 5). Sets of
cards are bit masks (bit = card).
"""

from __future__ import annotations

import numpy as np

from canfield_solver.core.cards import DECK_SIZE, RANKS_PER_SUIT
from canfield_solver.engine import layout as L
from canfield_solver.engine.kernel import in_search_loop, kernel
from canfield_solver.engine.lost.buried_cards import cards_can_be_buried
from canfield_solver.engine.movegen import RESERVE_F, RESERVE_T, TALON_T, move_kind, move_target

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
def _held(st):
    """The cards in the reserve."""
    held = np.int64(0)
    for i in range(st[L.RESERVE_N]):
        held |= np.int64(1) << st[L.RESERVE_CARDS + i]
    return held


@kernel
def _may_go_up(st, held):
    """The cards that may go up in the relaxed game while the reserve holds ``held``: those with
    no card of their suit in ``held`` between their foundation's top and them."""
    base = st[L.BASE_RANK]
    cards = np.int64(0)
    for suit in range(4):
        ranks = (held >> suit * RANKS_PER_SUIT) & SUIT  # the held cards of the suit, by rank ...
        relative = ((ranks >> base) | (ranks << (RANKS_PER_SUIT - base))) & SUIT  # ... by relative rank
        blocking = relative & -(np.int64(1) << st[L.FOUNDATION_HEIGHTS + suit])  # not up
        free = SUIT if blocking == 0 else ((blocking & -blocking) << 1) - 1  # up to the lowest of those
        cards |= (((free << base) | (free >> (RANKS_PER_SUIT - base))) & SUIT) << suit * RANKS_PER_SUIT
    return cards


@kernel
def _column_reach(st, onto, up):
    """``(cards, emptied)``: the cards of the columns of ``st`` that may become column tops, and
    the columns (bit = column) whose cards may all leave, when the cards of ``onto`` may leave as
    the bottom of a run (carrying the cards above them) and those of ``up`` may go up once the
    cards above them have left. Under moves "whole" a card with a card under it moves only as
    the column's top, alone; under "pile" it never moves onto a column (docs/dominances.md, section 5)."""
    moves = st[L.COLUMN_MOVES]
    cards = np.int64(0)
    emptied = np.int64(0)
    for column in range(4):
        base = L.COLUMN_CARDS + column * L.PILE
        n = st[L.COLUMN_N + column]
        clear = np.int64(1)  # 1 when the cards above the one at ``i`` may all leave (a bit)
        for i in range(n - 1, -1, -1):
            card = st[base + i]
            cards |= clear << card
            moved = (onto >> card) & 1  # as the bottom of a run, carrying the cards above it
            if i > 0 and moves == L.MOVES_WHOLE:  # a card with a card under it moves only as the top, alone ...
                moved &= clear
            elif i > 0 and moves == L.MOVES_PILE:  # ... and under "pile" never onto a column
                moved = np.int64(0)
            clear = (moved | (clear & (up >> card))) & 1
        emptied |= (clear & (n > 0)) << column
    return cards, emptied


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
def _tops(st, held, red, black, allowed, builds):
    """``T`` (docs/dominances.md, section 5) as ranks of each colour, from ``red`` and ``black``
    (a part of it) while the reserve holds ``held``: the column cards that may become tops, each
    card built on one of ``T`` out of ``allowed``, and again while that adds any; with the cards
    that build on a card of ``T``, those that may go up, and the columns whose cards may all leave."""
    up = _may_go_up(st, held)
    while True:
        onto = _onto(red, black, builds)
        cards, emptied = _column_reach(st, onto, up)
        if red == SUIT and black == SUIT:  # every rank of both colours: nothing more to add
            return red, black, onto, up, emptied
        more_red, more_black = _grow(red | _red_ranks(cards), black | _black_ranks(cards),
                                     _red_ranks(allowed), _black_ranks(allowed), builds)
        if more_red == red and more_black == black:
            return red, black, onto, up, emptied
        red, black = more_red, more_black


@kernel
def reserve_stuck(st):
    """No sequence of moves empties the reserve, so the state is lost (``stuck``)."""
    if st[L.RESERVE_N] == 0:
        return False
    held = _held(st)
    return stuck(st, held, _may_go_up(st, held))


@kernel
def stuck(st, held, up):
    """``reserve_stuck`` given the reserve's cards ``held`` (``_held``) and the cards that may go
    up (``_may_go_up``), which ``lost_after`` has already computed.

    Relaxed game, the reserve top first: the top leaves when it may leave its place; else it
    refills a column that may empty: one of ``st`` whose cards may all leave, or one that a
    reserve card refilled before and that card may leave. A column that may empty may empty
    later too, so which one it takes does not matter. ``T`` (``_tops``) and what may leave only
    grow as the reserve empties: they are brought up to date only for a card that did not leave
    by them, and once every card left in the reserve may leave, the game goes through.
    """
    n = st[L.RESERVE_N]
    unfilled = np.int64(0)  # the columns of ``st`` the game has not refilled
    for column in range(4):
        if st[L.COLUMN_N + column] > 0:
            unfilled |= np.int64(1) << column
    refills = np.int64(0)  # the reserve cards in the columns the game refilled
    builds = SUIT  # the ranks that build on something: under "base" not the last of a foundation
    if st[L.TABLEAU_BASE] == 1:
        builds &= ~(np.int64(1) << ((st[L.BASE_RANK] + RANKS_PER_SUIT - 1) % RANKS_PER_SUIT))
    allowed = ALL_CARDS & ~held & ~(_up_cards(st) if st[L.WORRY_BACK] == 0 else np.int64(0))  # what ``T`` grows by
    red, black, onto, emptied = np.int64(0), np.int64(0), np.int64(0), np.int64(0)
    leave = up
    for i in range(n - 1, -1, -1):
        if held & ~leave == 0:  # each card left may leave in its turn (``leave`` only grows)
            return False
        card = st[L.RESERVE_CARDS + i]
        if (leave >> card) & 1 == 0:  # ``T`` and ``leave`` are brought up to date only here
            red, black, onto, up, emptied = _tops(st, held, red, black, allowed, builds)
            leave = onto | up
        if (leave >> card) & 1 == 0:
            free = emptied & unfilled
            if free != 0:
                unfilled ^= free & -free
            else:
                left = refills & leave
                if left == 0:
                    return True
                refills ^= left & -left
            refills |= np.int64(1) << card
        bit = np.int64(1) << card
        held &= ~bit
        allowed |= bit
        red |= _red_ranks(bit)
        black |= _black_ranks(bit)
    return False


@in_search_loop
def lost_after(st, move, undo):
    """``reserve_stuck``, asked only after the moves that can make the game stuck and often do:
    a reserve card played up, a refill (``undo`` is what ``movegen.make`` returned), and a
    reserve card put onto a column top when that card cannot go up (the card it covers may then
    never be a top again); a talon card too where talon plays wait for a card to go on them
    (draw 1), under the cyclic order. Where cards can be buried for good (the casino's rules) and
    talon plays do not wait, only a reserve card played up. The other moves never make it stuck,
    or too seldom to pay for asking (docs/dominances.md, section 5)."""
    kind = move_kind(move)
    if kind == RESERVE_F:
        return reserve_stuck(st)
    if cards_can_be_buried(st) and st[L.TALON_WAITS] == 0:
        return False
    if (undo >> 8) & 1 == 1:
        return reserve_stuck(st)
    if kind == RESERVE_T or (kind == TALON_T and st[L.TALON_WAITS] == 1 and st[L.TABLEAU_BASE] == 0):
        column = move_target(move)
        card = st[L.COLUMN_CARDS + column * L.PILE + st[L.COLUMN_N + column] - 1]
        held = _held(st)
        up = _may_go_up(st, held)
        if (up >> card) & 1 == 0:
            return stuck(st, held, up)
    return False
