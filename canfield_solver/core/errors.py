"""The one exception family for bad input: the CLI turns it into one line and exit status 2."""

import reprlib


class SolverBug(AssertionError):
    """The engine produced a move list the referee rejects: a bug, never output."""


class InputError(ValueError):
    """Input that cannot be used (a card name, code, deal file, move text, option); the message says why."""


QUOTE_LIMIT = 60  # characters of an input a message shows; longer ones are cut
PATH_LIMIT = 200  # characters of a file's path a message shows (paths run longer than codes)


def shorten(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as the user wrote it, for one message line: no repr escapes, cut to ``limit``
    characters with '…', a line break, tab or other control character as one space, and a byte
    that is not UTF-8 (a lone surrogate in a command-line argument) as '�'.

    >>> shorten("column 9 AS -> column 1\\n")
    'column 9 AS -> column 1'
    >>> shorten("X" * 100, limit=5)
    'XXXXX…'
    """
    text = value if isinstance(value, str) else reprlib.repr(value)  # reprlib: bounded, at any depth
    # Surrounding blanks go before control characters become spaces: a NUL or a byte-order mark at
    # the start stays in the quote as a space, where the reader sees that something is there.
    text = "".join(char if char.isprintable() else "\ufffd" if "\ud800" <= char <= "\udfff" else " "
                   for char in text.strip()[:4 * limit])
    return text[:limit] + "…" if len(text) > limit else text


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``shorten(value)``, in single quotes when it is text, as messages name an input (a number
    or list read from JSON shows as it is)."""
    return f"'{shorten(value, limit)}'" if isinstance(value, str) else shorten(value, limit)


def shown_path(path: object) -> str:
    """A file's path as a message names it: as the user wrote it, cut to ``PATH_LIMIT`` characters."""
    return shorten(path, PATH_LIMIT)
