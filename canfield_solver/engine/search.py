"""Depth-first search for a win: explicit stack, resumable, cycle-safe, with dominances.

``run`` searches for at most ``budget`` new states and returns, so the caller (Python) can
check the clock and call it again: all search state lives in the arrays of ``SearchArrays``.
Why it finds a win whenever there is one, with the moves it leaves out: docs/dominances.md.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Protocol

import numpy as np

from canfield_solver.core.cards import CLUBS, DECK_SIZE, DIAMONDS, HEARTS, RANKS_PER_SUIT, SPADES
from canfield_solver.engine import layout as L

from .child_keys import child_key, column_mixes
from .kernel import in_search_loop, inlined_everywhere, kernel, kernel_for_both
from .lost.buried_cards import buried_after, buried_for_good
from .lost.stuck_reserve import lost_after, reserve_stuck
from .movegen import (
    COLUMN_F,
    COLUMN_T,
    MAX_MOVES,
    MOVE_BITS,
    RESERVE_F,
    RESERVE_T,
    RETURN_T,
    TALON_F,
    TALON_T,
    builders,
    column_top,
    encode_move,
    fits_foundation,
    foundation_card,
    make,
    move_count,
    move_kind,
    move_recycle,
    move_source,
    move_split,
    move_target,
    moves_onto,
    next_cards,
    reachable_splits,
    relative_rank,
    suit_of,
    talon_play_waits,
    unmake,
    wrap_rank,
)
from .table import find_slot, grown, has_room, insert, prefetch
from .zobrist import dominated_key, state_key

MOVES_PER_STATE = 4  # room for the moves of each state of the stack, at first (it doubles when full)
SCORE_SHIFT = MOVE_BITS  # a move's search score rides above its fields (see ``move_score``)
MOVE_FIELDS = (1 << SCORE_SHIFT) - 1
NO_KEYS = np.zeros(0, dtype=np.uint64)  # ``run``'s ``log`` and ``won`` when not wanted


# Status codes of ``run``.
RUNNING, WON, EXHAUSTED, TABLE_FULL, STACK_FULL, PAUSED = range(6)
# Cells of the control array.
DEPTH, NODES, STATUS = range(3)


# Cells of the ``best`` array (``run`` with ``track_best``): the most foundation cards seen, and
# the path length to that state.
CARDS, LENGTH = range(2)


@kernel
def with_score(move, score):
    """``move`` with its search ``score`` in the bits above its fields, which the accessors ignore."""
    return move | (score << SCORE_SHIFT)


@kernel
def move_score(move):
    """The search score ``ordered_moves`` gave ``move``."""
    return move >> SCORE_SHIFT


@kernel_for_both
def foundation_cards(st):
    """How many cards are on the foundations (the base card included)."""
    return st[L.FOUNDATION_HEIGHTS] + st[L.FOUNDATION_HEIGHTS + 1] + st[L.FOUNDATION_HEIGHTS + 2] + st[L.FOUNDATION_HEIGHTS + 3]


@kernel
def is_won(st):
    """Every card is up; or, where ``layout.RESERVE_GOAL`` is set, the reserve is empty, from
    which foundation moves alone then win (docs/dominances.md, section 9)."""
    return foundation_cards(st) == DECK_SIZE or (st[L.RESERVE_GOAL] == 1 and st[L.RESERVE_N] == 0)


@kernel
def _safe_to_play(st, card):
    """No win needs ``card`` (which fits its foundation) kept off it, by the first rule (both cards
    that build on it are up; without foundation returns) or the second (Keller's): the proofs and
    where each holds are in docs/dominances.md, sections 1 to 3."""
    r = relative_rank(st, card)
    suit = suit_of(card)
    red = suit == DIAMONDS or suit == HEARTS
    first, second = (CLUBS, SPADES) if red else (DIAMONDS, HEARTS)  # the other colour's suits
    wanted = wrap_rank(r + (RANKS_PER_SUIT - 1))  # relative rank of the cards built on it
    if st[L.WORRY_BACK] == 0 and st[L.FOUNDATION_HEIGHTS + first] > wanted and st[L.FOUNDATION_HEIGHTS + second] > wanted:
        return True
    partner = ((SPADES if suit == CLUBS else CLUBS) if not red  # the other suit of its colour
               else (HEARTS if suit == DIAMONDS else DIAMONDS))
    return ((r >= 3 or st[L.TABLEAU_BASE] == 1) and st[L.FOUNDATION_HEIGHTS + first] >= r - 1
            and st[L.FOUNDATION_HEIGHTS + second] >= r - 1 and st[L.FOUNDATION_HEIGHTS + partner] >= r - 2)


@kernel
def safe_foundation_move(st):
    """A foundation move that keeps every win and lowers the measure ``d``, or -1: a card that is
    ``_safe_to_play`` from the reserve, a column or (draw 1, unlimited passes) the talon, as far as
    foundation returns and the spaces rules allow (docs/dominances.md, sections 1 and 3)."""
    if st[L.WORRY_BACK] == 1 and st[L.TABLEAU_BASE] == 0:
        return -1
    waste_first = st[L.SPACES] == L.WASTE_CARD_FIRST
    if st[L.RESERVE_N] > 0 and not waste_first:
        card = st[L.RESERVE_CARDS + st[L.RESERVE_N] - 1]
        if fits_foundation(st, card) and _safe_to_play(st, card):
            return encode_move(RESERVE_F, 0, suit_of(card), 1, 0, 0)
    for column in range(4):
        n = st[L.COLUMN_N + column]
        if n > 1 or (n == 1 and not waste_first):
            card = st[L.COLUMN_CARDS + column * L.PILE + n - 1]
            if fits_foundation(st, card) and _safe_to_play(st, card):
                return encode_move(COLUMN_F, column, suit_of(card), 1, 0, 0)
    if st[L.DRAW_COUNT] == 1 and st[L.PASSES] == L.UNLIMITED and not waste_first:
        fits = next_cards(st)
        for split in range(1, st[L.TALON_N] + 1):
            card = st[L.TALON + split - 1]
            if (fits >> card) & 1 == 1 and _safe_to_play(st, card):
                direct, recycle = reachable_splits(st)
                return encode_move(TALON_F, 0, suit_of(card), 1, split, 1 - ((direct >> split) & 1))
    return -1


@kernel
def comes_straight_back(st, suit):
    """With foundation returns: the top card of foundation ``suit``, once returned to a column,
    would be safe to play up again at once (``safe_foundation_move`` would play it), so no best
    win starts with that return (docs/dominances.md, section 3). Only where that function plays
    safe moves with returns: tableau order "base"."""
    if st[L.TABLEAU_BASE] == 0:
        return False
    height = st[L.FOUNDATION_HEIGHTS + suit] - 1
    st[L.FOUNDATION_HEIGHTS + suit] = height
    safe = _safe_to_play(st, np.int32(foundation_card(st, suit, height)))  # int32, as its other callers pass
    st[L.FOUNDATION_HEIGHTS + suit] = height + 1
    return safe


@kernel
def _low_card_up(st, move):
    """A foundation move of a card of relative rank 0 to 2: under the cyclic order the last ranks
    build on such cards, which may be needed in the tableau to hold them."""
    kind = move_kind(move)
    return ((kind == RESERVE_F or kind == TALON_F or kind == COLUMN_F)
            and st[L.FOUNDATION_HEIGHTS + move_target(move)] <= 2)


@kernel
def _score(st, move):
    """Search order: higher first. Foundation plays, then moves that empty the reserve faster;
    with ``layout.LOW_CARDS_LATE`` foundation plays of low cards come late (only returns and,
    with limited passes, talon plays that need a recycle come later).

    A talon play that needs a recycle comes after the direct ones of its kind, and with limited
    passes (where a recycle spent early can cost the win) after every other move but returns.
    With limited passes the direct talon plays onto a column come nearest first, by the draws each
    needs: the cards a play draws past are out of reach until a recycle, and the nearer play passes
    fewer of them.
    """
    kind = move_kind(move)
    if st[L.LOW_CARDS_LATE] == 1 and _low_card_up(st, move):
        return 15
    if kind == RESERVE_F:
        return 100
    if kind == COLUMN_F:
        return 90
    if kind == TALON_F or kind == TALON_T:
        recycle = move_recycle(move)
        if recycle == 1 and st[L.PASSES] != L.UNLIMITED:
            return 10 if kind == TALON_F else 9
        if kind == TALON_F:
            return 90 - recycle
        if st[L.PASSES] != L.UNLIMITED:
            return 50 - min((move_split(move) - st[L.TALON_K]) // st[L.DRAW_COUNT], 9)
        return 50 - recycle
    if kind == RESERVE_T:
        return 80
    if kind == COLUMN_T:
        source = move_source(move)
        count = move_count(move)
        n = st[L.COLUMN_N + source]
        if count == n:
            return 70 if st[L.RESERVE_N] > 0 else 30
        if fits_foundation(st, st[L.COLUMN_CARDS + source * L.PILE + n - count - 1]):
            return 60
        return 20
    return 0  # RETURN_T


@kernel
def partial_moves_pruned(st):
    """Partial column moves that uncover a card not fitting its foundation are left out (with
    dominances on): any run may move (moves "any") and spaces are not "waste-first", the
    conditions under which every win has a compliant one (docs/dominances.md)."""
    return st[L.COLUMN_MOVES] == L.MOVES_ANY and st[L.SPACES] != L.WASTE_CARD_FIRST


@kernel
def set_talon_waits(st, dominance):
    """Talon plays onto columns wait for a card to go on them (``movegen.talon_play_waits``)
    with dominances on under draw 1 with unlimited passes, where every talon card stays
    reachable (docs/dominances.md, section 4)."""
    st[L.TALON_WAITS] = 1 if dominance and st[L.DRAW_COUNT] == 1 and st[L.PASSES] == L.UNLIMITED else 0


@kernel
def free_cards(st):
    """Bit masks of the talon's cards, and of the cards a move can put onto a column from outside
    the columns: the talon's, the reserve top and, with foundation returns, the foundation tops."""
    talon = np.int64(0)
    for i in range(st[L.TALON_N]):
        talon |= np.int64(1) << st[L.TALON + i]
    free = talon
    if st[L.RESERVE_N] > 0:
        free |= np.int64(1) << st[L.RESERVE_CARDS + st[L.RESERVE_N] - 1]
    if st[L.WORRY_BACK] == 1:
        for suit in range(4):
            height = st[L.FOUNDATION_HEIGHTS + suit]
            if height > 0:
                free |= np.int64(1) << foundation_card(st, suit, height - 1)
    return talon, free


@kernel
def liftable_cards(st, column, prune_partial):
    """Bit mask of the cards of ``column`` that a searched move can lift onto another column (with
    the cards above them): the bottom one, and the others (the top one only under moves "whole",
    none under "pile"), with ``prune_partial`` only those above a card that fits its foundation."""
    n = st[L.COLUMN_N + column]
    base = L.COLUMN_CARDS + column * L.PILE
    if n == 0:
        return np.int64(0)
    mask = np.int64(1) << st[base]
    if st[L.COLUMN_MOVES] == L.MOVES_PILE:
        return mask
    if st[L.COLUMN_MOVES] == L.MOVES_WHOLE:
        return mask | (np.int64(1) << st[base + n - 1])
    for i in range(1, n):
        if not prune_partial or fits_foundation(st, st[base + i - 1]):
            mask |= np.int64(1) << st[base + i]
    return mask


@kernel
def can_be_built_on(st, card, target, talon, free, prune_partial):
    """Once talon card ``card`` lies on column ``target``, some move could put a card on it:
    ``talon`` and ``free`` are ``free_cards``, and the other columns' ``liftable_cards`` count
    too. Under spaces "waste-first", while another column is empty, only talon cards count."""
    wanted = builders(st, card)
    if st[L.SPACES] == L.WASTE_CARD_FIRST:
        for column in range(4):
            if column != target and st[L.COLUMN_N + column] == 0:
                return wanted & talon != 0
    if wanted & free != 0:
        return True
    for column in range(4):
        if column != target and wanted & liftable_cards(st, column, prune_partial) != 0:
            return True
    return False


@kernel
def built_on_column(st):
    """The column whose top card the next move must build on (``layout.BUILD_ON``), or -1."""
    if st[L.BUILD_ON] > 0:
        for column in range(4):
            if st[L.COLUMN_N + column] > 0 and column_top(st, column) == st[L.BUILD_ON] - 1:
                return column
    return -1


@inlined_everywhere
def ordered_moves(st, out, dominance):
    """The moves to search from a state, best first; only the dominant one when there is one,
    and none (with dominances on) when a card is ``buried_for_good``.

    Moves onto an empty column other than the first empty one, and whole columns moved onto an
    empty column, are left out: they lead to a column permutation of a state reached otherwise.
    With dominances on, so are partial column moves whose uncovered card does not fit its
    foundation, where ``partial_moves_pruned`` says so, and foundation returns of a card that
    ``comes_straight_back``. Where talon plays wait (``set_talon_waits``), a talon play onto a
    column is left out when no card ``can_be_built_on`` it, and right after one only the moves
    that put a card on the played card are kept.
    """
    if dominance and buried_for_good(st):
        return 0
    return searched_moves(st, out, dominance)


@kernel
def searched_moves(st, out, dominance):
    """``ordered_moves`` of a state known not to be ``buried_for_good`` (or with dominances off)."""
    prune_partial = False
    if dominance:
        forced = safe_foundation_move(st)
        if forced >= 0:
            out[0] = forced
            return 1
        prune_partial = partial_moves_pruned(st)
    must_build = built_on_column(st)
    count = moves_onto(st, out, must_build)
    have_free_cards = False  # ``talon`` and ``free``: computed for the first talon play that waits
    talon, free = np.int64(0), np.int64(0)
    first_empty = -1
    for c in range(4):
        if st[L.COLUMN_N + c] == 0:
            first_empty = c
            break
    kept = 0
    for i in range(count):
        move = out[i]
        kind = move_kind(move)
        if kind == TALON_T and talon_play_waits(st, move_target(move)):
            if not have_free_cards:
                talon, free = free_cards(st)
                have_free_cards = True
            if not can_be_built_on(st, st[L.TALON + move_split(move) - 1], move_target(move), talon, free, prune_partial):
                continue
        if kind == COLUMN_T and prune_partial:
            source = move_source(move)
            uncovered = st[L.COLUMN_N + source] - move_count(move)
            if uncovered > 0 and not fits_foundation(st, st[L.COLUMN_CARDS + source * L.PILE + uncovered - 1]):
                continue
        if kind == RETURN_T and dominance and comes_straight_back(st, move_source(move)):
            continue
        if kind == COLUMN_T or kind == RESERVE_T or kind == TALON_T or kind == RETURN_T:
            target = move_target(move)
            if st[L.COLUMN_N + target] == 0:
                if target != first_empty:
                    continue
                if kind == COLUMN_T and move_count(move) == st[L.COLUMN_N + move_source(move)]:
                    continue
        keyed = with_score(move, _score(st, move))
        j = kept
        while j > 0 and out[j - 1] < keyed:
            out[j] = out[j - 1]
            j -= 1
        out[j] = keyed
        kept += 1
    return kept


@in_search_loop
def expand_node(st, hashes, z, slots, moves, keys, base, dominance):
    """Write the state's ordered moves at ``moves[base:]`` and the keys of the states they lead
    to at ``keys[base:]``; return how many. Each key's table slot is prefetched, so the probes
    that ``run`` makes later (mostly of states already seen) find it in the cache instead of
    waiting on memory one at a time."""
    count = searched_moves(st, moves[base : base + MAX_MOVES], dominance)
    mixes = column_mixes(hashes)
    for j in range(base, base + count):
        key = child_key(st, z, hashes, mixes, moves[j])
        keys[j] = key
        prefetch(slots, key)
    return count


class StateTests(Protocol):
    """Tests a search makes on the states it enters, which run the search themselves
    (``lost.easier_game.EasierTests``): ``run`` searches ``search`` on for ``budget`` new states."""

    def run(self, search: SearchArrays, budget: int) -> int: ...

    def another(self) -> StateTests:
        """Tests of their own, for a search on another thread."""
        ...


class SearchArrays:
    """All the arrays of one search (state, hashes, table, stack, and the best state seen when
    ``run`` tracks it), so ``run`` can stop and resume."""

    def __init__(self, st: np.ndarray, z: np.ndarray, slots: np.ndarray, meta: np.ndarray, depth: int = 256):
        from .zobrist import full_hash

        self.st = st
        self.z = z
        self.hashes = np.zeros(5, dtype=np.uint64)
        full_hash(st, z, self.hashes)
        self.slots = slots
        self.meta = meta
        # The moves to search from each state of the path, one block after another: those of
        # depth ``d`` are ``moves[first[d] : first[d] + counts[d]]``, with their states' keys.
        room = MAX_MOVES + depth * MOVES_PER_STATE
        self.moves = np.zeros(room, dtype=np.int32)
        self.keys = np.zeros(room, dtype=np.uint64)
        self.first = np.zeros(depth, dtype=np.int32)
        self.counts = np.zeros(depth, dtype=np.int32)
        self.next = np.zeros(depth, dtype=np.int32)
        self.path = np.zeros(depth, dtype=np.int32)
        self.undo = np.zeros(depth, dtype=np.int32)
        self.control = np.zeros(3, dtype=np.int64)
        self.best = np.array([foundation_cards(st), 0], dtype=np.int64)
        self.best_path = np.zeros(depth, dtype=np.int32)
        self.tests: StateTests | None = None  # the easier game's tests, where the search makes them

    STACK = ("moves", "keys", "first", "counts", "next", "path", "undo")  # the path and its moves

    def grow(self) -> None:
        """Double the stack (the path got deeper, or its moves more, than it holds)."""
        for name in self.STACK + ("best_path",):
            array = getattr(self, name)
            setattr(self, name, np.concatenate([array, np.zeros_like(array)]))

    def grow_table(self, memory: int, pool: Executor | None = None, parts: int = 1) -> bool:
        """Double the table in place if that stays within ``memory`` bytes and its mapping, the new
        pages touched in ``parts`` on ``pool`` (``table.grown``); False when it cannot."""
        if 2 * self.slots.nbytes > memory or not has_room(self.slots):
            return False
        self.slots, self.meta = grown(self.slots, self.meta, pool, parts)
        return True

    def start(self, dominance: bool) -> int:
        """Enter the start state: WON, TABLE_FULL, or RUNNING with its moves on the stack."""
        return self._run(0, dominance, False, True)

    def run(self, budget: int, dominance: bool, track_best: bool = False) -> int:
        if self.tests is not None and dominance and not track_best:
            return self.tests.run(self, budget)
        return self._run(budget, dominance, track_best, False)

    def _run(self, budget: int, dominance: bool, track_best: bool, begin: bool) -> int:
        return run(self.st, self.hashes, self.z, self.slots, self.meta, self.moves, self.keys, self.first, self.counts,
                   self.next, self.path, self.undo, self.control, budget, dominance, track_best, self.best, self.best_path,
                   False, NO_KEYS, NO_KEYS, begin)

    def load(self, dominance: bool) -> None:
        """Compile or load the kernels ``run`` calls, with a budget of 0, which searches nothing:
        the plain search's too where this one makes tests, for the side searches that make none.
        Called before a search's clock starts, which should count the search alone."""
        self.run(0, dominance, track_best=True)  # the plain kernel even where tests are made
        self.run(0, dominance)

    def path_moves(self) -> np.ndarray:
        """The engine moves from the start to the current state (without their search scores)."""
        return self.path[: self.control[DEPTH]] & MOVE_FIELDS

    def best_moves(self) -> np.ndarray:
        """The engine moves from the start to the best state seen (``run`` with ``track_best``)."""
        return self.best_path[: self.best[LENGTH]] & MOVE_FIELDS


@kernel_for_both
def run(st, hashes, z, slots, meta, moves, keys, first, counts, nxt, path, undo, control, budget, dominance, track_best,
        best, best_path, pause, log, won, begin):
    """Search on for at most ``budget`` new states; return the status (also in ``control``).

    Every argument but ``budget`` and the flags is an array that ``SearchArrays`` holds (``d``: the
    stack's room in depths, ``m``: its room for moves; both double when full, after STACK_FULL):

    ========== ================= =================================================================================
    argument   shape, dtype      meaning
    ========== ================= =================================================================================
    st         STATE_SIZE, int32 the current state (``layout``); ``make`` and ``unmake`` change it in place
    hashes     5, uint64         its key's parts: reserve, talon and recycles; then columns 0 to 3 (``zobrist``)
    z          Z_SIZE, uint64    the Zobrist numbers (``zobrist.make_table``), read only
    slots      n, uint64         the transposition table: keys, 0 for an empty slot (``table``)
    meta       2, int64          the table's stored keys and the most it may hold
    moves      m, int32          the moves to search from each state of the path, a block a depth, each with its
                                 search score in the bits above its fields (``with_score``)
    keys       m, uint64         the key of the state each of ``moves`` leads to (``child_keys``)
    first      d, int32          where each depth's block starts in ``moves`` and ``keys``
    counts     d, int32          how many moves each depth's block holds
    nxt        d, int32          the next move to try in each depth's block
    path       d, int32          the move made at each depth: the path from the start to ``st``
    undo       d, int32          what ``unmake`` needs to take each of those moves back
    control    3, int64          DEPTH (of ``st``), NODES (states entered so far), STATUS
    budget     int               the most new states this call enters
    dominance  bool              leave out the moves the dominances of docs/dominances.md rule out
    track_best bool              keep the state with the most foundation cards in ``best``, ``best_path``
    best       2, int64          CARDS (the most foundation cards seen) and LENGTH (of the path to them)
    best_path  d, int32          the path to that state
    pause      bool              return PAUSED after a talon play onto a column (see below)
    log        k, uint64         when not empty: ``log[0]`` counts the keys this call adds, ``log[1:]`` holds them
    won        w, uint64         when not empty: a table of keys of states known won
    begin      bool              enter ``st`` as the start first (see below)
    ========== ================= =================================================================================

    ``begin``: start a new search at ``st`` (a table without it): enter it (WON, or TABLE_FULL), list
    its moves, then search on. The start's moves are listed by the same code as every state's, so
    that ``expand_node`` is compiled once, inlined here.

    ``pause``: return PAUSED after entering a state by a talon play onto a column that has moves
    to search, so that the caller may test it (``easier_game.run_tested``) and then resume. ``log``
    lets a caller take the keys a call added out again; entering a state whose key is in ``won``
    ends the search WON.

    ``track_best``: also keep in ``best`` and ``best_path`` the state with the most foundation
    cards entered so far and the path to it (the best-score search, ``solving/best_score.py``). With
    dominances on, a state that ``stuck_reserve.lost_after`` or ``buried_cards.buried_after`` proves
    lost is given no moves (the start: ``reserve_stuck`` and ``buried_for_good``), and entering a
    state also stores the ``zobrist.dominated_key`` of the state its talon split dominates, which
    is then never entered.
    """
    depth = control[DEPTH]
    nodes = 0
    status = RUNNING
    capacity = counts.shape[0]
    move = np.int32(0)  # the move that entered ``st`` (none for the start)
    u = np.int32(0)
    dominated = np.uint64(0)
    if begin:
        set_talon_waits(st, dominance)
        depth = 0
        control[NODES] = 1
        first[0] = 0
        key = state_key(st, z, hashes)
        if insert(slots, meta, key) < 0:
            status = TABLE_FULL
        else:
            if log.shape[0] > 0:
                log[0] += 1
                log[log[0]] = key
            if is_won(st):
                status = WON
    listing = begin and status == RUNNING  # ``st`` was entered and its moves are yet to be listed
    while status == RUNNING:
        if not listing:
            if nodes >= budget:
                break
            i = nxt[depth]
            if i >= counts[depth]:
                if depth == 0:
                    status = EXHAUSTED
                    break
                depth -= 1
                unmake(st, hashes, z, path[depth], undo[depth])
                continue
            if depth + 1 >= capacity or first[depth] + counts[depth] + MAX_MOVES > moves.shape[0]:
                status = STACK_FULL
                break
            move = moves[first[depth] + i]
            nxt[depth] = i + 1
            key = keys[first[depth] + i]
            added = insert(slots, meta, key)
            if added == 0:
                continue
            if added < 0:
                nxt[depth] = i
                status = TABLE_FULL
                break
            if log.shape[0] > 0:
                log[0] += 1
                log[log[0]] = key
            u = make(st, hashes, z, move)
            nodes += 1
            dominated = dominated_key(st, z, hashes) if dominance else np.uint64(0)
            if dominated != np.uint64(0):
                prefetch(slots, dominated)
            path[depth] = move
            undo[depth] = u
            depth += 1
            if track_best and foundation_cards(st) > best[CARDS]:
                best[CARDS] = foundation_cards(st)
                best[LENGTH] = depth
                for j in range(depth):  # a loop: copying a slice would need numba's allocator
                    best_path[j] = path[j]
            if is_won(st) or (won.shape[0] > 0 and won[find_slot(won, key)] == key):
                status = WON
                break
            first[depth] = first[depth - 1] + counts[depth - 1]
        listing = False
        if dominance and depth > 0:
            lost = lost_after(st, move, u) or buried_after(st, move)
        else:
            lost = dominance and (reserve_stuck(st) or buried_for_good(st))
        counts[depth] = 0 if lost else expand_node(st, hashes, z, slots, moves, keys, first[depth], dominance)
        nxt[depth] = 0
        if dominated != np.uint64(0):
            insert(slots, meta, dominated)  # when the table is full, that state may be entered later
        if pause and depth > 0 and counts[depth] > 0 and move_kind(move) == TALON_T:
            status = PAUSED
            break
    control[DEPTH] = depth
    control[NODES] += nodes
    control[STATUS] = status
    return status
