"""Text a user hands over in a file (a deal or position file, a move list, a deal list), read once.

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

from canfield_solver.core.errors import InputError, shown_path

STDIN = "-"


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
