"""How a search ends: its ``Verdict``, and the ``LimitHit`` that stopped it, if one did.

Both are strings too (``Verdict.WINNABLE == "winnable"``), and print, format and serialise as
their value on every supported Python, so JSON, CSV and text output read the same words:

    >>> import json
    >>> verdict = Verdict("winnable")
    >>> verdict is Verdict.WINNABLE, f"{verdict}", str(LimitHit.TIME), json.dumps([verdict, LimitHit.NODES])
    (True, 'winnable', 'time', '["winnable", "nodes"]')
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """A string enum whose ``str()`` and ``format()`` are its value (Python 3.11 and 3.12 differ
    on mixed-in enums otherwise)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Verdict(TextEnum):
    """``winnable`` and ``unwinnable`` are proofs; ``unknown``: a limit ended the search first."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


class LimitHit(TextEnum):
    """The limit that ended a search: its time, its states searched, or its table's memory."""

    TIME = "time"
    NODES = "nodes"
    MEMORY = "memory"
