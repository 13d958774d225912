"""JSON read from files a user hands over (deal files, results files), within bounds.

Python's parser turns hostile input into errors that are no message for a user: a number of
5,000 digits fails int conversion, nesting 100,000 deep exhausts the recursion limit. Here
every such input is a ``JsonInputError`` that says what is wrong::

    >>> loads('{"score": ' + "9" * 40 + "}")
    Traceback (most recent call last):
    ...
    canfield_solver.formats.bounded_json.JsonInputError: a number of 40 digits (at most 30)
"""

from __future__ import annotations

import json
from typing import Any

MAX_DIGITS = 30  # far above any count a deal or results file holds


class JsonInputError(ValueError):
    """Text that is not JSON, or JSON beyond the bounds above; the message says which."""


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonInputError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def loads(text: str) -> Any:
    """The value of the JSON ``text``; ``JsonInputError`` when it is not JSON or not within bounds."""
    try:
        return json.loads(text, parse_int=_bounded_int)
    except RecursionError:
        raise JsonInputError("its brackets are nested too deeply") from None
    except json.JSONDecodeError as error:
        raise JsonInputError(str(error)) from None
