r"""Session files of ``follow``: a game being followed, saved line by line so that nothing is lost.

A session file is JSON lines. The first, the header, holds all a session needs to start again:
the start (a deal file's object of what was known, ``??`` for the rest), the draw mode, the rule
options, the limits, the samples, the seed, and for practice the whole deal. Each later line is
one accepted answer: ``{"move": TEXT}`` (a move as ``replay`` reads it), ``{"cards": [NAME, ...]}``
(the cards a move showed) or ``{"undo": true}``. Each line is written with one call and synced
before the next question, so a session killed at any moment (``kill -9`` included) keeps every
answer but the one being written; a torn last line is left out when the session is read.

    >>> parse_session('{"session": 1, "draw": 3}\n{"move": "draw"}\n{"cards": ["QC", "2')[1]
    [{'move': 'draw'}]
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from typing import Any

from canfield_solver.core.errors import InputError, quote, shorten, shown_path
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, METHODS
from canfield_solver.core.position import Position
from canfield_solver.core.rules import Rules

from .bounded_json import JsonInputError, loads
from .deal_file import position_from_dict, position_to_dict
from .input_text import read_text

VERSION = 1
RECORDS = ("move", "cards", "undo")


@dataclass(frozen=True)
class SessionSetup:
    """What a session starts from, all a session file's header holds: the game's ``name``, the
    ``start`` as the person sees it (None: asked for, the game's first draw made when
    ``first_turn``), the whole ``deal`` in practice, the rules, the samples and seed of the hints,
    the limits of each solve, and the player's ``method`` (a header without one is read as the
    default, the method those sessions resumed with)."""

    name: str
    start: Position | None
    deal: Position | None
    rules: Rules
    first_turn: bool
    samples: int
    seed: int
    limits: Limits
    method: str = DEFAULT_METHOD

    def header(self) -> dict[str, Any]:
        """The header line's object (the session version added by ``SessionWriter``)."""
        draw = self.rules.draw
        return {"name": self.name,
                "start": None if self.start is None else position_to_dict(self.start, draw),
                "deal": None if self.deal is None else position_to_dict(self.deal, draw),
                "rules": asdict(self.rules), "first_turn": self.first_turn, "samples": self.samples,
                "seed": self.seed, "limits": {key: value for key, value in asdict(self.limits).items()
                                              if key != "threads"}, "method": self.method}


def setup_of(header: dict[str, Any], where: str = "the session file") -> SessionSetup:
    """The ``SessionSetup`` a header holds; ``InputError`` naming what is wrong in it."""
    try:
        start, deal = (None if header.get(key) is None else position_from_dict(header[key])[0]
                       for key in ("start", "deal"))
        rules = Rules(**_options(header["rules"], Rules, "rule option"))
        limits = Limits(**_options(header["limits"], Limits, "limit", set_here=("threads",)), threads=1)
        name, first_turn, samples, seed = header["name"], header["first_turn"], header["samples"], header["seed"]
        method = header.get("method", DEFAULT_METHOD)
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r}")
        if not (isinstance(name, str) and isinstance(first_turn, bool) and _whole(samples) and samples >= 1
                and _whole(seed) and seed >= 0 and all(_whole(value) for value in (limits.max_nodes, limits.memory)
                                                       if value is not None)
                and (limits.time_limit is None or _seconds(limits.time_limit))):
            raise ValueError("a value of the wrong kind")
    except InputError as error:
        raise InputError(f"{where}: its start: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InputError(f"{where}: its first line is not a session header ({shorten(str(error))})") from None
    return SessionSetup(name, start, deal, rules, first_turn, samples, seed, limits, method)


def _options(given: Any, kind: type, what: str, set_here: tuple[str, ...] = ()) -> dict[str, Any]:
    """``given`` (the header's object of ``kind``'s fields), checked to name only fields a header holds
    (not ``set_here``, which the reader sets: a session solves on one thread), so that a wrong key
    gets a message of its own, quoted, rather than Python's."""
    if not isinstance(given, dict):
        raise ValueError(f"its {what}s are not an object")
    known = {field.name for field in fields(kind)} - set(set_here)
    for key in given:
        if key not in known:
            raise ValueError(f"unknown {what} {quote(key)}")
    return given


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < float("inf")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_session(text: str, where: str = "the session file") -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the answers of a session file's text; ``InputError`` when it is none."""
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1]:  # a torn last line: an answer being written when the session stopped
        lines[-1] = ""
    rows = []
    for number, line in enumerate(lines[:-1] if len(lines) > 1 else lines, 1):
        if not line.strip():
            continue
        try:
            row = loads(line)
        except JsonInputError as error:
            raise InputError(f"{where} line {number} is not JSON: {error}") from None
        if not isinstance(row, dict):
            raise InputError(f"{where} line {number} is not a session line")
        rows.append(row)
    if not rows or rows[0].get("session") != VERSION:
        raise InputError(f"{where} is not a session file of canfield-solver follow")
    for number, row in enumerate(rows[1:], 2):
        if len(row) != 1 or next(iter(row)) not in RECORDS:
            raise InputError(f"{where} line {number} is not an answer of a session")
    return rows[0], rows[1:]


def read_session(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the answers of the session file ``path``."""
    return parse_session(read_text(path, "session file"), f"session file {shown_path(path)}")


class SessionWriter:
    """Appends a session's lines to its file: one ``write`` call a line, then fsync."""

    def __init__(self, path: str, header: dict[str, Any] | None, force: bool = False) -> None:
        """Start the session file ``path`` with ``header`` (refused when it exists, unless
        ``force``), or with None go on with the one there."""
        self.path = path
        flags = os.O_WRONLY | os.O_APPEND
        if os.path.isdir(path):
            raise InputError(f"the session file {shown_path(path)} is a folder: name a file")
        if header is not None:
            flags |= os.O_CREAT | (os.O_TRUNC if force else os.O_EXCL)
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            self.fd = os.open(path, flags, 0o644)
        except FileExistsError:
            raise InputError(f"{shown_path(path)} exists already: --resume {shown_path(path)} goes on with it, "
                             "--force starts a new session over it") from None
        except OSError as error:
            raise InputError(f"cannot write the session file {shown_path(path)}: {error.strerror or error}") from None
        if header is not None:
            self.write({"session": VERSION, **header})
        else:
            self._drop_torn_line()

    def _drop_torn_line(self) -> None:
        """Cut a line the session was writing when it stopped (``parse_session`` left it out), so
        that the next line starts on a line of its own."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
            kept = data.rfind(b"\n") + 1
            if kept < len(data):
                os.ftruncate(self.fd, kept)
        except OSError as error:
            raise InputError(f"cannot write the session file {shown_path(self.path)}: {error.strerror or error}") from None

    def write(self, row: dict[str, Any]) -> None:
        """Append ``row`` as one line, synced before this returns."""
        data = (json.dumps(row, ensure_ascii=True) + "\n").encode("ascii")
        try:
            while data:
                data = data[os.write(self.fd, data):]
            os.fsync(self.fd)
        except OSError as error:
            raise InputError(f"cannot write the session file {shown_path(self.path)}: {error.strerror or error}") from None

    def close(self) -> None:
        os.close(self.fd)
