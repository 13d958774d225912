"""Property-based fuzzing of the command line (issue 13): random and mutated deal files, position
files (position text and JSON with hidden cards), game codes, move lists, results files and option values go to ``cli.main`` in-process, and every run must end
with exit status 0, 1 (``replay``'s illegal move) or 2 (bad input: one ``error:`` line), never a
traceback, and leave every file as it was unless writing it is the command's job.

A few hundred examples run in CI; for a long hunt by hand, set ``FUZZ_EXAMPLES``, e.g.
``FUZZ_EXAMPLES=20000 python -m pytest -q tests/cli/test_fuzz.py`` (each test runs that many).
Searches stop at ``--max-nodes 2000`` (and ``--time-limit 5``) so no example runs long.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from canfield_solver.core.hidden import hide
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.move_text import format_move
from canfield_solver.formats.position_text import format_position_text
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


def check_run(run_cli, folder, args, *, input=None, allowed=(0, 2), writes=()):
    """Run ``canfield-solver ARGS`` in ``folder``; check the status, stderr and that only ``writes`` changed."""
    before = snapshot(folder)
    result = run_cli(*args, input=input)  # an exception the CLI does not turn into a message fails here
    assert result.status in allowed, (args, result)
    assert "Traceback" not in result.err
    if result.status == 2:
        assert result.err.startswith("error: ") and result.err.count("\n") == 1, (args, result.err)
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
def position_file(draw) -> bytes:
    """A position a player sees (hidden cards as ``N hidden`` or ``??``) after a few random moves of a
    random deal, as position text or JSON, shown or not, then some random edits."""
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
