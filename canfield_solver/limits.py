"""Run a resumable search kernel in chunks until it ends or a limit (time, nodes) is reached.

Between chunks the watcher set by ``watching`` (if any) hears how many states the search has
searched: the one place a progress line (``progress.py``) can follow every kind of search.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator, Protocol

from .engine.search import RUNNING, STACK_FULL

CHUNK = 50_000  # new states per kernel call between clock checks (about 0.1 s)


class Watcher(Protocol):
    def search_started(self) -> None:
        """A new search (a ``drive`` call) begins."""

    def searched(self, states: int) -> None:
        """The current search has searched ``states`` new states since it began."""


_WATCHER: ContextVar[Watcher | None] = ContextVar("watcher", default=None)


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Have every ``drive`` in this block report to ``watcher``."""
    token = _WATCHER.set(watcher)
    try:
        yield
    finally:
        _WATCHER.reset(token)


def drive(
    status: int,
    step: Callable[[int], int],
    searched: Callable[[], int],
    began: float,
    time_limit: float | None,
    max_nodes: int | None,
    grow: Callable[[], None] | None = None,
) -> tuple[int, str | None]:
    """Call ``step(budget)`` while ``status`` is RUNNING (growing the stack on STACK_FULL).

    ``searched()`` counts the states searched so far against ``max_nodes``; ``began`` is the
    ``time.perf_counter()`` the time limit counts from. Returns the last status and the limit hit
    ("time", "nodes" or None).
    """
    watcher = _WATCHER.get()
    if watcher is not None:
        watcher.search_started()
        before = searched()
    while status == RUNNING or (status == STACK_FULL and grow is not None):
        if status == STACK_FULL:
            grow()
        budget = CHUNK
        if max_nodes is not None:
            budget = min(budget, max_nodes - searched())
            if budget <= 0:
                return status, "nodes"
        if time_limit is not None and time.perf_counter() - began >= time_limit:
            return status, "time"
        status = step(budget)
        if watcher is not None:
            watcher.searched(searched() - before)
    return status, None
