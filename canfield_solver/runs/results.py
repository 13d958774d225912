"""Results files: one row per deal, appended as each deal finishes, safe against any interruption.

A results file is ``.csv`` (a header line, then one row a line) or ``.jsonl`` (one JSON object a
line). Each row is written with one ``write`` call and fsync'd, so a run killed at any moment
(``kill -9`` included) leaves every finished row whole and at most one torn last line;
``open_for_resume`` cuts that line off (and says so), and the run goes on with the deals not yet
in the file.

The code here is the same for every kind of results file; a ``ResultsKind`` says what its rows
are (``BATCH`` for ``batch``, ``play_results.PLAY`` for ``play``). A deal's identity in a file is
its row's ``key``, ``(code, draw, rules)``: one file can hold a deal under several rule sets.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from canfield_solver.core.errors import InputError, quote, shown_path
from canfield_solver.core.verdict import Verdict
from canfield_solver.formats.bounded_json import JsonInputError, loads
from canfield_solver.formats.numbers import decimal_number, whole_number

FORMATS = {".csv": "csv", ".jsonl": "jsonl"}
LINE_SHOWN = 80  # characters of a results-file line a message quotes (about one row)
VERDICTS = tuple(Verdict)


@dataclass(frozen=True)
class ResultsKind:
    """One kind of results file: the command that writes it, its row type (a NamedTuple with a
    ``key``), ``from_values``, which makes a row of one line's values or raises ``ValueError``
    saying what is wrong with them, and ``won``, which a progress bar counts."""

    command: str
    row_type: Any  # a NamedTuple class with a ``key``
    from_values: Callable[[Sequence], Any]
    won: Callable[[Any], bool | None]  # whether a row's deal was won, None when undecided

    @property
    def columns(self) -> tuple[str, ...]:
        return self.row_type._fields

    @property
    def csv_header(self) -> str:
        return ",".join(self.columns) + "\n"

    @property
    def jsonl_start(self) -> str:
        """How every row that ``format_row`` writes to a .jsonl file begins (its first value is text)."""
        return '{"' + self.columns[0] + '": "'


def results_format(path: str) -> str:
    """``csv`` or ``jsonl``, from the file name's extension."""
    fmt = FORMATS.get(os.path.splitext(path)[1].lower())
    if fmt is None:
        raise InputError(f"results file {shown_path(path)}: name it .csv or .jsonl to choose the format")
    return fmt


def format_row(row: NamedTuple, fmt: str) -> str:
    """The row as one line of the file, newline included."""
    if fmt == "jsonl":
        return json.dumps(row._asdict()) + "\n"
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(["" if value is None else value for value in row])
    return buffer.getvalue()


def parse_row(line: str, fmt: str, kind: ResultsKind) -> NamedTuple:
    """The row on ``line``; ``ValueError`` says what is wrong with it."""
    columns = kind.columns
    if fmt == "jsonl":
        try:
            data = loads(line)
        except JsonInputError as error:
            raise ValueError(f"not JSON ({error})") from None
        if not isinstance(data, dict) or set(data) != set(columns):
            raise ValueError(f"expected an object with the keys {', '.join(columns)}")
        values = [data[column] for column in columns]
    else:
        try:
            values = next(csv.reader([line]))
        except csv.Error as error:
            raise ValueError(f"not CSV ({error})") from None
        if len(values) != len(columns):
            raise ValueError(f"expected {len(columns)} columns, found {len(values)}")
    return kind.from_values(values)


def number(value: Any, kind: type, column: str) -> Any:
    """``value`` (text of a CSV cell or a JSON value) as a non-negative finite ``kind``: a whole
    number for ``int``, a decimal one for ``float``, in the digits 0-9 (``formats.numbers``)."""
    if isinstance(value, bool):
        result = None
    elif isinstance(value, (int, float)):
        result = value if kind is float or isinstance(value, int) else None
    elif isinstance(value, str):
        result = whole_number(value) if kind is int else decimal_number(value)
    else:
        result = None
    if result is None or not math.isfinite(result) or result < 0:
        what = "a whole number of 0 or more" if kind is int else "a number of 0 or more"
        raise ValueError(f"{column} {quote(value)} is not {what}")
    return kind(result)


def check_names(code: Any, rules: Any) -> None:
    """A row's code and rules: text, not empty."""
    if not isinstance(code, str) or not code or not isinstance(rules, str) or not rules:
        raise ValueError("empty code or rules")


def check_draw(draw: int) -> None:
    if draw not in (1, 3):
        raise ValueError(f"draw {draw} is not 1 or 3")


def check_verdict(verdict: Any) -> Verdict:
    """The ``Verdict`` a row's value names; ``ValueError`` when it names none."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict {quote(verdict)} is not one of {', '.join(VERDICTS)}")
    return Verdict(verdict)


# --- the rows of 'batch' --------------------------------------------------------------------


class Row(NamedTuple):
    """One line of a results file of ``batch``. ``moves`` is the solution length, None when no solution was found."""

    code: str
    draw: int
    rules: str
    verdict: Verdict
    moves: int | None
    nodes: int
    seconds: float

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.code, self.draw, self.rules)


def _batch_row(values: Sequence) -> Row:
    code, draw, rules, verdict, moves, nodes, seconds = values
    check_names(code, rules)
    verdict = check_verdict(verdict)
    row = Row(
        code, number(draw, int, "draw"), rules, verdict,
        None if moves in ("", None) else number(moves, int, "moves"),
        number(nodes, int, "nodes"), number(seconds, float, "seconds"),
    )
    check_draw(row.draw)
    if (row.moves is None) != (verdict != Verdict.WINNABLE):
        raise ValueError("moves must be given for a winnable deal and only for it")
    return row


BATCH = ResultsKind("batch", Row, _batch_row,
                    lambda row: {Verdict.WINNABLE: True, Verdict.UNWINNABLE: False}.get(row.verdict))


# --- reading, writing, resuming -------------------------------------------------------------


@dataclass
class ResultsRead:
    """What a results file holds: its rows, its malformed lines, and a torn last line if any.

    ``complete_bytes`` is the length of the file up to the end of its last
    complete line; ``torn`` is the text after it (a row an interrupted run
    was writing), empty when the file ends cleanly.
    """

    rows: list
    malformed: list[tuple[int, str]]
    complete_bytes: int
    torn: str


def read_results(path: str, kind: ResultsKind) -> ResultsRead:
    """Read a results file of ``kind``; ``InputError`` if it cannot be read or is not one."""
    fmt = results_format(path)
    data = _read_bytes(path)
    complete_bytes = data.rfind(b"\n") + 1
    torn = _text_lines(data[complete_bytes:].decode("utf-8", "replace"))[0] if complete_bytes < len(data) else ""
    try:
        lines = _text_lines(data[:complete_bytes].decode("utf-8"))[:-1]
    except UnicodeDecodeError:
        raise InputError(f"{shown_path(path)} is not a results file (not UTF-8 text)") from None
    first = 1
    if fmt == "csv" and lines:
        if lines[0] + "\n" != kind.csv_header:
            raise InputError(f"{shown_path(path)} is not a results file: its first line must be {kind.csv_header.strip()}")
        first = 2
    rows, malformed = [], []
    for line_number, line in enumerate(lines[first - 1:], first):
        try:
            rows.append(parse_row(line, fmt, kind))
        except ValueError as error:
            malformed.append((line_number, f"{error}: {quote(line, LINE_SHOWN)}"))
    if fmt == "jsonl" and malformed and not rows:
        raise InputError(f"{shown_path(path)} is not a results file: no line is a row of '{kind.command}' "
                         f"(line {malformed[0][0]}: {malformed[0][1]})")
    if not lines and not _starts_like(torn, kind.csv_header if fmt == "csv" else kind.jsonl_start):
        raise InputError(f"{shown_path(path)} is not a results file: it begins neither like a row of '{kind.command}' nor "
                         f"its header ({quote(torn, LINE_SHOWN)})")
    return ResultsRead(rows, malformed, complete_bytes, torn)


def _text_lines(text: str) -> list[str]:
    """The lines of a results file's text, as a spreadsheet may have saved it too: a byte-order mark
    at the start and CRLF line ends are read as a plain file's (a resume appends plain lines)."""
    return [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise InputError(f"cannot read the results file {shown_path(path)}: {error.strerror or error}") from None


def kind_of(path: str, kinds: Sequence[ResultsKind]) -> ResultsKind:
    """Which of ``kinds`` the results file ``path`` is, by its CSV header or the keys of its first
    JSON row; the first of ``kinds`` when neither says (``read_results`` then tells what is wrong)."""
    fmt = results_format(path)
    first = _text_lines(_read_bytes(path).split(b"\n", 1)[0].decode("utf-8", "replace"))[0]
    for kind in kinds:
        if fmt == "csv" and first + "\n" == kind.csv_header:
            return kind
        if fmt == "jsonl":
            try:
                data = loads(first)
            except JsonInputError:
                continue
            if isinstance(data, dict) and set(data) == set(kind.columns):
                return kind
    return kinds[0]


def _starts_like(text: str, start: str) -> bool:
    """True when ``text`` begins with ``start`` or is cut short of it (a line torn early)."""
    return text.startswith(start) or start.startswith(text)


def describe_malformed(path: str, malformed: list[tuple[int, str]]) -> str:
    """One line naming the malformed lines of ``path`` (the first few, with why)."""
    shown = "; ".join(f"line {line_number}: {reason}" for line_number, reason in malformed[:3])
    more = f" (and {len(malformed) - 3} more)" if len(malformed) > 3 else ""
    return f"{shown_path(path)} has {len(malformed)} malformed line(s): {shown}{more}"


class ResultsWriter:
    """Appends rows to a results file of ``kind``: one ``write`` call per row, then fsync."""

    def __init__(self, path: str, kind: ResultsKind) -> None:
        self.path = path
        self.fmt = results_format(path)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as error:
            raise InputError(f"cannot write the results file {shown_path(path)}: {error.strerror or error}") from None
        if self.fmt == "csv" and os.fstat(self.fd).st_size == 0:
            self._write(kind.csv_header)

    def write(self, row: NamedTuple) -> None:
        self._write(format_row(row, self.fmt))

    def _write(self, text: str) -> None:
        data = text.encode("utf-8")
        try:
            while data:  # a regular file takes it in one call; the loop only guards the rule of write(2)
                data = data[os.write(self.fd, data):]
            os.fsync(self.fd)
        except OSError as error:  # a full disk: the rows before stay whole, a resume cuts a torn one
            raise InputError(f"cannot write the results file {shown_path(self.path)}: {error.strerror or error}; "
                             "every row before is in it: go on with --resume once there is room") from None

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_for_resume(path: str, kind: ResultsKind, warn: Callable[[str], None]) -> list:
    """The rows already in ``path`` (none if it does not exist), after cutting off a torn last line.

    Only a file that ``read_results`` recognises as a results file is ever cut, and only a last
    line that is no whole row: a JSON row that merely lacks its newline gets it. A malformed complete
    line cannot come from an interrupted run: it stops the resume with ``InputError`` rather
    than being dropped, the file untouched.
    """
    if not os.path.exists(path):
        return []
    read = read_results(path, kind)
    if read.malformed:
        raise InputError(describe_malformed(path, read.malformed) + "; fix or delete them, then resume")
    last = _whole_row(read.torn, results_format(path), kind)
    try:
        if last is not None:
            with open(path, "ab") as handle:
                handle.write(b"\n")
            return read.rows + [last]
        if read.torn:
            os.truncate(path, read.complete_bytes)
    except OSError as error:
        raise InputError(f"cannot resume {shown_path(path)}: {error.strerror or error} (the file is as it was)") from None
    if read.torn:
        warn(f"{shown_path(path)}: removed an incomplete last line left by an interrupted run "
             f"(that deal is solved again): {quote(read.torn, LINE_SHOWN)}")
    return read.rows


def _whole_row(line: str, fmt: str, kind: ResultsKind) -> NamedTuple | None:
    """The row on a last line without its newline, None when it is none (a torn row).

    Only a JSON row shows that it is whole (by its closing brace); a CSV row torn inside its
    last column would still read as a row.
    """
    try:
        return parse_row(line, fmt, kind) if line and fmt == "jsonl" else None
    except ValueError:
        return None


def check_results_file(path: str, resume: bool, kind: ResultsKind) -> None:
    """Refuse a results file of unknown format, a new run into a file that already holds
    anything (``resume`` continues it), and a resume of a file that is not a results file of ``kind``."""
    results_format(path)
    if not os.path.exists(path):
        return
    if not resume and os.path.getsize(path) > 0:
        raise InputError(f"{shown_path(path)} already exists: add --resume to continue it, or choose another --out file")
    if resume:
        read_results(path, kind)
