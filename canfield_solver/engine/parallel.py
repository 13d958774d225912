"""The depth-first win search as several searches that share one transposition table.

Past ``SOLO_STATES`` states the search splits: each search has its own position, path and stack
(its ``SearchArrays``), and all insert into one table. A state is searched on by the search that
inserted it; a search that finds a state already in the table skips it, as a lone search skips a
state it has seen. A search with nothing left takes half of the untried moves at the shallowest
open depth of a busy one's path (``hand_over``). Why the verdict is the lone search's:
docs/engine.md, "Several searches".

On one thread the searches take turns, a share of each ``step`` each, in a fixed order, so every
run searches the same states; there are ``MIN_SEARCHES`` of them even then, because a win the
first search's order would reach only after a long detour is often met early by another, which
starts from the moves the first would try last, or from the middle of them (a proof that a deal
is lost visits the same states either way; CHANGELOG.md, on three searches on one thread).
With ``threads`` > 1 each search runs on its own thread (``search.run`` lets go of the GIL;
``table.insert`` is atomic); then the states searched and the win found depend on timing.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .kernel import kernel
from .movegen import unmake
from .search import DEPTH, EXHAUSTED, NODES, RUNNING, STACK_FULL, STATUS, TABLE_FULL, WON, SearchArrays

SOLO_STATES = 200_000  # one search alone searches this many states before the others join
MIN_SEARCHES = 3


@kernel
def rewind(st, hashes, z, path, undo, depth, to):
    """Take back the moves of ``path`` from ``depth`` down to ``to``: the state at depth ``to``."""
    for k in range(depth - 1, to - 1, -1):
        unmake(st, hashes, z, path[k], undo[k])


def load_rewind(search: SearchArrays) -> None:
    """Compile or load ``rewind`` (taking back no move): ``hand_over`` first needs it in the middle
    of a search, whose clock should not count it."""
    rewind(search.st, search.hashes, search.z, search.path, search.undo, 0, 0)


def hand_over(busy: SearchArrays, idle: SearchArrays) -> bool:
    """Give ``idle`` half the untried moves at the shallowest depth of ``busy``'s path that has any
    (``busy`` keeps the rest); False when ``busy`` has none to give.

    ``idle`` gets a copy of ``busy``'s path down to that depth, with no moves left to try above it,
    so it searches the moves it was given and then ends (EXHAUSTED).
    """
    depth = int(busy.control[DEPTH])
    left = busy.counts[: depth + 1] - busy.next[: depth + 1]
    open_depths = np.flatnonzero(left > 0)
    if len(open_depths) == 0:
        return False
    split = int(open_depths[0])
    kept = int(left[split]) // 2
    for name in SearchArrays.STACK:
        setattr(idle, name, getattr(busy, name).copy())
    idle.st[:] = busy.st
    idle.hashes[:] = busy.hashes
    rewind(idle.st, idle.hashes, idle.z, idle.path, idle.undo, depth, split)
    idle.next[:split] = idle.counts[:split]
    idle.next[split] = busy.next[split] + kept
    busy.counts[split] = busy.next[split] + kept
    idle.control[DEPTH] = split
    idle.control[STATUS] = RUNNING
    return True


class SharedSearch:
    """Searches from ``first`` (started) sharing its table, one per thread (``MIN_SEARCHES`` on
    one thread: more than one search a thread would leave a thread waiting on another's extra
    share in each step) once the first has searched ``SOLO_STATES`` states, stepped together on
    ``threads`` threads. ``also``: searches of the same start in other move orders, started on
    ``first``'s table, that search beside it from the first step (each counts as one of them).

    ``step(budget)`` runs every busy search for its share of ``budget`` new states and returns WON
    (``winner`` found it), EXHAUSTED (every search ended: no win), TABLE_FULL (the table cannot grow
    within ``memory``) or RUNNING.
    """

    def __init__(self, first: SearchArrays, threads: int, memory: int, dominance: bool,
                 also: tuple[SearchArrays, ...] = ()) -> None:
        self.searches = [first]
        self.size = max(threads if threads > 1 else MIN_SEARCHES, 1 + len(also))
        self.memory = memory
        self.dominance = dominance
        self.winner = first
        self.kept = first  # the search whose table (all of theirs) a caller keeps
        self.threads = threads
        self.pool = ThreadPoolExecutor(threads - 1) if threads > 1 else None
        for search in also:
            self._join(search)

    def _join(self, search: SearchArrays) -> None:
        """Add ``search`` (on the first's table) with the first's easier-game tests: the same
        ones on one thread, where searches take turns, else a set of its own."""
        first = self.searches[0]
        if first.tests is not None:
            search.tests = first.tests if self.threads == 1 else first.tests.another()
        self.searches.append(search)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def nodes(self) -> int:
        return sum(int(search.control[NODES]) for search in self.searches)

    def _share(self) -> None:
        """Have every idle search take work from a busy one, once the first has searched alone
        for ``SOLO_STATES`` states."""
        if self.nodes() < SOLO_STATES:
            return
        first = self.searches[0]
        while len(self.searches) < self.size:
            search = SearchArrays(first.st.copy(), first.z, first.slots, first.meta)
            search.control[STATUS] = EXHAUSTED
            self._join(search)
        for idle in self.searches:
            if idle.control[STATUS] != EXHAUSTED:
                continue
            for busy in self.searches:
                if busy.control[STATUS] == RUNNING and hand_over(busy, idle):
                    break

    def _run(self, search: SearchArrays, budget: int) -> int:
        status = search.run(budget, self.dominance)
        if status == STACK_FULL:
            search.grow()
            search.control[STATUS] = RUNNING
        return status

    def step(self, budget: int) -> int:
        self._share()
        busy = [search for search in self.searches if search.control[STATUS] == RUNNING]
        if not busy:
            return EXHAUSTED
        busy = busy[:budget]  # each runs for a share of the budget, at least one state
        shares = [budget // len(busy) + (i < budget % len(busy)) for i in range(len(busy))]
        if self.pool is None:  # in turn, up to the first win: the searches after it wait
            statuses = []
            for search, share in zip(busy, shares, strict=True):
                statuses.append(self._run(search, share))
                if statuses[-1] == WON:
                    break
        else:
            futures = [self.pool.submit(self._run, search, share) for search, share in zip(busy[1:], shares[1:], strict=True)]
            statuses = [self._run(busy[0], shares[0])] + [future.result() for future in futures]
        for search, status in zip(busy, statuses, strict=False):  # on one thread up to a win
            if status == WON:
                self.winner = search
                return WON
        if TABLE_FULL in statuses:
            first = self.searches[0]
            if not first.grow_table(self.memory, self.pool, self.threads):
                return TABLE_FULL
            for search in self.searches:
                search.slots, search.meta = first.slots, first.meta
                if search.control[STATUS] == TABLE_FULL:
                    search.control[STATUS] = RUNNING
        if all(search.control[STATUS] == EXHAUSTED for search in self.searches):
            return EXHAUSTED
        return RUNNING
