"""A first run compiles on two cores: a helper process compiles the kernels a solve calls last.

numba compiles one kernel at a time in a process (a process-wide lock), so a first ``solve`` on
an empty kernel cache compiled the search's kernels and then ``shortcut`` (which cuts detours out
of the win found, ``paths/shortcut.py``), ``rewind`` (the parallel search's hand-over) and the
best-first search that shortens a long win one after the other on one core. When ``shortcut`` is
not in the cache, ``start_helper`` runs this module as a process of its own, which compiles those
into the same cache while this process compiles the search; ``wait_for_helper`` then waits for it
before ``shortcut`` or ``rewind`` is first called, and numba loads them from the cache. Only a
solve for people (``solve``, ``analyse``) calls the best-first search, so only the compile in
the background of their first run (``cli/first_solve.py``) asks the helper for it
(``BEST_FIRST``): without it the helper of a first ``batch``, ``hint`` or ``play`` ends about 2.5 s
of CPU sooner, and a later solve that shortens a win compiles it then. Whatever
the helper did not finish (it failed, or was killed), this process compiles as before: the helper
only ever adds files to the cache.

The helper's kernels are called with arrays of the same types as the solve's, so numba caches
them under the same signatures (``tests/engine/test_compile_ahead.py`` checks that a solve then
compiles none of them). Both processes first compile their share of the kernels both call
(``compile_split``), so that each loads the other's instead of compiling it too.

A first ``solve`` (``cli/first_solve.py``) does not wait for the compile: it searches with the
kernels run as Python while a process of its own compiles them (a win search of a few states,
with its helper), which goes on after the solve has answered, so that the next run finds them in
the cache. That process holds the cache folder's lock (``claim_compile_lock``) until it ends: a
first run while one is under way starts no other, and ``wait_for_compile`` waits for it.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import numpy as np

from ..kernel import CACHED, COMPILED
from ..paths.shortcut import shortcut
from ..search import run
from .compile_split import any_state, compile_helper_share, compile_search_share
from .same_package import module_command

try:
    import fcntl
except ImportError:  # not a POSIX system: no lock, and so no compile in the background
    fcntl = None  # type: ignore[assignment]

LOCK = "compiling.lock"  # in the kernels' cache folder

BEST_FIRST = "best-first"  # the helper's argument: compile the best-first search too
_helper: subprocess.Popen | None = None  # the helper this process started, if any
_checked = False  # whether this process has looked at the cache: once, not on every search
_checking = threading.Lock()  # searches on several threads may each start a solve


def in_cache(dispatcher: object) -> bool:
    """Whether numba's cache holds compiled code of ``dispatcher`` (its index file exists)."""
    index = getattr(getattr(getattr(dispatcher, "_cache", None), "_cache_file", None), "_index_path", None)
    return index is not None and os.path.exists(index)


def start_helper(best_first: bool = False) -> None:
    """Start the helper when the cache is kept and lacks ``shortcut``, with the best-first search
    among its kernels when ``best_first``; the first call of a process decides."""
    global _checked, _helper
    if _checked:
        return
    with _checking:
        if _checked:
            return
        _checked = True
        if not CACHED or not COMPILED or in_cache(shortcut):
            return
        try:
            asked = [BEST_FIRST] if best_first else []
            _helper = subprocess.Popen(module_command(__name__, *asked), stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            return  # no helper: this process compiles everything, as without one
        atexit.register(wait_for_helper)  # never leave it behind
        compile_search_share(best_first)


def wait_for_helper() -> None:
    """Wait until the helper, if one was started, has ended (at once when it has)."""
    if _helper is not None:
        _helper.wait()


def end_compiling() -> NoReturn:
    """End a compiling process (this helper, or the compile in the background) once its kernels are
    in the cache, at once: the interpreter's own exit frees what numba built on the way, which
    took about 0.25 s a process (measured as a whole first ``solve``, about 0.5 s sooner), and a
    first run that waits for the compile waits for both exits."""
    os._exit(0)


def kernels_in_cache() -> bool:
    """Whether the cache holds the kernels every win search calls (a solve then loads, not compiles)."""
    return all(in_cache(dispatcher) for dispatcher in (run, shortcut))


def compile_lock() -> int | None:
    """An open descriptor of the lock file of the cache folder, which a compile in the background
    holds until it ends; None when there is none to take (no cache kept, or not a POSIX system)."""
    if not CACHED or fcntl is None:
        return None
    try:
        return os.open(Path(os.environ["NUMBA_CACHE_DIR"]) / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None


def claim_compile_lock() -> int | None:
    """The lock file's descriptor with the lock taken, for a compile about to start (which keeps
    it open until it ends); None when another holds it or there is none to take."""
    lock = compile_lock()
    if lock is None:
        return None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(lock)
        return None
    return lock


def compile_ended() -> bool:
    """Whether no compile in the background holds the cache folder's lock. False while one does,
    and where there is no lock to ask (no cache kept, or not a POSIX system): then nobody can tell."""
    lock = claim_compile_lock()
    if lock is None:
        return False
    os.close(lock)  # taken only to look: let go at once
    return True


def wait_for_compile() -> None:
    """Wait until no compile in the background holds the cache folder's lock."""
    lock = compile_lock()
    if lock is None:
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
    finally:
        os.close(lock)


@contextmanager
def compiling_alone() -> Iterator[None]:
    """Around the first solve of each of several processes started at once (a ``batch``'s workers):
    the first to come solves while it holds the cache folder's lock, compiling what the cache
    lacks, and the others wait for it, then load from the cache, rather than each compiling it all
    on the same cores. Always the lock, never ``kernels_in_cache``: that holds once ``run`` and
    ``shortcut`` are cached, while the first may still be compiling its rules' other kernels."""
    lock = claim_compile_lock()
    if lock is None:
        wait_for_compile()  # at once when there is no lock to take
    try:
        yield
    finally:
        if lock is not None:
            os.close(lock)


def compile_late_kernels(best_first: bool) -> None:
    """Compile (or load) ``rewind``, ``shortcut`` and, when ``best_first``, the best-first search
    (which shortens a long win) with the array types a solve passes them."""
    from ..parallel import load_rewind
    from ..paths.best_first import BestFirst
    from ..search import SearchArrays
    from ..table import small_table
    from ..zobrist import full_hash, make_table

    st = any_state()
    keys = make_table()
    load_rewind(SearchArrays(st.copy(), keys, *small_table(1024)))
    hashes = np.zeros(5, dtype=np.uint64)
    full_hash(st, keys, hashes)
    no_moves = np.zeros(0, dtype=np.int32)
    shortcut(st, hashes, keys, no_moves, no_moves.copy())  # an empty path: compiled, nothing to cut
    if not best_first:
        return
    shortening = BestFirst(st, keys, 100, 1024, 1000)  # room for 100 states, weight 1024, below 1,000 moves
    shortening.start()
    shortening.run(100)


if __name__ == "__main__":
    asked = sys.argv[1:] == [BEST_FIRST]
    compile_helper_share(asked)
    compile_late_kernels(asked)
    end_compiling()
