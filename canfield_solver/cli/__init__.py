"""The ``canfield-solver`` command: the commands, their options, and what only a terminal needs
(the board, the page, the progress and compile notes, output files). The top layer: it may import
every other (docs/architecture.md).

``main`` is the console entry point: it loads the command itself, so that a Ctrl-C while the
command is still loading (its imports take a few tenths of a second) ends as cleanly as one later:
one line, exit status 130.
"""

from __future__ import annotations

import signal
import sys


def main() -> None:
    """Run ``canfield-solver``: ``cli.main.main`` once loaded; an interrupt at any moment ends in one line."""
    try:
        from .main import main as run

        run()
        status: int | str | None = 0
    except SystemExit as end:
        status = end.code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        status = 130
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # nothing is left to interrupt: exit as decided
    sys.exit(status)
