"""Numbers as a user types them, in every input (options, position text, move lists, results files):
only the ASCII digits 0-9 make a number.

Python's ``int`` and ``float`` also read other scripts' digits (``int("١٢") == 12``, full-width
``１２``) and underscores, and ``str.isdigit`` calls superscripts digits that ``int`` then refuses;
so nothing here leaves the reading to them. A number of any length reads: one beyond ``CAP``
(thousands of digits, past Python's own limit on converting them) reads as ``CAP``, more than any
count this program takes, so it fails the range check of whatever it is::

    >>> whole_number("034"), whole_number("３４"), whole_number("³⁴"), whole_number("-3"), whole_number("9" * 5000) == CAP
    (34, None, None, None, True)
    >>> decimal_number("2.5e3"), decimal_number("２.5")
    (2500.0, None)
"""

from __future__ import annotations

import re

CAP = 10**30  # larger than any count, limit or game number this program takes
_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def whole_number(text: str) -> int | None:
    """The whole number that ``text`` (surrounding spaces aside) writes in the digits 0-9, at most
    ``CAP``; None when it is anything else."""
    digits = text.strip()
    if not _WHOLE.fullmatch(digits):
        return None
    significant = digits.lstrip("0") or "0"
    return CAP if len(significant) > len(str(CAP)) else min(int(significant), CAP)


def decimal_number(text: str) -> float | None:
    """The number that ``text`` writes in the digits 0-9 with a decimal point or exponent
    (``1.5``, ``2e3``), or None (also for ``nan``, ``inf`` and a sign)."""
    digits = text.strip()
    return float(digits) if _DECIMAL.fullmatch(digits) else None
