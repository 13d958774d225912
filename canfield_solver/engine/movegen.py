"""Legal moves of an engine state, and make/unmake with incremental hashing.

A move is one ``int32``: ``kind | source << 3 | target << 5 | count << 7 | split << 13 | recycle << 19``,
made by ``encode_move`` and read by ``move_kind``, ``move_source``, ... ``move_recycle``.

- ``RESERVE_F``/``RESERVE_T``: the reserve top to its foundation / onto column ``target``;
- ``TALON_F``/``TALON_T``: the stock as reachable cards: draw (and recycle, when ``recycle`` is
  1) until the talon split is ``split``, then play the waste top ``talon[split - 1]``;
- ``COLUMN_F``/``COLUMN_T``: the top card of column ``source`` to its foundation / the top
  ``count`` cards of column ``source`` onto column ``target``;
- ``RETURN_T``: the top card of foundation ``source`` (a suit) onto column ``target``.

For the three foundation kinds ``target`` holds the card's suit, which ``unmake`` needs.

``generate`` lists every legal move exactly once (the tests compare it with the referee), with
each talon card reachable both with and without a recycle listed once, without it: the state
after it differs only by having used fewer passes, which never loses a win.
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from canfield_solver.core import cards
from canfield_solver.core.cards import DECK_SIZE, RANKS_PER_SUIT
from canfield_solver.core.position import builds_on
from canfield_solver.engine import layout as L

from .kernel import in_search_loop, interpreted_as, kernel
from .zobrist import Z_COLUMN, Z_RESERVE, Z_TALON, recycles_hash


def _python_trailing_zeros(bits: np.integer) -> np.int64:
    """``trailing_zeros`` where Python runs the kernels: the index of the lowest bit set (64 for none)."""
    whole = int(bits) & 0xFFFF_FFFF_FFFF_FFFF
    return np.int64((whole & -whole).bit_length() - 1 if whole else 64)


trailing_zeros = interpreted_as(_python_trailing_zeros)(_trailing_zeros)
RESERVE_F, RESERVE_T, TALON_F, TALON_T, COLUMN_F, COLUMN_T, RETURN_T = range(7)
ALL_CARDS = np.int64((1 << DECK_SIZE) - 1)  # a bit mask of cards with every card in it
EVERY_SPLIT = np.int64(-1)  # bit masks of talon splits: all of them, and every third from 0
EVERY_THIRD = np.int64(sum(1 << bit for bit in range(0, 63, 3)))
MAX_MOVES = 512  # more than any state has (at most 5 + 52*5 + 4*(1 + 3*52) + 16, in practice < 100)
# Where each field of a move starts: kind 3 bits, source and target 2, count and split 6, recycle 1.
SOURCE_AT, TARGET_AT, COUNT_AT, SPLIT_AT, RECYCLE_AT = 3, 5, 7, 13, 19
MOVE_BITS = 20  # bits above these are free (the search keeps its move scores there)
# What ``make`` returns: the talon split in bits 0-7, 1 << 8 when a column was refilled, and
# ``layout.BUILD_ON`` from this bit up.
UNDO_BUILD_ON_AT = 9


@kernel
def encode_move(kind, source, target, count, split, recycle):
    """Pack the fields of a move into one int32."""
    return np.int32(kind | (source << SOURCE_AT) | (target << TARGET_AT) | (count << COUNT_AT)
                    | (split << SPLIT_AT) | (recycle << RECYCLE_AT))


@kernel
def move_kind(move):
    """``RESERVE_F`` .. ``RETURN_T``."""
    return move & 7


@kernel
def move_source(move):
    """The column a column move takes from, or the suit a return takes from."""
    return (move >> SOURCE_AT) & 3


@kernel
def move_target(move):
    """The column a move builds on, or the suit of a foundation move's card."""
    return (move >> TARGET_AT) & 3


@kernel
def move_count(move):
    """How many cards the move carries (more than 1 only for ``COLUMN_T``)."""
    return (move >> COUNT_AT) & 63


@kernel
def move_split(move):
    """Stock-reach moves: the talon split whose waste top is played."""
    return (move >> SPLIT_AT) & 63


@kernel
def move_recycle(move):
    """Stock-reach moves: 1 when the waste is recycled before the draws."""
    return (move >> RECYCLE_AT) & 1


# Each card's suit and rank, looked up: numba's ``//`` and ``%`` on signed integers round as
# Python's do, which costs a fix-up after each division, on the search's every move.
SUIT_OF = np.array([cards.suit_of(card) for card in range(DECK_SIZE)], dtype=np.int64)
RANK_OF = np.array([cards.rank_of(card) for card in range(DECK_SIZE)], dtype=np.int64)


@kernel
def suit_of(card):
    """``card // RANKS_PER_SUIT``."""
    return SUIT_OF[card]


@kernel
def rank_of(card):
    """``card % RANKS_PER_SUIT`` (a bare rank is its own)."""
    return RANK_OF[card]


@kernel
def wrap_rank(r):
    """``r % RANKS_PER_SUIT`` for ``0 <= r < 2 * RANKS_PER_SUIT``."""
    return r - RANKS_PER_SUIT if r >= RANKS_PER_SUIT else r


@kernel
def relative_rank(st, card):
    """The rank of ``card`` (or of a bare rank) counted from the deal's base rank: 0 for the base
    card, 12 for the last card of a foundation."""
    return wrap_rank(rank_of(card) + RANKS_PER_SUIT - st[L.BASE_RANK])


@kernel
def foundation_card(st, suit, height):
    """The card of ``suit`` at ``height`` on its foundation (0: the base rank's card)."""
    return suit * RANKS_PER_SUIT + wrap_rank(st[L.BASE_RANK] + height)


@kernel
def fits_foundation(st, card):
    """The card is the next one its suit's foundation takes."""
    height = st[L.FOUNDATION_HEIGHTS + suit_of(card)]
    return height < RANKS_PER_SUIT and wrap_rank(st[L.BASE_RANK] + height) == rank_of(card)


@kernel
def column_top(st, column):
    """The exposed card of ``column`` (the column must not be empty)."""
    return st[L.COLUMN_CARDS + column * L.PILE + st[L.COLUMN_N + column] - 1]


@kernel
def has_space(st):
    """Some column is empty."""
    return (st[L.COLUMN_N] == 0 or st[L.COLUMN_N + 1] == 0 or st[L.COLUMN_N + 2] == 0
            or st[L.COLUMN_N + 3] == 0)


# The cards that build on each card under the cyclic order, as bit masks.
BUILDERS = np.array([sum(1 << card for card in range(DECK_SIZE) if builds_on(card, onto)) for onto in range(DECK_SIZE)],
                    dtype=np.int64)


@kernel
def builders(st, card):
    """Bit mask of the cards that build on ``card``: the other colour's, one rank lower, K below A
    (none under tableau order "base" when that is the last rank of a foundation, so when ``card``
    has the base rank; see ``rules.crosses_base``)."""
    if st[L.TABLEAU_BASE] == 1 and rank_of(card) == st[L.BASE_RANK]:
        return np.int64(0)
    return BUILDERS[card]


@kernel
def talon_play_waits(st, target):
    """A talon play onto column ``target`` must be built on by the next move (the search's rule,
    docs/dominances.md, section 4): ``layout.TALON_WAITS`` is on, and the column is not an empty
    one under spaces "waste-first"."""
    return st[L.TALON_WAITS] == 1 and (st[L.SPACES] != L.WASTE_CARD_FIRST or st[L.COLUMN_N + target] > 0)


@kernel
def takers(st, column, from_talon):
    """Bit mask (bit = card) of the cards column ``column`` accepts, as a single card or the
    bottom of a run.

    ``from_talon``: the card would be the waste top (after the draws of a stock-reach move). An
    empty column exists only once the reserve is empty; it then takes any card with spaces "any"
    and only a talon card with "waste" and "waste-first", under which, while a column is empty,
    only talon cards move onto columns at all. Under tableau order "base" a card of relative rank
    12 goes only onto an empty column (as ``rules.crosses_base``: the one cyclic build it could
    make is onto relative rank 0).
    """
    if st[L.SPACES] == L.WASTE_CARD_FIRST and not from_talon and has_space(st):
        return np.int64(0)
    n = st[L.COLUMN_N + column]
    if n == 0:
        return ALL_CARDS if st[L.RESERVE_N] == 0 and (from_talon or st[L.SPACES] == L.ANY_CARD) else np.int64(0)
    return builders(st, st[L.COLUMN_CARDS + column * L.PILE + n - 1])


@kernel
def reachable_splits(st):
    """The talon splits whose waste top some draws (and at most one recycle) bring into play.

    Returns two bit masks over splits 1..52 (bit ``j``: split ``j``, waste top ``talon[j - 1]``):
    those reached by draws alone, and those that need a recycle. By draws alone: the current
    split ``k`` (when the waste is not empty), then ``k + d``, ``k + 2d``, ... below ``n``, and
    ``n`` (the last, possibly short, turn). After a recycle (stock emptied by draws, waste not
    empty, a pass left): ``d``, ``2d``, ... below ``n``, and ``n``. A second recycle reaches nothing new.
    """
    n = st[L.TALON_N]
    every = EVERY_SPLIT if st[L.DRAW_COUNT] == 1 else EVERY_THIRD  # splits 0, d, 2d, ...
    below_n = ((np.int64(1) << n) - 1) & ~np.int64(1)  # splits 1 .. n - 1
    last = np.int64(1) << n if n > 0 else np.int64(0)
    direct = ((every << st[L.TALON_K]) & below_n) | last
    recycle = np.int64(0)
    passes = st[L.PASSES]
    if n > 0 and (passes == L.UNLIMITED or st[L.RECYCLES] + 1 < passes):
        recycle = ((every & below_n) | last) & ~direct
    return direct, recycle


@kernel
def next_cards(st):
    """Bit mask (bit = card) of the cards that fit their foundations."""
    mask = np.int64(0)
    for suit in range(4):
        height = st[L.FOUNDATION_HEIGHTS + suit]
        if height < RANKS_PER_SUIT:
            mask |= np.int64(1) << foundation_card(st, suit, height)
    return mask


@kernel
def generate(st, out):
    """Write every legal move of the state into ``out``; return how many. (-1 as an ``int64``: a
    literal would make numba compile ``moves_onto`` a second time, for that constant.)"""
    return moves_onto(st, out, np.int64(-1))


@kernel
def _takers_of(st, column, wanted_column, from_talon):
    """``takers`` of ``column``, or no card when ``wanted_column`` is another column."""
    if wanted_column >= 0 and wanted_column != column:
        return np.int64(0)
    return takers(st, column, from_talon)


@kernel
def _four_takers(st, wanted_column, from_talon):
    """``_takers_of`` of the four columns."""
    return (_takers_of(st, 0, wanted_column, from_talon), _takers_of(st, 1, wanted_column, from_talon),
            _takers_of(st, 2, wanted_column, from_talon), _takers_of(st, 3, wanted_column, from_talon))


@kernel
def moves_onto(st, out, column):
    """Write the legal moves that put a card onto column ``column`` into ``out`` (every legal
    move, the foundation moves too, when ``column`` is -1); return how many. The search asks
    for one column's where the next move must build on its top (``layout.BUILD_ON``).

    Each pile's card is tested against bit masks of what the foundations and each column take.
    """
    count = 0
    fits = next_cards(st) if column < 0 else np.int64(0)
    onto = _four_takers(st, column, False)
    if st[L.RESERVE_N] > 0:
        card = st[L.RESERVE_CARDS + st[L.RESERVE_N] - 1]
        if (fits >> card) & 1 == 1:
            out[count] = encode_move(RESERVE_F, 0, suit_of(card), 1, 0, 0)
            count += 1
        for target in range(4):
            if (onto[target] >> card) & 1 == 1:
                out[count] = encode_move(RESERVE_T, 0, target, 1, 0, 0)
                count += 1
    direct, recycle = reachable_splits(st)
    reach = direct | recycle
    if reach != 0:
        talon_onto = onto  # ``takers`` tells a talon card apart only where a column is empty
        if has_space(st):
            talon_onto = _four_takers(st, column, True)
        wanted = fits | talon_onto[0] | talon_onto[1] | talon_onto[2] | talon_onto[3]
        if wanted == 0:
            reach = np.int64(0)
        while reach != 0:  # the reachable splits, lowest first
            split = trailing_zeros(reach)
            reach &= reach - 1
            card = st[L.TALON + split - 1]
            bit = np.int64(1) << card
            if wanted & bit == 0:
                continue
            again = (recycle >> split) & 1
            if fits & bit != 0:
                out[count] = encode_move(TALON_F, 0, suit_of(card), 1, split, again)
                count += 1
            for target in range(4):
                if talon_onto[target] & bit != 0:
                    out[count] = encode_move(TALON_T, 0, target, 1, split, again)
                    count += 1
    column_moves = st[L.COLUMN_MOVES]
    for source in range(4):
        n = st[L.COLUMN_N + source]
        if n == 0:
            continue
        base = L.COLUMN_CARDS + source * L.PILE
        top = st[base + n - 1]
        if (fits >> top) & 1 == 1:
            out[count] = encode_move(COLUMN_F, source, suit_of(top), 1, 0, 0)
            count += 1
        top_rank = rank_of(top)
        for target in range(4):
            accepts = onto[target]
            if target == source or accepts == 0:
                continue
            if column_moves == L.MOVES_PILE:  # the whole column only
                if (accepts >> st[base]) & 1 == 1:
                    out[count] = encode_move(COLUMN_T, source, target, n, 0, 0)
                    count += 1
                continue
            if column_moves == L.MOVES_WHOLE:  # the top card alone, or the whole column
                if n > 1 and (accepts >> top) & 1 == 1:
                    out[count] = encode_move(COLUMN_T, source, target, 1, 0, 0)
                    count += 1
                if (accepts >> st[base]) & 1 == 1:
                    out[count] = encode_move(COLUMN_T, source, target, n, 0, 0)
                    count += 1
                continue
            moved, step = 1, 1  # any tail; an empty target takes any
            if st[L.COLUMN_N + target] > 0:
                # The column is one run, so the card ``moved`` deep has rank top + moved - 1 (mod 13):
                # only every 13th depth has the rank that builds on the target's top.
                moved = wrap_rank(rank_of(column_top(st, target)) + (RANKS_PER_SUIT - 1) - top_rank) + 1
                step = RANKS_PER_SUIT
            while moved <= n:  # not a stepped range: its trip count costs a division
                if (accepts >> st[base + n - moved]) & 1 == 1:
                    out[count] = encode_move(COLUMN_T, source, target, moved, 0, 0)
                    count += 1
                moved += step
    if st[L.WORRY_BACK] == 1:
        taken = onto[0] | onto[1] | onto[2] | onto[3]
        for suit in range(4):
            height = st[L.FOUNDATION_HEIGHTS + suit]
            if height == 0:
                continue
            card = foundation_card(st, suit, height - 1)
            if (taken >> card) & 1 == 0:
                continue
            for target in range(4):
                if (onto[target] >> card) & 1 == 1:
                    out[count] = encode_move(RETURN_T, suit, target, 1, 0, 0)
                    count += 1
    return count


@kernel
def _push(st, hashes, z, column, card):
    n = st[L.COLUMN_N + column]
    st[L.COLUMN_CARDS + column * L.PILE + n] = card
    st[L.COLUMN_N + column] = n + 1
    hashes[1 + column] ^= z[Z_COLUMN + n * DECK_SIZE + card]


@kernel
def _pop(st, hashes, z, column):
    n = st[L.COLUMN_N + column] - 1
    card = st[L.COLUMN_CARDS + column * L.PILE + n]
    st[L.COLUMN_N + column] = n
    hashes[1 + column] ^= z[Z_COLUMN + n * DECK_SIZE + card]
    return card


@kernel
def _set_reserve_n(st, hashes, z, n):
    hashes[0] ^= z[Z_RESERVE + st[L.RESERVE_N]] ^ z[Z_RESERVE + n]
    st[L.RESERVE_N] = n


@kernel
def _put_card(st, hashes, z, card, kind, target):
    """Put a single card on its foundation (foundation kinds) or on column ``target``."""
    if kind == RESERVE_F or kind == TALON_F or kind == COLUMN_F:
        st[L.FOUNDATION_HEIGHTS + target] += 1
    else:
        _push(st, hashes, z, target, card)


@kernel
def _take_card(st, hashes, z, kind, target):
    """Take back the single card ``_put_card`` put down; return it."""
    if kind == RESERVE_F or kind == TALON_F or kind == COLUMN_F:
        height = st[L.FOUNDATION_HEIGHTS + target] - 1
        st[L.FOUNDATION_HEIGHTS + target] = height
        return np.int32(foundation_card(st, target, height))  # a card, as ``_pop`` returns it
    return _pop(st, hashes, z, target)


@in_search_loop
def make(st, hashes, z, move):
    """Carry out a legal move (and the automatic refill); return what ``unmake`` needs.

    A talon play that ``talon_play_waits`` sets the card the next move must build on; any other
    move clears it.
    """
    kind = move_kind(move)
    source = move_source(move)
    target = move_target(move)
    undo = st[L.TALON_K] | (st[L.BUILD_ON] << UNDO_BUILD_ON_AT)
    build_on = 0
    if kind == RESERVE_F or kind == RESERVE_T:
        n = st[L.RESERVE_N] - 1
        card = st[L.RESERVE_CARDS + n]
        _set_reserve_n(st, hashes, z, n)
        _put_card(st, hashes, z, card, kind, target)
    elif kind == TALON_F or kind == TALON_T:
        split = move_split(move)
        if move_recycle(move) == 1 and st[L.PASSES] != L.UNLIMITED:
            hashes[0] ^= recycles_hash(np.int64(st[L.RECYCLES])) ^ recycles_hash(st[L.RECYCLES] + 1)
            st[L.RECYCLES] += 1
        card = st[L.TALON + split - 1]
        n = st[L.TALON_N] - 1
        for i in range(split - 1, n):
            st[L.TALON + i] = st[L.TALON + i + 1]
        st[L.TALON_N] = n
        st[L.TALON_K] = split - 1
        hashes[0] ^= z[Z_TALON + card]
        if kind == TALON_T and talon_play_waits(st, target):
            build_on = card + 1
        _put_card(st, hashes, z, card, kind, target)
    elif kind == RETURN_T:
        height = st[L.FOUNDATION_HEIGHTS + source] - 1
        st[L.FOUNDATION_HEIGHTS + source] = height
        _push(st, hashes, z, target, np.int32(foundation_card(st, source, height)))
    else:
        if kind == COLUMN_F:
            _put_card(st, hashes, z, _pop(st, hashes, z, source), kind, target)
        else:
            count = move_count(move)
            n = st[L.COLUMN_N + source]
            base = L.COLUMN_CARDS + source * L.PILE
            for i in range(n - count, n):
                _push(st, hashes, z, target, st[base + i])
            for _ in range(count):
                _pop(st, hashes, z, source)
        if st[L.COLUMN_N + source] == 0 and st[L.RESERVE_N] > 0:
            n = st[L.RESERVE_N] - 1
            _push(st, hashes, z, source, st[L.RESERVE_CARDS + n])
            _set_reserve_n(st, hashes, z, n)
            undo |= 1 << 8
    st[L.BUILD_ON] = build_on
    return np.int32(undo)  # one type for every caller: one compiled ``unmake``


@in_search_loop
def unmake(st, hashes, z, move, undo):
    """Take back ``move`` made with ``make`` (which returned ``undo``)."""
    kind = move_kind(move)
    source = move_source(move)
    target = move_target(move)
    st[L.BUILD_ON] = undo >> UNDO_BUILD_ON_AT
    if kind == RESERVE_F or kind == RESERVE_T:
        _take_card(st, hashes, z, kind, target)
        _set_reserve_n(st, hashes, z, st[L.RESERVE_N] + 1)
    elif kind == TALON_F or kind == TALON_T:
        split = move_split(move)
        n = st[L.TALON_N]
        card = _take_card(st, hashes, z, kind, target)
        for i in range(n, split - 1, -1):
            st[L.TALON + i] = st[L.TALON + i - 1]
        st[L.TALON + split - 1] = card
        st[L.TALON_N] = n + 1
        st[L.TALON_K] = undo & 255
        hashes[0] ^= z[Z_TALON + card]
        if move_recycle(move) == 1 and st[L.PASSES] != L.UNLIMITED:
            hashes[0] ^= recycles_hash(np.int64(st[L.RECYCLES])) ^ recycles_hash(st[L.RECYCLES] - 1)
            st[L.RECYCLES] -= 1
    elif kind == RETURN_T:
        _pop(st, hashes, z, target)
        st[L.FOUNDATION_HEIGHTS + source] += 1
    else:
        if (undo >> 8) & 1 == 1:
            n = st[L.RESERVE_N]
            st[L.RESERVE_CARDS + n] = _pop(st, hashes, z, source)
            _set_reserve_n(st, hashes, z, n + 1)
        if kind == COLUMN_F:
            _push(st, hashes, z, source, _take_card(st, hashes, z, kind, target))
        else:
            count = move_count(move)
            n = st[L.COLUMN_N + target]
            base = L.COLUMN_CARDS + target * L.PILE
            for i in range(n - count, n):
                _push(st, hashes, z, source, st[base + i])
            for _ in range(count):
                _pop(st, hashes, z, target)
