"""The standard streams as the command writes them: whatever they are, they end in one clear line.

- An output whose encoding cannot show the suit symbols (a cp1252 or ASCII terminal or file) gets
  what ``--ascii`` writes (``shows_suits``, ``options.ascii_option``): ``QC``, ``draw x3``, a
  face-down card ``[###]``. A character it still cannot encode (on stderr a card in a message, in
  any output a character of the user's own, in a file name say) is written by its ASCII name
  (``ASCII_NAMES``) or ``?``. Nothing is cut short.
- An output that cannot be written (a full disk, ``/dev/full``, a closed stdout) raises
  ``OSError`` from the write that failed, which ``cli.main`` turns into one line on stderr.
- A closed stderr is a null device: progress lines and warnings are lost, the work is not.
"""

from __future__ import annotations

import codecs
import io
import os
import sys

# What the program writes beyond ASCII, and how an ASCII-only output writes it.
ASCII_NAMES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
               "×": "x", "░": "#", "…": "...", "→": "->", "—": "-", "±": "+-"}
ERRORS = "canfield-solver-ascii"


def _ascii_names(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(ASCII_NAMES.get(char, "?") for char in text), error.end


codecs.register_error(ERRORS, _ascii_names)


def shows_suits(stream: object) -> bool:
    """Whether ``stream``'s encoding writes the suit symbols (else the commands write ASCII names)."""
    try:
        "♣♦♥♠×░".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeError, LookupError):
        return False
    return True


class _Unwritable(io.TextIOBase):
    """Standard output that the shell closed (``>&-``): every write fails as a closed one would."""

    def write(self, text: str) -> int:
        raise OSError(9, "standard output is closed")


def prepare_streams() -> None:
    """Make stdout and stderr as the module docstring says (once, at the start of the command)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the process's life)
    if sys.stdout is None:
        sys.stdout = _Unwritable()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)


def silence_stdout() -> None:
    """Point stdout at the null device, so that the flush at exit has nowhere to fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except OSError:
        pass
