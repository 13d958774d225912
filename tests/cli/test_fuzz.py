"""Property-based fuzzing of the command line (issue 13): random and mutated deal files, position
files (position text and JSON with hidden cards), game codes, move lists (plain and compact), results
files (of ``batch`` and ``play``) and option values go to ``cli.main`` in-process, and every run must end
with exit status 0, 1 (``replay``'s illegal move) or 2 (bad input: one ``error:`` line), never a
traceback, and leave every file as it was unless writing it is the command's job.

The hostile inputs hold arbitrary Unicode: numbers written with other scripts' digits (``٣``, ``３``,
``³``) or of thousands of digits, control characters (tab, NUL, ESC, CR, form feed, a byte-order
mark), other line ends and very long lines. Only the ASCII digits 0-9 make a number: input whose
number is written with any other digit is refused (exit status 2), never read as that number.

CI runs 100 examples of each test, the same ones every run; for a long hunt by hand, set
``FUZZ_EXAMPLES``, e.g. ``FUZZ_EXAMPLES=20000 python -m pytest -q tests/cli/test_fuzz.py`` (each test
runs that many, new ones each run). Searches stop at ``--max-nodes 2000`` (and ``--time-limit 5``) so
no example runs long; ``test_very_long_lines`` gives each reading of a 100,000-character line 5 s.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
import re
import signal
import threading
import time
import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from canfield_solver.core.hidden import hide
from canfield_solver.core.play_methods import METHODS
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.move_text import format_move, format_move_list
from canfield_solver.formats.position_text import format_position_text
from canfield_solver.formats.step_text import format_steps
from canfield_solver.runs.play_results import ENDS, PLAY
from canfield_solver.runs.results import BATCH, Row, format_row
from tests.support.positions import WORKED_EXAMPLE

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
EASY = "CF1-D3-AAAAAAC"  # won in about a hundred states: solving it is quick under any options
SMALL = ["--max-nodes", "2000", "--time-limit", "5"]

# Command-line text: anything a shell can pass (no NUL), some of it binary-looking.
ARG_TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=40)
# Arguments as Python gets them from bytes that are not UTF-8 (lone surrogates).
ARG_BYTES = st.binary(max_size=20).map(lambda data: os.fsdecode(data.replace(b"\x00", b"")))
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


# --- running and checking -------------------------------------------------------------------


def snapshot(folder) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def shorten(value, limit: int = 600) -> str:
    """``value`` as a failure shows it: its repr, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def one_line(text: str) -> bool:
    """True when ``text`` is one line as a terminal shows it: a single final newline, no other line
    break (``\\r``, form feed, U+2028, ...) and no control character (ESC, NUL, ...) before it."""
    return (text.endswith("\n") and len(text.splitlines()) == 1
            and not any(unicodedata.category(char) == "Cc" for char in text[:-1]))


class TooSlow(BaseException):
    """Raised inside a run that outlasts ``check_run``'s ``seconds`` (not an ``Exception``, so that no
    handler of the program takes it for an error of its own)."""


@contextlib.contextmanager
def time_bound(seconds: float | None):
    """Raise ``TooSlow`` in the code running when ``seconds`` have passed (None: no bound; where
    there is no interval timer, or off the main thread, there is none either)."""
    if seconds is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(*_):
        raise TooSlow

    previous = signal.signal(signal.SIGALRM, expire)
    began = time.monotonic()
    left, interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if left:  # a timer set before (a test-timeout plugin's, say) goes on
            signal.setitimer(signal.ITIMER_REAL, max(left - (time.monotonic() - began), 0.001), interval)


def check_run(run_cli, folder, args, *, input=None, allowed=(0, 2), writes=(), refused=False, counted=None,
              seconds=None):
    """Run ``canfield-solver ARGS`` in ``folder``; check the status, stderr and that only ``writes`` changed.

    The promises: no traceback; an exit status in ``allowed``; with status 2 (bad input) exactly one
    line on stderr, ``error: ...``, and with status 1 (``replay``'s illegal move) one line naming the
    move; no file changed but ``writes``. Only the ASCII digits 0-9 make a number, so for input that
    writes a number with any other digit (``٣``, ``３``, ``³``): ``refused``, the run must end with
    status 2; ``counted``, for ``stats --json`` of a results file where one row does: status 2, or
    that row left out as malformed, so that the summaries count ``counted`` deals. With ``seconds``,
    the run ends within that many seconds (for a command that runs no search: reading input, even a
    line of a hundred thousand characters, takes time in proportion to it, not to its square).
    """
    before = snapshot(folder)
    try:
        with time_bound(seconds):
            result = run_cli(*args, input=input)  # an exception the CLI does not turn into a message fails here
    except TooSlow:
        raise AssertionError(f"still running after {seconds} s: {shorten(args)}") from None
    shown = (shorten(args), result.status, shorten(result.out), result.err[:2000])  # what a failure shows
    assert result.status in allowed, shown
    assert "Traceback" not in result.err, shown
    if result.status == 2:
        assert result.err.startswith("error: ") and one_line(result.err), shown
    if result.status == 1:
        assert one_line(result.err), shown
    if refused:
        assert result.status == 2, ("a number in other digits was accepted", *shown)
    if counted is not None and result.status == 0:
        deals = sum(summary["deals"] for summary in json.loads(result.out))
        assert deals == counted, ("a row with a number in other digits was counted", *shown)
    after = snapshot(folder)
    for name in set(before) | set(after):
        if name not in writes:
            assert before.get(name) == after.get(name), f"{name} changed by {args}"
    return result


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An empty working folder: whatever a command writes by mistake shows in ``snapshot``."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- mutations ------------------------------------------------------------------------------


HOSTILE = [b"9" * 5000, b"[" * 100_000, b'{"a": ' * 100_000, b"1e999", b"-1", b"2147483648", b"NaN", b"\xff",
           b'"', b"\n", b"\x00", b"\r\n", "\ufeff".encode()]


@st.composite
def mutated_text(draw, text: str) -> bytes:
    """``text`` (as UTF-8) with a few random edits: cut, insert random bytes, repeat a piece, or put a
    hostile value (a huge number, deep nesting, a stray byte) where a JSON or CSV value begins."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.sampled_from(["cut", "insert", "repeat", "value", "value"]))
        if edit == "cut":
            del data[at:at + draw(st.integers(1, 40))]
        elif edit == "insert":
            data[at:at] = draw(st.binary(max_size=8) | ARG_TEXT.map(str.encode) | st.sampled_from(HOSTILE))
        elif edit == "repeat":
            data[at:at] = data[at:at + draw(st.integers(1, 30))] * draw(st.integers(2, 50))
        else:
            starts = [i + 1 for i, byte in enumerate(data) if byte in b":,["]
            if starts:
                at = draw(st.sampled_from(starts))
                end = at + draw(st.integers(0, 12))
                data[at:end] = b" " + draw(st.sampled_from(HOSTILE))
    return bytes(data)


# The digits 0-9 of other scripts, each string in order: decimal digits (category Nd, which int(),
# float() and re's \d take) and digits that are no decimal digits but that str.isdigit() takes
# (superscripts, subscripts, circled: int() fails on them).
OTHER_DIGITS = ("٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "०१२३४५६७८९", "০১২৩৪৫৬৭৮৯", "๐๑๒๓๔๕๖๗๘๙", "０１２３４５６７８９",
                "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", "߀߁߂߃߄߅߆߇߈߉", "᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙", "⁰¹²³⁴⁵⁶⁷⁸⁹", "₀₁₂₃₄₅₆₇₈₉", "⓪①②③④⑤⑥⑦⑧⑨")
ASCII_NUMBER = re.compile(r"[0-9]+")
# Characters that break or bend a line: control characters, other line ends, a byte-order mark,
# zero-width and other spaces, a right-to-left override, a character beyond the 16-bit range.
CONTROLS = ["\t", "\x00", "\x1b", "\x1b[2J", "\r", "\x0b", "\x0c", "\x1c", "\x7f", "\x85", "\u2028", "\u2029",
            "\ufeff", "\u200b", "\u00a0", "\u3000", "\u202e", "🂡"]
HUGE_NUMBERS = st.one_of(
    st.integers(31, 6000).map(lambda digits: "9" * digits),
    st.integers(31, 6000).map(lambda digits: "0" * digits + "3"),
    st.sampled_from(["1" + "0" * 4300, "9" * 4301, "٩" * 5000, "³" * 5000, "３" * 31]),
)


@st.composite
def in_other_digits(draw, number: str) -> str:
    """``number`` with at least one of its ASCII digits written as the same digit of another script
    (one script for the whole number, or any script for each digit)."""
    places = [i for i, char in enumerate(number) if char in "0123456789"]
    if not places:
        return number
    rng = random.Random(draw(st.integers(0, 2**32)))
    mode = draw(st.sampled_from(["all", "one", "some"]))
    if mode == "all":
        chosen = places
    elif mode == "one":
        chosen = [draw(st.sampled_from(places))]
    else:
        chosen = [place for place in places if rng.random() < 0.5] or places[:1]
    scripts = OTHER_DIGITS if draw(st.booleans()) else [draw(st.sampled_from(OTHER_DIGITS))]
    chars = list(number)
    for place in chosen:
        chars[place] = rng.choice(scripts)[int(chars[place])]
    return "".join(chars)


@st.composite
def numbers_in_other_digits(draw, text: str) -> str:
    """``text`` with one to three of its numbers (runs of ASCII digits) partly or wholly written in
    other scripts' digits; ``text`` itself when it holds no number."""
    runs = list(ASCII_NUMBER.finditer(text))
    if not runs:
        return text
    chosen = draw(st.lists(st.sampled_from(range(len(runs))), min_size=1, max_size=3, unique=True))
    for index in sorted(chosen, reverse=True):  # from the end, so the earlier offsets hold
        run = runs[index]
        text = text[:run.start()] + draw(in_other_digits(run.group())) + text[run.end():]
    return text


@st.composite
def hostile_edits(draw, text: str) -> str:
    """``text`` with one to four edits of the kinds hostile input holds: a control character or
    other line end, a number in other scripts' digits or of thousands of digits, a very long line
    or word (a piece repeated hundreds to thousands of times), arbitrary Unicode."""
    for _ in range(draw(st.integers(1, 4))):
        edit = draw(st.sampled_from(["control", "digits", "huge", "long", "unicode"]))
        runs = list(ASCII_NUMBER.finditer(text))
        if edit in ("digits", "huge") and runs:
            run = draw(st.sampled_from(runs))
            number = draw(in_other_digits(run.group()) if edit == "digits" else HUGE_NUMBERS)
            text = text[:run.start()] + number + text[run.end():]
            continue
        at = draw(st.integers(0, len(text)))
        if edit == "control":
            piece = draw(st.sampled_from(CONTROLS))
        elif edit == "long":
            piece = (text[at:at + draw(st.integers(1, 20))] or "x") * draw(st.integers(200, 3000))
        else:
            piece = draw(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12))
        text = text[:at] + piece + text[at:]
    return text


@st.composite
def hostile_file(draw, text: str) -> bytes:
    """``text`` (a valid file) as a hostile user may hand it over: CRLF or CR line ends, a byte-order
    mark, ``hostile_edits``, and some of ``mutated_text``'s byte edits."""
    text = text.replace("\n", draw(st.sampled_from(["\n", "\n", "\r\n", "\r"])))
    if draw(st.booleans()):
        text = draw(hostile_edits(text))
    if draw(st.booleans()):
        text = "\ufeff" + text
    return draw(mutated_text(text)) if draw(st.booleans()) else text.encode("utf-8")


@st.composite
def deal_data(draw) -> dict:
    """A valid deal file's object (a random deal, the worked example), then some fields changed."""
    number = draw(st.integers(0, 26**7 - 1))
    data = draw(st.sampled_from([position_to_dict(position_from_number(number), 3), dict(WORKED_EXAMPLE)]))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(sorted(data) + ["score", "recycles", "draw", "foundations", "colour"]))
        change = draw(st.sampled_from(["value", "number", "delete", "swap"]))
        if change == "value":
            data[key] = draw(JSON_VALUES)
        elif change == "number":
            data[draw(st.sampled_from(["score", "recycles", key]))] = draw(
                st.sampled_from([-1, 0, 1, 3, 10**6, 10**6 + 1, 2**31, 2**62, 2**63 - 1, 10**30]))
        elif change == "delete":
            data.pop(key, None)
        elif isinstance(data.get("stock"), list) and isinstance(data.get("reserve"), list) and data["stock"]:
            data["stock"], data["reserve"] = data["reserve"], data["stock"]  # 13 and 34 swapped: a bad layout
    return data


@st.composite
def deal_file_text(draw) -> bytes:
    return draw(mutated_text(json.dumps(draw(deal_data()))))


MOVE_WORDS = ["draw", "recycle", "reserve", "waste", "foundation", "column 1", "column 4", "column 9", "->", "to",
              "→", "QC", "10♥", "K♥..Q♣", "score 5", "tap", "#", "12.", "\t"]


@st.composite
def move_list(draw) -> bytes:
    """Lines of legal moves from the start of EASY, mixed with move-like words, random text and bytes."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    position, rules, lines = position_from_number(2), Rules(draw=3), []
    for _ in range(draw(st.integers(0, 12))):
        moves = legal_moves(position, rules)
        if not moves:
            break
        move = rng.choice(moves)
        lines.append(format_move(move, position, ascii=rng.random() < 0.5))
        position = apply(position, move, rules)
    noise = st.lists(st.sampled_from(MOVE_WORDS), max_size=5).map(" ".join) | ARG_TEXT
    for _ in range(draw(st.integers(0, 3))):
        lines.insert(draw(st.integers(0, len(lines))), draw(noise))
    return draw(mutated_text("\n".join(lines) + "\n"))


ROWS = st.builds(
    Row,
    code=st.sampled_from(["CF1-D3-AAAAAAA", "CF1-D3-AAAAAAB", "pysol:5", "x"]) | ARG_TEXT,
    draw=st.sampled_from([1, 3]) | st.integers(-5, 10),
    rules=st.sampled_from(["worry-back moves-any passes-unlimited", "no-worry-back moves-whole passes-2"]),
    verdict=st.sampled_from(["winnable", "unwinnable", "unknown", "maybe"]),
    moves=st.none() | st.integers(0, 400),
    nodes=st.integers(0, 10**9),
    seconds=st.floats(0, 100) | st.sampled_from([float("inf"), float("nan"), -1.0]),
)


@st.composite
def results_file(draw, fmt: str) -> bytes:
    """Rows as ``batch`` writes them (some out of range), then a few random edits."""
    rows = draw(st.lists(ROWS, max_size=6))
    text = (BATCH.csv_header if fmt == "csv" and draw(st.booleans()) else "") + "".join(format_row(r, fmt) for r in rows)
    return draw(mutated_text(text))


# --- the properties -------------------------------------------------------------------------

DEAL_COMMANDS = [
    ["show"], ["show", "--json"], ["solve", *SMALL], ["solve", "--shortest", *SMALL],
    ["solve", "--passes", "3", *SMALL],
    ["analyse", "--max-nodes", "300", "--draw", "3"],
]


@FUZZ
@given(text=deal_file_text(), command=st.sampled_from(DEAL_COMMANDS + [["replay"], ["batch"]]))
def test_deal_files(run_cli, folder, text, command):
    (folder / "deal.json").write_bytes(text)
    if command == ["replay"]:
        (folder / "moves.txt").write_text("draw\nreserve QC -> column 2\n")
        check_run(run_cli, folder, ["replay", "deal.json", "moves.txt"], allowed=(0, 1, 2))
    elif command == ["batch"]:
        (folder / "deals.txt").write_text("deal.json\n")
        check_run(run_cli, folder, ["batch", "--file", "deals.txt", "--jobs", "1", "--quiet", "--out", "r.csv",
                                    "--resume", *SMALL], writes={"r.csv"})
        (folder / "r.csv").unlink(missing_ok=True)
    else:
        check_run(run_cli, folder, [command[0], "deal.json", *command[1:]])


@st.composite
def seen_position(draw) -> tuple:
    """``(position, draw mode)``: a random deal after a few random moves, as a player sees it
    (hidden cards) or with every card known."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    draw_mode = draw(st.sampled_from([1, 3]))
    position, rules = position_from_number(draw(st.integers(0, 26**7 - 1))), Rules(draw=draw_mode)
    for _ in range(draw(st.integers(0, 15))):
        moves = legal_moves(position, rules)
        if not moves:
            break
        position = apply(position, rng.choice(moves), rules)
    if draw(st.booleans()):
        position = hide(position, draw_mode)
    return position, draw_mode


@st.composite
def position_file(draw) -> bytes:
    """A position a player sees (hidden cards as ``N hidden`` or ``??``) after a few random moves of a
    random deal, as position text or JSON, shown or not, then some random edits."""
    position, draw_mode = draw(seen_position())
    if draw(st.booleans()):
        text = format_position_text(position, draw_mode, ascii=draw(st.booleans()))
    else:
        text = json.dumps(position_to_dict(position, draw_mode, ascii=True))
    return draw(mutated_text(text))


POSITION_COMMANDS = [["show"], ["show", "--position-text"], ["show", "--json"], ["solve", *SMALL],
                     ["hint", "--samples", "3", "--jobs", "1", "--quiet", "--seed", "1", "--max-nodes", "300"]]


@FUZZ
@given(text=position_file(), command=st.sampled_from(POSITION_COMMANDS))
def test_position_files(run_cli, folder, text, command):
    (folder / "seen.txt").write_bytes(text)
    check_run(run_cli, folder, [command[0], "seen.txt", *command[1:]])


CODES = st.one_of(
    ARG_TEXT,
    ARG_BYTES,
    st.from_regex(r"\s*[cC][fF]1-[dD][0-9]-[A-Za-z]{0,9}\s*", fullmatch=True),
    st.integers(0, 26**7 - 1).map(lambda number: format_code(number, 3)).flatmap(
        lambda code: mutated_text(code).map(lambda data: data.decode("utf-8", "replace").replace("\x00", ""))),
    st.tuples(st.sampled_from(["pysol:", "PYSOL:", "pysol:ms", "pysol:#"]),
              st.text("0123456789", max_size=60) | ARG_TEXT).map("".join),
)


@FUZZ
@given(code=CODES, command=st.sampled_from(DEAL_COMMANDS))
def test_game_codes(run_cli, folder, code, command):
    assume(not code.startswith("-"))  # that is an option, which the option test covers
    check_run(run_cli, folder, [command[0], code, *command[1:]])


@FUZZ
@given(moves=move_list(), stdin=st.booleans())
def test_move_lists(run_cli, folder, moves, stdin):
    if stdin:
        check_run(run_cli, folder, ["replay", "CF1-D3-AAAAAAC", "-"], input=moves, allowed=(0, 1, 2))
    else:
        (folder / "moves.txt").write_bytes(moves)
        check_run(run_cli, folder, ["replay", "CF1-D3-AAAAAAC", "moves.txt"], allowed=(0, 1, 2))


@FUZZ
@given(fmt=st.sampled_from(["csv", "jsonl"]), data=st.data())
def test_results_files(run_cli, folder, fmt, data):
    content = data.draw(results_file(fmt))
    name = f"r.{fmt}"
    (folder / name).write_bytes(content)
    check_run(run_cli, folder, ["stats", name])
    check_run(run_cli, folder, ["stats", "--json", name])
    result = check_run(run_cli, folder, ["batch", "--start", "CF1-D3-AAAAAAA", "--count", "2", "--jobs", "1",
                                         "--quiet", "--resume", "--out", name, *SMALL], writes={name})
    after = (folder / name).read_bytes()
    if result.status != 0:
        assert after == content  # refused: untouched
    else:
        assert after.startswith(content[:content.rfind(b"\n") + 1])  # every complete line kept


NUMBERS = st.one_of(
    st.integers(-2**70, 2**70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["nan", "inf", "-inf", "1e30", "1e999", "0", "-0", "64K", "63K", "1.5G", "9" * 5000, "0x10",
                     "1_000", " 5 ", "", "2147483648", str(2**62), str(2**62 + 1), str(2**63 - 1)]),
    ARG_TEXT,
    ARG_BYTES,
)
OPTIONS = {
    "solve": ["--time-limit", "--max-nodes", "--memory", "--passes", "--draw", "--rules", "--moves", "--spaces",
              "--tableau-order"],
    "analyse": ["--time-limit", "--max-nodes", "--memory", "--passes", "--draw", "--rules"],
    "batch": ["--time-limit", "--max-nodes", "--memory", "--passes", "--seed"],
    "random": ["-n", "--seed", "--draw"],
}


def bounded(value: str, limit: int) -> bool:
    """False for a whole number above ``limit`` (a run that size is not quick), True otherwise."""
    try:
        return int(value) <= limit
    except ValueError:
        return True


@FUZZ
@given(command=st.sampled_from(sorted(OPTIONS)), data=st.data())
def test_option_values(run_cli, folder, command, data):
    option = data.draw(st.sampled_from(OPTIONS[command]))
    value = data.draw(NUMBERS)
    if option == "-n":
        assume(bounded(value, 1000))
    fixed = {"solve": [EASY, *SMALL], "analyse": [EASY, "--draw", "3", "--worry-back", *SMALL],
             "batch": ["--start", EASY, "--count", "1", "--jobs", "1", "--quiet", *SMALL], "random": []}[command]
    check_run(run_cli, folder, [command, *fixed, f"{option}={value}"])


# --- position text, move lists and results files with hostile text ---------------------------

HINT = ["--samples", "2", "--max-nodes", "2000", "--jobs", "1", "-q", "--seed", "1"]
POSITION_TEXT_COMMANDS = [["show"], ["show", "--position-text"], ["solve", *SMALL], ["hint", *HINT]]


@st.composite
def position_text(draw) -> str:
    """Valid position text of a ``seen_position``: every line as ``show --position-text`` writes it,
    or shorter, as a player types it (``col 2``, no draw, waste, score or recycles line)."""
    position, draw_mode = draw(seen_position())
    written = draw(st.sampled_from([draw_mode, None])) if draw_mode == 3 else draw_mode  # 3 is the default
    text = format_position_text(position, written, ascii=draw(st.booleans()))
    if draw(st.booleans()):
        text = text.replace("column ", "col ")
        text = "".join(line for line in text.splitlines(keepends=True)
                       if line not in ("waste: empty\n", "score: 0\n", "recycles: 0\n"))
    return text


@FUZZ
@given(text=position_text().flatmap(hostile_file), command=st.sampled_from(POSITION_TEXT_COMMANDS))
def test_position_text(run_cli, folder, text, command):
    (folder / "seen.txt").write_bytes(text)
    check_run(run_cli, folder, [command[0], "seen.txt", *command[1:]])


@FUZZ
@given(text=position_text().flatmap(numbers_in_other_digits), command=st.sampled_from(POSITION_TEXT_COMMANDS))
def test_position_text_other_digits(run_cli, folder, text, command):
    """Every number of position text counts (a card's rank, ``column N``, ``N hidden``, ``draw``,
    ``score``, ``recycles``): one written in other digits is refused."""
    (folder / "seen.txt").write_text(text, encoding="utf-8")
    check_run(run_cli, folder, [command[0], "seen.txt", *command[1:]], refused=True)


@st.composite
def move_list_text(draw) -> str:
    """Legal moves from the start of EASY as ``replay`` reads them: plain (one move a line, bare or
    numbered with scores and tap marks as ``solve --full`` prints them) or compact (``draw ×3, waste
    8♦ -> foundation``, as ``solve`` prints them), with suit symbols or in ASCII; always a number in it."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    ascii_, style = draw(st.booleans()), draw(st.sampled_from(["bare", "numbered", "compact"]))
    start, rules = position_from_number(2), Rules(draw=3)
    position, moves, bare = start, [], []
    for _ in range(draw(st.integers(1, 40))):
        legal = legal_moves(position, rules)
        if not legal:
            break
        moves.append(rng.choice(legal))
        bare.append(format_move(moves[-1], position, ascii=ascii_))
        position = apply(position, moves[-1], rules)
    lines = {"bare": bare, "numbered": format_move_list(start, moves, rules, ascii_),
             "compact": format_steps(start, moves, rules, ascii_)}[style]
    if not ASCII_NUMBER.search("".join(lines)):  # only draws and recycles: number them
        lines = format_move_list(start, moves, rules, ascii_)
    return "\n".join(lines) + "\n"


def replay_moves(run_cli, folder, moves: bytes, stdin: bool, refused: bool = False):
    if stdin:
        return check_run(run_cli, folder, ["replay", EASY, "-"], input=moves, allowed=(0, 1, 2), refused=refused)
    (folder / "moves.txt").write_bytes(moves)
    return check_run(run_cli, folder, ["replay", EASY, "moves.txt"], allowed=(0, 1, 2), refused=refused)


@FUZZ
@given(moves=move_list_text().flatmap(hostile_file), stdin=st.booleans())
def test_move_list_text(run_cli, folder, moves, stdin):
    replay_moves(run_cli, folder, moves, stdin)


@FUZZ
@given(moves=move_list_text().flatmap(numbers_in_other_digits), stdin=st.booleans())
def test_move_list_other_digits(run_cli, folder, moves, stdin):
    """Every number of a move list counts (a move's number, a card's rank, ``column N``, ``draw ×N``,
    ``score N``); every move is legal, so the first one written in other digits is what stops the
    replay, and it is refused (status 2), never read as its number nor as an illegal move."""
    replay_moves(run_cli, folder, moves.encode("utf-8"), stdin, refused=True)


RULE_NAMES = ["worry-back moves-any passes-unlimited", "no-worry-back moves-whole passes-2"]
RESULTS_ROWS = {  # each kind's valid rows (the deal's code is set apart by its index), as lists of values
    "batch": st.builds(
        lambda verdict, moves, draw, rules, nodes, seconds: [draw, rules, verdict,
                                                              moves if verdict == "winnable" else None, nodes, seconds],
        st.sampled_from(["winnable", "unwinnable", "unknown"]), st.integers(1, 400), st.sampled_from([1, 3]),
        st.sampled_from(RULE_NAMES), st.integers(0, 10**9), st.floats(0, 100)),
    "play": st.tuples(st.sampled_from(ENDS), st.integers(0, 51), st.integers(0, 52), st.integers(0, 1000),
                      st.integers(0, 1000)).flatmap(
        lambda t: st.builds(
            lambda draw, rules, moves, samples, seconds, verdict, method: [
                draw, rules, int(t[0] == "won"), t[0], 52 if t[0] == "won" else min(t[1], t[2]),
                52 if t[0] == "won" else max(t[1], t[2]), moves, samples, max(t[3], t[4]), min(t[3], t[4]),
                seconds, verdict, method],
            st.sampled_from([1, 3]), st.sampled_from(RULE_NAMES), st.integers(0, 500), st.integers(1, 100),
            st.floats(0, 100), st.sampled_from(["winnable", "unwinnable", "unknown"]), st.sampled_from(METHODS))),
}
RESULTS_KINDS = {"batch": BATCH, "play": PLAY}
NUMBER_COLUMNS = {"batch": ["draw", "moves", "nodes", "seconds"],
                  "play": ["draw", "won", "cards", "best_cards", "moves", "samples", "solves", "unknown", "seconds"]}
ODD_VALUES = st.one_of(  # what a hand-edited results file may hold where a number belongs
    st.sampled_from(["1.5", 1.5, "2.0", 2.0, 0.5, 1e3, "1e3", "-0", -0.0, "0x10", "1_000", " 7 ", "+7", "nan",
                     "inf", "Infinity", float("nan"), float("inf"), "", None, True, [], {}, 10**40, "9" * 40]),
    HUGE_NUMBERS, ARG_TEXT, st.sampled_from(CONTROLS),
)


def results_text(kind: str, fmt: str, rows: list[list], header: bool = True) -> str:
    """``rows`` (lists of values, the code first) as the lines of a results file of ``kind`` in ``fmt``."""
    columns = RESULTS_KINDS[kind].columns
    if fmt == "jsonl":
        return "".join(json.dumps(dict(zip(columns, row, strict=True))) + "\n" for row in rows)
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(["" if value is None else value for value in row] for row in rows)
    return (RESULTS_KINDS[kind].csv_header if header else "") + buffer.getvalue()


@st.composite
def results_rows(draw, kind: str, min_size: int = 0) -> list[list]:
    """Valid rows of ``kind``, each of its own deal."""
    rows = draw(st.lists(RESULTS_ROWS[kind], min_size=min_size, max_size=5))
    return [[format_code(index, 3), *row] for index, row in enumerate(rows)]


@st.composite
def hostile_results_file(draw, kind: str, fmt: str) -> bytes:
    """Rows of ``kind`` (valid, or for ``batch`` some out of range) with a few values changed to a
    number in other digits, a non-whole number, a huge number, long text or a control character;
    then a header or none, CRLF line ends, a byte-order mark, long lines and the other hostile edits."""
    rows = draw(results_rows(kind))
    if kind == "batch":
        rows += [list(row) for row in draw(st.lists(ROWS, max_size=2))]
    for _ in range(draw(st.integers(0, 3)) if rows else 0):
        row = draw(st.sampled_from(rows))
        column = draw(st.integers(0, len(row) - 1))
        row[column] = draw(in_other_digits(str(row[column])) | ODD_VALUES
                           | st.integers(1000, 6000).map(lambda size, value=str(row[column]): value * size))
    return draw(hostile_file(results_text(kind, fmt, rows, header=draw(st.integers(0, 9)) > 0)))


def resume_batch(run_cli, folder, name: str, content: bytes, refused: bool = False):
    """``batch --resume --out NAME`` over two quick deals: refused, the file is untouched; run, every
    complete line of it is kept."""
    result = check_run(run_cli, folder, ["batch", "--resume", "--out", name, "--start", "CF1-D3-AAAAAAA", "--count",
                                         "2", "--max-nodes", "2000", "--jobs", "1", "-q"],
                       writes={name}, refused=refused)
    after = (folder / name).read_bytes()
    if result.status != 0:
        assert after == content  # refused: untouched
    else:
        assert after.startswith(content[:content.rfind(b"\n") + 1])  # every complete line kept
    return result


@FUZZ
@given(kind=st.sampled_from(sorted(RESULTS_KINDS)), fmt=st.sampled_from(["csv", "jsonl"]), data=st.data())
def test_hostile_results_files(run_cli, folder, kind, fmt, data):
    content = data.draw(hostile_results_file(kind, fmt))
    name = f"r.{fmt}"
    (folder / name).write_bytes(content)
    check_run(run_cli, folder, ["stats", name])
    check_run(run_cli, folder, ["stats", "--json", name])
    resume_batch(run_cli, folder, name, content)


@FUZZ
@given(kind=st.sampled_from(sorted(RESULTS_KINDS)), fmt=st.sampled_from(["csv", "jsonl"]), data=st.data())
def test_results_files_other_digits(run_cli, folder, kind, fmt, data):
    """Valid rows, one of which has a number written in other digits (in a .jsonl file as a string,
    the only way JSON holds them): ``stats`` refuses the file or leaves that row out as malformed,
    and ``batch --resume`` stops at it (a malformed complete line), the file untouched."""
    rows = data.draw(results_rows(kind, min_size=1))
    row = data.draw(st.sampled_from(rows))
    columns = RESULTS_KINDS[kind].columns
    column = columns.index(data.draw(st.sampled_from([name for name in NUMBER_COLUMNS[kind]
                                                      if row[columns.index(name)] is not None])))
    row[column] = data.draw(in_other_digits(str(row[column])))
    content = results_text(kind, fmt, rows).encode("utf-8")
    name = f"r.{fmt}"
    (folder / name).write_bytes(content)
    check_run(run_cli, folder, ["stats", name])
    check_run(run_cli, folder, ["stats", "--json", name], counted=len(rows) - 1)
    resume_batch(run_cli, folder, name, content, refused=True)


# --- numbers in options and game numbers -----------------------------------------------------

SEEN = format_position_text(hide(position_from_number(5), 3), 3, ascii=True)  # hidden cards: for 'hint'
NUMBER_ARGUMENTS = [  # (the command line, an option or None for the DEAL argument, a value it takes)
    (["solve", EASY, "--time-limit", "5"], "--max-nodes", "2000"),
    (["solve", EASY, *SMALL], "--memory", "1M"),
    (["solve", EASY, *SMALL], "--memory", "1.5M"),
    (["solve", EASY, *SMALL], "--passes", "3"),
    (["solve", EASY, "--max-nodes", "2000"], "--time-limit", "5"),
    (["solve", EASY, "--max-nodes", "2000"], "--time-limit", "0.5"),
    (["solve", EASY, *SMALL], "--threads", "1"),
    (["solve", EASY, *SMALL], "--draw", "1"),
    (["analyse", EASY, "--draw", "3", "--worry-back", "--time-limit", "5"], "--max-nodes", "300"),
    (["analyse", EASY, "--draw", "3", "--worry-back", "--max-nodes", "300"], "--passes", "2"),
    (["analyse", EASY, "--draw", "3", "--worry-back", "--max-nodes", "300"], "--memory", "512K"),
    (["batch", "--start", EASY, "--count", "1", "--jobs", "1", "-q", "--time-limit", "5"], "--max-nodes", "2000"),
    (["batch", "--start", EASY, "--count", "1", "--jobs", "1", "-q", *SMALL], "--memory", "1M"),
    (["batch", "--start", EASY, "--count", "1", "--jobs", "1", "-q", *SMALL], "--passes", "3"),
    (["batch", "--start", EASY, "--count", "1", "--jobs", "1", "-q", *SMALL], "--threads", "1"),
    (["batch", "--start", EASY, "--jobs", "1", "-q", *SMALL], "--count", "2"),
    (["batch", "--start", EASY, "--count", "1", "-q", *SMALL], "--jobs", "1"),
    (["batch", "--random", "1", "--jobs", "1", "-q", *SMALL], "--seed", "7"),
    (["batch", "--seed", "7", "--jobs", "1", "-q", *SMALL], "--random", "1"),
    (["play", "--start", EASY, "--count", "1", "--jobs", "1", "-q", "--max-nodes", "300",
      "--verdict-max-nodes", "300"], "--samples", "1"),
    (["play", "--start", EASY, "--count", "1", "--jobs", "1", "-q", "--samples", "1", "--max-nodes", "300"],
     "--verdict-max-nodes", "300"),
    (["random"], "-n", "3"),
    (["random"], "--seed", "5"),
    (["random"], "--draw", "1"),
    (["replay", EASY, "moves.txt"], "--upto", "2"),
    (["replay", EASY, "moves.txt"], "--board-every", "2"),
    (["hint", "seen.txt", *HINT], "--samples", "2"),
    (["hint", "seen.txt", *HINT], "--seed", "1"),
    (["hint", "seen.txt", *HINT], "--max-nodes", "2000"),
    (["hint", "seen.txt", *HINT], "--jobs", "1"),
    (["hint", "seen.txt", *HINT], "--memory", "1M"),
    (["show"], None, "pysol:123"),
    (["show", "--line"], None, "pysol:31999"),
    (["show"], None, "pysol:ms123"),
    (["solve", *SMALL], None, "pysol:#00000000000000000123"),
    (["replay", "moves.txt"], None, "pysol:123"),
]


def number_command(folder, line: list[str], option: str | None, value: str) -> list[str]:
    """The command line with ``option`` set to ``value`` (the DEAL argument when ``option`` is None),
    and the files it reads made in ``folder``."""
    (folder / "moves.txt").write_text("draw\ndraw\n")
    (folder / "seen.txt").write_text(SEEN)
    if option is None:
        return [line[0], value, *line[1:]]
    return [*line, option, value]


@FUZZ
@given(case=st.sampled_from(NUMBER_ARGUMENTS), zeros=st.sampled_from([0, 0, 1, 40, 5000]), data=st.data())
def test_numbers_in_other_digits(run_cli, folder, case, zeros, data):
    """A number an option or ``pysol:`` takes, written partly or wholly in other scripts' digits
    (``--max-nodes １００``, ``--memory ٣G``, ``pysol:١٢٣``), maybe after many leading zeros: refused."""
    line, option, value = case
    head, digits = re.match(r"(\D*)(.*)", value).groups()
    written = head + data.draw(in_other_digits("0" * zeros + digits))
    check_run(run_cli, folder, number_command(folder, line, option, written), refused=True)


@FUZZ
@given(case=st.sampled_from(NUMBER_ARGUMENTS), size=st.integers(31, 6000), data=st.data())
def test_numbers_of_many_digits(run_cli, folder, case, size, data):
    """A number of thousands of ASCII digits, or a small one after thousands of zeros."""
    line, option, value = case
    head, digits = re.match(r"(\D*)(.*)", value).groups()
    written = head + data.draw(st.sampled_from(["9" * size, "0" * size + digits, digits + "0" * size]))
    check_run(run_cli, folder, number_command(folder, line, option, written))


# --- very long lines --------------------------------------------------------------------------

LONG = 100_000  # characters: read in time proportional to its length, such a line takes milliseconds;
LONG_LINE_SECONDS = 5  # in proportion to its square (a regular expression that backtracks), many minutes
POSITION = format_position_text(position_from_number(5), 3, ascii=True)
RESULTS_ROW = "CF1-D3-AAAAAAA,3,worry-back moves-any passes-unlimited,unknown,,2000,0.5\n"
LONG_LINES = {  # name: (the file a command reads, one of its lines made long with a run of the same piece)
    "move-spaces": ("moves.txt", "draw" + " " * LONG + "x"),
    "move-tabs": ("moves.txt", "draw" + "\t" * LONG + "tap x"),
    "move-scores": ("moves.txt", "draw" + " score 5" * (LONG // 8) + " x"),
    "move-taps": ("moves.txt", "draw" + " tap" * (LONG // 4) + " x"),
    "move-bracketed-scores": ("moves.txt", "draw" + " (score 5)" * (LONG // 10) + " x"),
    "move-dots": ("moves.txt", "column 1 " + ".." * (LONG // 2)),
    "move-dots-in-a-run": ("moves.txt", "column 1 10C" + ".." * (LONG // 2) + "x -> column 2"),
    "move-spaces-in-column": ("moves.txt", "column" + " " * LONG + "1 x"),
    "move-spaces-before-arrow": ("moves.txt", "reserve QC" + " " * LONG + "-> column x"),
    "move-dashes": ("moves.txt", "reserve " + "-" * LONG + "> column 1"),
    "move-spaces-before-number": ("moves.txt", " " * LONG + "1. draw"),
    "move-long-number": ("moves.txt", "1" * LONG + ". draw"),
    "move-spaces-after-times": ("moves.txt", "draw ×" + " " * LONG + "x"),
    "move-draws": ("moves.txt", "draw ×1, " * (LONG // 9) + "x"),
    "move-commas": ("moves.txt", "draw" + ", " * (LONG // 2)),
    "move-comment": ("moves.txt", "#" * LONG),
    "position-spaces": ("seen.txt", POSITION.replace("reserve: ", "reserve: " + " " * LONG + "x ")),
    "position-spaces-in-column": ("seen.txt", POSITION.replace("column 1:", "column" + " " * LONG + "1:")),
    "position-long-name": ("seen.txt", POSITION.replace("column 1:", "col" + "umn" * (LONG // 3) + " 1:")),
    "position-spaces-in-number": ("seen.txt", POSITION.replace("score: 0", "score:" + " " * LONG + "0x")),
    "position-hidden-counts": ("seen.txt", POSITION.replace("reserve: ", "reserve: " + "1 " * (LONG // 2) + "hidden x")),
    "position-colons": ("seen.txt", POSITION + ":" * LONG + "\n"),
    "csv-spaces": ("r.csv", BATCH.csv_header + RESULTS_ROW.replace("unknown", " " * LONG + "unknown")),
    "csv-long-number": ("r.csv", BATCH.csv_header + RESULTS_ROW.replace(",0.5", "," + "9" * LONG)),
    "csv-quotes": ("r.csv", BATCH.csv_header + RESULTS_ROW.replace(",2000,", ',"' + '""' * (LONG // 2) + '",')),
    "jsonl-spaces": ("r.jsonl", format_row(BATCH.from_values(next(csv.reader([RESULTS_ROW]))), "jsonl").replace(
        '"verdict"', '"verdict"' + " " * LONG)),
    "jsonl-escapes": ("r.jsonl", '{"code": "' + "\\u0041" * (LONG // 6) + '"}\n'),
}
LONG_LINE_COMMANDS = {"moves.txt": ["replay", EASY, "moves.txt"], "seen.txt": ["show", "seen.txt"],
                      "r.csv": ["stats", "r.csv"], "r.jsonl": ["stats", "r.jsonl"]}


@pytest.mark.parametrize(("name", "text"), LONG_LINES.values(), ids=LONG_LINES.keys())
def test_very_long_lines(run_cli, folder, name, text):
    """A line of a hundred thousand characters (spaces, tabs, repeated marks, dots, digits) is read in
    milliseconds, as any: a reader that backtracks over it would take many minutes."""
    (folder / name).write_text(text[:80] + "\n", encoding="utf-8")
    run_cli(*LONG_LINE_COMMANDS[name])  # the same command on a short line first: what it imports is loaded
    (folder / name).write_text(text + "\n", encoding="utf-8")
    check_run(run_cli, folder, LONG_LINE_COMMANDS[name], allowed=(0, 1, 2), seconds=LONG_LINE_SECONDS)


# --- follow: typed answers and session files ------------------------------------------------

FOLLOW = ["--samples", "2", "--max-nodes", "2000", "--jobs", "1", "--json"]
CARD_NAMES = [rank + suit for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
              for suit in "CDHS♣♦♥♠"]
CARD_LINE = st.lists(st.sampled_from(CARD_NAMES), min_size=1, max_size=5).map(" ".join)
MOVE_LINE = st.builds("{} {} -> {}".format, st.sampled_from(["reserve", "waste", "column 1", "foundation"]),
                      st.sampled_from(CARD_NAMES), st.sampled_from(["foundation", "column 2", "column 5"]))
ANSWER = st.one_of(st.sampled_from(["", "", "", "undo", "board", "help", "save", "save known.txt", "1", "2", "99",
                                    "draw", "recycle", "draw ×3", "quit"]),
                   CARD_LINE, MOVE_LINE, ARG_TEXT).map(str.encode) | st.binary(max_size=12)


def follow_objects(result) -> list[dict]:
    """The JSON objects of a ``follow --json`` run, each with every key of docs/follow.md."""
    rows = [json.loads(line) for line in result.out.splitlines()]
    for row in rows:
        assert {"turn", "asks", "played", "shown", "error", "end"} <= set(row), row
    return rows


@FUZZ
@given(lines=st.lists(ANSWER, max_size=14), practice=st.booleans())
def test_follow_answers(run_cli, folder, lines, practice):
    """Any typed lines: each taken or refused with one reason, the session file replays to the same
    question, and only the session file (and a saved position) is written."""
    game = [EASY, "--practice"] if practice else ["--seed", "3"]
    answers = b"".join(line.replace(b"\n", b" ").replace(b"\r", b" ") + b"\n" for line in lines)
    result = check_run(run_cli, folder, ["follow", *game, *FOLLOW, "--session", "s.jsonl", "--force"],
                       input=answers, allowed=(0,), writes=("s.jsonl", "known.txt"))
    rows = follow_objects(result)
    if rows and rows[-1]["asks"] is not None:
        again = check_run(run_cli, folder, ["follow", "--resume", "s.jsonl", "--json"], input="", allowed=(0,),
                          writes=("s.jsonl",))
        assert follow_objects(again)[0] == {**rows[-1], "played": None, "shown": [], "error": None}


@FUZZ
@given(data=st.data())
def test_follow_session_files(run_cli, folder, data):
    """A damaged session file goes on (status 0) or is refused in one line, left as it was."""
    if not (folder / "real.jsonl").exists():
        check_run(run_cli, folder, ["follow", EASY, "--practice", *FOLLOW, "--session", "real.jsonl"],
                  input="\n" * 6, writes=("real.jsonl",))
    damaged = data.draw(mutated_text((folder / "real.jsonl").read_text()))
    (folder / "s.jsonl").write_bytes(damaged)
    result = check_run(run_cli, folder, ["follow", "--resume", "s.jsonl", "--json"], input="", allowed=(0, 2),
                       writes=("s.jsonl",))
    if result.status == 0:
        follow_objects(result)
    else:
        assert (folder / "s.jsonl").read_bytes() == damaged
