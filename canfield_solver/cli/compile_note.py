"""Say on stderr, once, that the solver is being compiled: the first search on a machine waits
for numba to compile the kernels (docs/commands.md, "The first run"), which would otherwise keep
the first solve silent for half a minute.

numba broadcasts a ``numba:compile`` event for each kernel it compiles and none for a kernel it
loads from its cache, so the note appears exactly when there is something to wait for. On a
terminal the note counts the seconds until compiling ends and then says how long it took.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from numba.core import event

from .progress_line import CLEAR, is_terminal

NOTE = "compiling the solver for this machine"
KEPT = " (once; the compiled code is kept for the next runs)"
NOT_KEPT = " (for this run only: the cache folder cannot be written)"
TICK = 1.0  # seconds between updates of the note on a terminal


class CompileNote(event.Listener):
    """Writes ``NOTE`` on the first compile, and whether the code compiled is ``kept`` in the cache;
    on a terminal, then the seconds spent compiling."""

    def __init__(self, stream: TextIO, live: bool, kept: bool):
        self.stream, self.live, self.kept = stream, live, kept
        self.note = NOTE + (KEPT if kept else NOT_KEPT)
        self.depth = 0  # compiles in progress (a kernel's compile compiles the kernels it calls)
        self.began: float | None = None
        self.spent = 0.0  # seconds of the compiles that have ended
        self.lock = threading.Lock()

    def on_start(self, _event: event.Event) -> None:
        with self.lock:
            if self.began is None and not self.live:
                self.stream.write(self.note + "...\n")
                self.stream.flush()
            if self.depth == 0:
                self.began = time.monotonic()
            self.depth += 1

    def on_end(self, _event: event.Event) -> None:
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.began is not None:
                self.spent += time.monotonic() - self.began
            self.show()

    def seconds(self) -> float:
        return self.spent + (time.monotonic() - self.began if self.depth and self.began is not None else 0.0)

    def show(self) -> None:
        """On a terminal, rewrite the note with the seconds so far."""
        if self.live and self.began is not None:
            self.stream.write(f"{CLEAR}{self.note}: {self.seconds():.0f} s")
            self.stream.flush()

    def finish(self) -> None:
        if self.live and self.began is not None:
            later = "; later runs start at once" if self.kept else " for this run only"
            self.stream.write(f"{CLEAR}compiled the solver in {self.seconds():.0f} s{later}\n")
            self.stream.flush()


@contextmanager
def compile_note(stream: TextIO | None = None, kept: bool | None = None) -> Iterator[None]:
    """Announce the compiles numba makes in this block on ``stream`` (stderr); ``kept``: whether the
    compiled code is kept (default: whether the kernels' cache folder can be written)."""
    if kept is None:
        from canfield_solver.engine.kernel import CACHED

        kept = CACHED
    stream = sys.stderr if stream is None else stream
    note = CompileNote(stream, is_terminal(stream), kept)
    stop = threading.Event()

    def tick() -> None:
        while not stop.wait(TICK):
            with note.lock:
                if note.depth:
                    note.show()

    ticker = threading.Thread(target=tick, daemon=True) if note.live else None
    if ticker is not None:
        ticker.start()
    try:
        with event.install_listener("numba:compile", note):
            yield
    finally:
        stop.set()
        if ticker is not None:
            ticker.join()
        note.finish()
