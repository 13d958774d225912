"""A progress line on stderr while searches run long: states, states per second, memory, elapsed.

Shown only on a terminal, and only once the command has searched for more than a second, so
quick answers, pipes and scripts see nothing. The engine's drive loop reports to it between
chunks of every search (``engine.driver.watching``); the line is rewritten in place and erased at
the end.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from canfield_solver.engine.driver import watching

DELAY = 1.0  # seconds of searching before the line appears
EVERY = 0.25  # seconds between rewrites
CLEAR = "\r\x1b[K"  # back to the line's start and erase it


def memory_bytes() -> int | None:
    """This process's resident memory (Linux), else its peak (other POSIX); None where unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


class ProgressLine:
    """An ``engine.driver.Watcher`` that keeps one line up to date on ``stream``; ``hint`` ends the line."""

    def __init__(self, stream: TextIO, hint: str = "", clock: Callable[[], float] = time.monotonic,
                 memory: Callable[[], int | None] = memory_bytes):
        self.stream, self.hint, self.clock, self.memory = stream, hint, clock, memory
        self.began: float | None = None
        self.finished = 0  # states of the searches that have ended
        self.current = 0  # states of the one running
        self.shown_at: float | None = None

    def search_started(self) -> None:
        self.finished += self.current
        self.current = 0
        if self.began is None:
            self.began = self.clock()

    def searched(self, states: int) -> None:
        self.current = states
        now = self.clock()
        assert self.began is not None, "search_started comes first"
        elapsed = now - self.began
        if elapsed < DELAY or (self.shown_at is not None and now - self.shown_at < EVERY):
            return
        self.shown_at = now
        self.stream.write(CLEAR + self.text(self.finished + states, elapsed))
        self.stream.flush()

    def text(self, states: int, elapsed: float) -> str:
        memory = self.memory()
        parts = [f"searching: {states:,} states", f"{states / elapsed:,.0f} states/s"]
        if memory is not None:
            parts.append(f"{memory / 2**20:,.0f} MB")
        parts.append(f"{elapsed:.0f} s")
        return ", ".join(parts) + (f" ({self.hint})" if self.hint else "")

    def clear(self) -> None:
        """Erase the line, if it was ever shown, so that what follows starts on a clean line."""
        if self.shown_at is not None:
            self.stream.write(CLEAR)
            self.stream.flush()


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress_line(hint: str = "", stream: TextIO | None = None) -> Iterator[None]:
    """Show the progress of the searches made in this block on ``stream`` (stderr), if a terminal."""
    stream = sys.stderr if stream is None else stream
    if not is_terminal(stream):
        yield
        return
    line = ProgressLine(stream, hint)
    try:
        with watching(line):
            yield
    finally:
        line.clear()


def limit_hint(time_limit: float | None) -> str:
    """The end of the line: the time limit in force, and the option that sets it."""
    if time_limit is None:
        return "no time limit: --time-limit SECONDS to cap"
    return f"--time-limit {time_limit:g} s"
