"""Text a user hands over in a file (a deal or position file, a move list, a deal list), read once;
and the lines a user types in answer to ``follow``, read one at a time.

Once: a pipe, a FIFO or ``/dev/stdin`` can be read only once, so the text is read in one go and
every reader works on it (opening such a file twice hung, or found it empty). ``-`` is standard
input. A byte-order mark at the start is dropped (editors on some systems save one); text that is
not UTF-8, a file that cannot be read and a closed standard input are an ``InputError`` naming the
file and what is wrong::

    >>> read_text("no/such/file.txt", "deal file")
    Traceback (most recent call last):
    ...
    canfield_solver.core.errors.InputError: cannot read the deal file no/such/file.txt: No such file or directory
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from canfield_solver.core.errors import InputError, shown_path

STDIN = "-"
MAX_LINE = 10_000  # characters of one typed answer: a longer line is a paste gone wrong


class LineError(InputError):
    """A typed line that cannot be read (too long, not UTF-8); it has been read past."""


def read_text(path: str, what: str) -> str:
    """The text of the file ``path`` (``-``: standard input), ``what`` naming it in messages."""
    where = "from standard input" if path == STDIN else shown_path(path)
    try:
        if path == STDIN:
            if sys.stdin is None:
                raise InputError(f"cannot read the {what} {where}: it is closed")
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise InputError(f"cannot read the {what} {where}: {error.strerror or error}") from None
    except ValueError:  # a standard input closed by the shell (``<&-``) reads as a closed file
        raise InputError(f"cannot read the {what} {where}: it is closed") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"the {what} {where} is not UTF-8 text") from None


def read_line(stream: BinaryIO | None) -> str | None:
    """The next line of ``stream`` without its line end, or None at the end of input (a closed
    stream too). A line of more than ``MAX_LINE`` characters, or not UTF-8, is read to its end and
    refused with ``LineError``, so the next read starts at the next line."""
    if stream is None:
        return None
    try:
        data = stream.readline(MAX_LINE * 4 + 2)
        if not data:
            return None
        too_long = not data.endswith(b"\n") and len(data) > MAX_LINE * 4
        rest = data
        while too_long and rest and not rest.endswith(b"\n"):
            rest = stream.readline(1 << 16)
    except (OSError, ValueError):  # closed, or gone
        return None
    if too_long:
        raise LineError(f"a line of more than {MAX_LINE} characters")
    try:
        text = data.decode("utf-8-sig").rstrip("\r\n")
    except UnicodeDecodeError:
        raise LineError("the line is not UTF-8 text") from None
    if len(text) > MAX_LINE:
        raise LineError(f"a line of more than {MAX_LINE} characters")
    return text
