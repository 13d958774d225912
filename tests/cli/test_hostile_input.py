"""Hostile input, the second round (issue 40): outputs that cannot be written, special files and
names, files in a bad state, numbers, messages, interrupts and environment. Each class has one
mechanism in the package; each test here would fail if its class came back.

Commands run as the user runs them, in a process of their own (``canfield_solver.cli:main``, the
console entry point), where streams, signals and the environment are real.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from canfield_solver.core.errors import quote
from canfield_solver.engine.cache import cache_folder
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.position_text import format_position_text
from canfield_solver.runs.results import BATCH, Row, format_row
from tests.support.compiling import wait_for_compile
from tests.support.positions import WORKED_EXAMPLE

ENTRY = [sys.executable, "-c", "from canfield_solver.cli import main; main()"]
CODE = "CF1-D3-AAAAACL"
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /dev/full, /proc and FIFOs")


def run(*args: str, input: bytes | None = None, stdout: object = subprocess.PIPE, close: tuple[int, ...] = (),
        env: dict | None = None, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """``canfield-solver ARGS`` in a process of its own (``input`` on stdin), the descriptors in
    ``close`` closed."""
    def closing() -> None:
        for fd in close:
            os.close(fd)

    return subprocess.run([*ENTRY, *args], input=input, stdin=subprocess.DEVNULL if input is None else None,
                          stdout=stdout, stderr=subprocess.PIPE, env=env, cwd=cwd,
                          preexec_fn=closing if close else None, timeout=timeout)


def one_line(done: subprocess.CompletedProcess, status: int = 2) -> str:
    """The one line on stderr of a run that ended with ``status`` and no traceback."""
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and done.returncode == status, err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    return err.rstrip("\n")


# --- outputs that cannot be written -----------------------------------------------------------


@LINUX
@pytest.mark.parametrize("args", [["show", CODE], ["random", "-n", "3"], ["solve", "CF1-D3-SOLVEME"],
                                  ["replay", CODE, "-"]])
def test_an_output_on_a_full_disk_ends_in_one_line(args):
    with open("/dev/full", "w") as full:
        done = run(*args, input=b"draw\n" if args[0] == "replay" else None, stdout=full)
    assert one_line(done) == "error: cannot write the output: No space left on device"


@LINUX
def test_a_closed_stdout_ends_in_one_line():
    assert one_line(run("show", CODE, close=(1,))) == "error: cannot write the output: standard output is closed"


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_an_output_that_cannot_show_suits_gets_ascii_names_and_replays(tmp_path, encoding):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    solved = run("solve", "CF1-D3-SOLVEME", env=env)
    assert solved.returncode == 0, solved.stderr
    text = solved.stdout.decode("ascii")  # every byte ASCII: nothing left to encode
    assert text == run("solve", "CF1-D3-SOLVEME", "--ascii").stdout.decode("utf-8")  # what --ascii writes
    moves = tmp_path / "moves.txt"
    moves.write_bytes(solved.stdout)
    replayed = run("replay", "CF1-D3-SOLVEME", str(moves))
    assert replayed.returncode == 0 and replayed.stdout.decode().endswith("won\n")
    board = run("show", CODE, env=env).stdout.decode("ascii")
    assert "[10C] 13" in board and "[###] 34" in board


def test_a_message_on_a_stderr_without_suits_is_still_one_line(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    moves = tmp_path / "moves.txt"
    moves.write_text("reserve 2C -> foundation\n")  # the reserve's top is 10♣: refused, naming it
    done = run("replay", CODE, str(moves), env=env)
    err = done.stderr.decode("cp1252")
    assert done.returncode == 1 and "Traceback" not in err and err.count("\n") == 1
    assert "2C is not the playable card of the reserve" in err


@LINUX
def test_a_batch_with_stderr_closed_writes_every_row(tmp_path):
    done = run("batch", "--start", "CF1-D3-AAAAAAA", "--count", "20", "--max-nodes", "20000", "--jobs", "2",
               "--out", "r.csv", close=(2,), cwd=tmp_path)
    assert done.returncode == 0 and b"20 deals" in done.stdout
    assert len((tmp_path / "r.csv").read_text().splitlines()) == 21


@LINUX
def test_a_results_file_on_a_full_disk_ends_in_one_line(tmp_path):
    (tmp_path / "full.csv").symlink_to("/dev/full")
    done = run("batch", "--start", "CF1-D3-AAAAAAA", "--count", "2", "--max-nodes", "2000", "--jobs", "1", "-q",
               "--out", "full.csv", cwd=tmp_path)
    assert one_line(done).startswith("error: cannot write the results file full.csv: No space left on device")


# --- special files and names -----------------------------------------------------------------


def deal_json(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(position_to_dict(position_from_code(CODE), 3)))
    return path


def test_a_deal_file_read_once_through_a_pipe_or_stdin(tmp_path):
    deal = deal_json(tmp_path, "deal.json").read_bytes()
    for name in ("/dev/stdin", "/proc/self/fd/0"):
        done = run("show", name, input=deal)
        assert done.returncode == 0 and done.stdout.startswith(f"Deal {name}, draw 3.".encode()), done.stderr


@LINUX
def test_a_deal_file_through_a_fifo_is_read_without_hanging(tmp_path):
    deal = deal_json(tmp_path, "deal.json").read_bytes()
    fifo = tmp_path / "deal.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(deal))
    writer.start()
    done = run("show", str(fifo), timeout=60)  # opened twice, it hung here forever
    writer.join(timeout=60)
    assert done.returncode == 0 and done.stdout.startswith(f"Deal {fifo}, draw 3.".encode()), done.stderr


def test_a_file_named_like_a_code_is_the_file_and_a_code_is_the_code(tmp_path):
    named = deal_json(tmp_path, f"{CODE}.json")
    other = position_from_code("CF1-D3-AAAAAAB")
    (tmp_path / "pysol:12.txt").write_text(format_position_text(other, 3))
    shown = run("show", named.name, "--line", cwd=tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith(f"Deal {CODE}.json, draw 3.\n".encode()), shown.stderr
    shown = run("show", "pysol:12.txt", "--json", cwd=tmp_path)
    assert shown.returncode == 0 and json.loads(shown.stdout) == position_to_dict(other, 3)
    (tmp_path / CODE).write_text("{}")  # a file named exactly as a code: the code wins
    assert run("show", CODE, "--line", cwd=tmp_path).stdout.startswith(f"Deal {CODE}, draw 3. CF1 codes".encode())
    # No such file: the name is read as the code it looks like, and the message says what is wrong with it.
    assert one_line(run("show", "CF1-D3-AAAAA.json", cwd=tmp_path)).startswith("error: bad game code 'CF1-D3-AAAAA.json'")


@LINUX
def test_a_closed_stdin_for_the_move_list():
    done = run("replay", CODE, "-", close=(0,))
    assert one_line(done) == "error: cannot read the move list from standard input: it is closed"


# --- files in a bad state --------------------------------------------------------------------


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else False, reason="root writes read-only files")
def test_resuming_a_read_only_results_file_with_a_torn_line_changes_nothing(tmp_path):
    out = tmp_path / "r.csv"
    row = format_row(Row("CF1-D3-AAAAAAA", 3, "worry-back moves-any passes-unlimited", "winnable", 90, 10, 0.1), "csv")
    out.write_text(BATCH.csv_header + row + row[:10])
    out.chmod(0o444)
    before = out.read_bytes()
    done = run("batch", "--start", "CF1-D3-AAAAAAA", "--count", "2", "--jobs", "1", "-q", "--resume", "--out", str(out))
    assert one_line(done).startswith(f"error: cannot resume {out}: Permission denied")
    assert out.read_bytes() == before


def test_resuming_a_results_file_that_cannot_be_cut_changes_nothing(tmp_path, monkeypatch):
    """As the test above, for root too: cutting the torn line fails, the file stays as it was."""
    from canfield_solver.core.errors import InputError
    from canfield_solver.runs import results

    out = tmp_path / "r.csv"
    row = format_row(Row("CF1-D3-AAAAAAA", 3, "worry-back moves-any passes-unlimited", "winnable", 90, 10, 0.1), "csv")
    out.write_text(BATCH.csv_header + row + row[:10])
    before = out.read_bytes()

    def refused(path: str, length: int) -> None:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(results.os, "truncate", refused)
    with pytest.raises(InputError, match=r"cannot resume .*r\.csv: Permission denied \(the file is as it was\)"):
        results.open_for_resume(str(out), BATCH, print)
    assert out.read_bytes() == before


def test_a_damaged_kernel_cache_is_compiled_again(tmp_path):
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path / "cache"))
    first = run("solve", "CF1-D3-SOLVEME", "--max-nodes", "5000", env=env, timeout=900)
    assert first.returncode == 0
    wait_for_compile(env)  # the first run's compile
    files = [path for path in (tmp_path / "cache").rglob("*") if path.is_file()]
    assert files
    for path in files:  # every file cut short, as a full disk or a killed write leaves them
        path.write_bytes(path.read_bytes()[:10])
    again = run("solve", "CF1-D3-SOLVEME", "--max-nodes", "5000", env=env, timeout=900)
    err = again.stderr.decode()
    assert again.returncode == 0 and again.stdout.splitlines()[1:] == first.stdout.splitlines()[1:], err
    assert "Traceback" not in err and err.startswith("canfield-solver: compiled kernels in ")
    assert " are damaged: compiling them again\n" in err
    third = run("solve", "CF1-D3-SOLVEME", "--max-nodes", "5000", env=env, timeout=900)
    assert third.returncode == 0 and third.stderr == b""  # rebuilt: loaded from the cache, silently


def test_force_keeps_the_mode_and_writes_through_a_link(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("old")
    page.chmod(0o640)
    (tmp_path / "link.html").symlink_to("page.html")
    done = run("solve", "CF1-D3-SOLVEME", "--html", "link.html", "--force", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "link.html").is_symlink() and page.read_text().startswith("<!DOCTYPE html>")
    assert stat.S_IMODE(page.stat().st_mode) == 0o640


# --- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["random", "-n", "３"], "error: Invalid value for '-n': '３' is not a whole number from 1 to 1000000"),
    (["random", "--seed", "-5"], "error: Invalid value for '--seed': '-5' is not a whole number from 0 to "),
    (["random", "-n", "9" * 5000], "error: Invalid value for '-n': '99999999"),
    (["show", "pysol:٣٤"], "error: bad PySolFC game number '٣٤'"),
    (["solve", CODE, "--memory", "٣G"], "error: Invalid value for '--memory': '٣G' is not a size"),
    (["solve", CODE, "--max-nodes", "1_000"], "error: Invalid value for '--max-nodes': '1_000' is not a whole number"),
    (["solve", CODE, "--time-limit", "１"], "error: Invalid value for '--time-limit': '１' is not a number of seconds"),
])
def test_only_the_digits_0_to_9_make_a_number(run_cli, args, message):
    result = run_cli(*args)
    assert (result.status, result.out) == (2, "") and result.err.count("\n") == 1, result.err
    assert result.err.startswith(message), result.err


@pytest.mark.parametrize("line, message", [
    ("stock: ³⁴ hidden", "unknown card '³⁴'"),
    ("stock: ٣٤ hidden", "unknown card '٣٤'"),
    ("column " + "1" * 5000 + ": 9C", "there are only columns 1 to 4"),
    ("score: " + "9" * 5000, "is not a whole number of at most 30 digits"),
])
def test_numbers_in_position_text(run_cli, tmp_path, line, message):
    text = format_position_text(position_from_code(CODE), 3, ascii=True)
    key = line.split(":")[0].split()[0]
    lines = [line if old.startswith(key) and (key != "column" or old.startswith("column 1")) else old
             for old in text.splitlines()]
    path = tmp_path / "position.txt"
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("show", str(path))
    assert result.status == 2 and result.err.count("\n") == 1 and message in result.err, result.err


@pytest.mark.parametrize("moves, message", [
    ("draw ×" + "5" * 5000 + ", waste 8H -> column 1", "draw from 1 to 52 times"),
    ("column " + "2" * 5000 + " 7S -> foundation", "cannot read move 'column 2222"),
    ("column ２ 7S -> foundation", "cannot read move"),
    ("draw ×３", "cannot read move"),
])
def test_numbers_in_move_lists(run_cli, moves, message):
    result = run_cli("replay", CODE, "-", input=moves + "\n")
    assert result.status == 2 and result.err.count("\n") == 1 and message in result.err, result.err
    assert len(result.err) < 400  # the line quoted, cut to 60 characters


def test_a_results_row_with_a_fraction_of_states_is_not_a_whole_number(run_cli, tmp_path):
    out = tmp_path / "r.csv"
    out.write_text(BATCH.csv_header + "CF1-D3-AAAAAAA,3,rules,unwinnable,,10.5,1.0\n"
                   + "CF1-D3-AAAAAAB,3,rules,unwinnable,,１０,1.0\n")
    result = run_cli("stats", str(out))
    assert "nodes '10.5' is not a whole number of 0 or more" in result.err
    assert "nodes '１０' is not a whole number of 0 or more" in result.err


# --- messages --------------------------------------------------------------------------------


def test_a_long_bad_move_line_is_cut_in_the_message(run_cli):
    result = run_cli("replay", CODE, "-", input="reserve " + "Q" * 5000 + " -> column 2\n")
    assert result.status == 2 and result.err.count("\n") == 1 and len(result.err) < 300, result.err


def test_long_output_paths_are_cut_in_the_message(run_cli, tmp_path):
    long = str(tmp_path / "missing" / ("x" * 300 + ".html"))
    result = run_cli("solve", "CF1-D3-SOLVEME", "--html", long)
    assert result.status == 2 and result.err.count("\n") == 1, result.err
    assert "x" * 300 not in result.err and "…" in result.err
    result = run_cli("batch", "--random", "1", "--out", "/" + "y" * 300 + ".txt")
    assert result.status == 2 and "y" * 300 not in result.err and "…" in result.err, result.err


def test_control_characters_show_as_spaces_in_quotes():
    assert quote("draw\tdraw") == "'draw draw'"
    assert quote("\x00CF1-D3-AAAAACL") == "' CF1-D3-AAAAACL'"  # a NUL at the start stays visible
    assert quote("\ufeffCF1") == "' CF1'"


def test_a_deal_list_saved_with_a_byte_order_mark(run_cli, tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_bytes("\ufeffCF1-D3-AAAAAAC\nCF1-D3-AAAAAAD\n".encode())
    result = run_cli("batch", "--file", str(deals), "--max-nodes", "2000", "--jobs", "1", "-q")
    assert result.status == 0 and "2 deals" in result.out, result.err


def test_the_fanned_waste_message_names_no_draw_mode_it_was_not_given(run_cli, tmp_path):
    data = dict(WORKED_EXAMPLE)
    data["waste"] = ["??", "??", "??"]
    data["stock"] = WORKED_EXAMPLE["stock"][:31]
    data = {**data, "stock": ["??"] * 31, "reserve": ["??"] * 12 + data["reserve"][-1:]}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data))
    result = run_cli("show", str(path))
    assert result.status == 2 and "the waste's top card is always shown" in result.err and "draw 1" not in result.err


def test_analyse_names_every_rule_and_joins_draws_to_plays(run_cli):
    result = run_cli("analyse", "CF1-D3-AAAAAAB", "--rules", "solvitaire", "--draw", "3", "--max-nodes", "200000")
    first = result.out.splitlines()[0]
    assert result.status == 0 and "tableau-order-base" in first and "moves-any" in first, result.out
    assert "best score" in result.out and "draw ×" in result.out  # compact steps, as solve prints them


@pytest.mark.parametrize("prefix, newline", [("\ufeff", "\n"), ("", "\r\n"), ("\ufeff", "\r\n")])
def test_a_results_file_saved_by_a_spreadsheet_is_read(run_cli, tmp_path, prefix, newline):
    rows = [Row(f"CF1-D3-AAAAAA{letter}", 3, "worry-back moves-any passes-unlimited", verdict, moves, 10, 0.1)
            for letter, verdict, moves in (("A", "winnable", 90), ("B", "unwinnable", None))]
    text = BATCH.csv_header + "".join(format_row(row, "csv") for row in rows)
    out = tmp_path / "r.csv"
    out.write_bytes((prefix + text.replace("\n", newline)).encode())
    result = run_cli("stats", str(out))
    assert result.status == 0 and result.err == "" and "won 1, lost 1, unknown 0" in result.out, result.err


# --- interrupts and environment --------------------------------------------------------------


@LINUX
@pytest.mark.parametrize("module", ["click", "canfield_solver.core.errors", "canfield_solver.formats.codes"])
def test_ctrl_c_while_the_command_loads_is_one_line(module):
    """SIGINT the moment ``module`` is imported (``-X importtime`` says when): the command is then
    loading, where an interrupt used to end in a traceback. (Before the entry point runs, in
    Python's own start, an interrupt is Python's to report.)"""
    process = subprocess.Popen([sys.executable, "-X", "importtime", *ENTRY[1:], "show", CODE],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines = []
    for raw in process.stderr:
        lines.append(raw.decode())
        if raw.rstrip().endswith(b"| " + module.encode()):
            process.send_signal(signal.SIGINT)
            break
    rest = process.stderr.read().decode()
    process.wait(timeout=60)
    err = "".join(line for line in lines + rest.splitlines(keepends=True) if not line.startswith("import time:"))
    assert "Traceback" not in err and process.returncode in (0, 130), err
    if process.returncode == 130:
        assert err == "interrupted\n"


@pytest.mark.parametrize("name, value, message", [
    ("NUMBA_DISABLE_JIT", "1", "error: NUMBA_DISABLE_JIT=1 turns off numba's compiler"),
    ("NUMBA_NUM_THREADS", "0", "error: NUMBA_NUM_THREADS=0 is not a number of threads"),
    ("NUMBA_NUM_THREADS", "lots", "error: NUMBA_NUM_THREADS=lots is not a number of threads"),
])
def test_a_numba_setting_that_stops_it_is_one_line(name, value, message):
    done = run("solve", "CF1-D3-SOLVEME", env=dict(os.environ, **{name: value}))
    assert one_line(done).startswith(message)


def test_an_empty_home_puts_the_cache_in_the_users_home_not_the_root():
    folder = cache_folder({"HOME": ""}, "linux")
    assert folder.parts[:2] != ("/", ".cache") and folder.name == "canfield-solver", folder
    assert folder.is_absolute()
