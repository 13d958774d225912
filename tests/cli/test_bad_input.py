"""Hostile input (issue 13): every case ends in one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import json

import pytest

from canfield_solver.cli.options import machine_ram
from canfield_solver.core.errors import quote, shorten
from canfield_solver.formats.bounded_json import JsonInputError, loads
from canfield_solver.formats.codes import MAX_DEALS, iter_random_codes, random_codes
from tests.support.positions import WORKED_EXAMPLE

ROW = {"code": "CF1-D3-AAAAAAA", "draw": 3, "rules": "worry-back moves-any passes-unlimited",
       "verdict": "winnable", "moves": 10, "nodes": 5, "seconds": 0.5}


def assert_refused(result, message: str) -> None:
    """Exit status 2, nothing on stdout, one line on stderr that starts with ``message``."""
    assert "Traceback" not in result.err
    assert (result.status, result.out) == (2, ""), result.err
    assert result.err.startswith(message) and result.err.count("\n") == 1, result.err


def deal_file(tmp_path, text: str, name: str = "deal.json") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def with_fields(**fields) -> str:
    return json.dumps({**WORKED_EXAMPLE, **fields})


# --- deal files ------------------------------------------------------------------------------


def test_a_score_of_5000_digits(run_cli, tmp_path):
    path = deal_file(tmp_path, with_fields()[:-1] + ', "score": ' + "9" * 5000 + "}")
    assert_refused(run_cli("show", path), f"error: deal file {path}: not valid JSON: a number of 5000 digits")


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"base": ' * 100_000])
def test_json_nested_100000_deep(run_cli, tmp_path, text):
    path = deal_file(tmp_path, text)
    assert_refused(run_cli("show", path),
                   f"error: deal file {path}: not valid JSON: its brackets are nested too deeply")


@pytest.mark.parametrize("field", ["score", "recycles"])
@pytest.mark.parametrize("value", [-1, 10**6 + 1, 2**31, 2**62, 2**63 - 1])
def test_score_and_recycles_out_of_range(run_cli, tmp_path, field, value):
    path = deal_file(tmp_path, with_fields(**{field: value}))
    assert_refused(run_cli("show", path),
                   f"error: deal file {path}: '{field}' must be a whole number from 0 to 1000000, not {value}")


def test_a_score_of_10_to_the_30(run_cli, tmp_path):
    path = deal_file(tmp_path, with_fields(score=10**30))
    assert_refused(run_cli("show", path), f"error: deal file {path}: not valid JSON: a number of 31 digits")


@pytest.mark.parametrize("command", [["solve"], ["solve", "--shortest"], ["analyse"]])
@pytest.mark.parametrize("recycles", [2**31, 2**62, 2**63 - 1, 10**30])
def test_huge_recycles_with_passes_in_every_solving_command(run_cli, tmp_path, command, recycles):
    path = deal_file(tmp_path, with_fields(recycles=recycles))
    result = run_cli(*command, path, "--passes", "3", "--max-nodes", "2000")
    assert_refused(result, f"error: deal file {path}")


@pytest.mark.parametrize("recycles", [2**31, 10**30])
def test_huge_recycles_in_a_batch_list(run_cli, tmp_path, recycles):
    path = deal_file(tmp_path, with_fields(recycles=recycles))
    listing = tmp_path / "deals.txt"
    listing.write_text("deal.json\n")
    result = run_cli("batch", "--file", str(listing), "--passes", "3", "--max-nodes", "2000", "--quiet")
    assert_refused(result, f"error: {listing} line 1: deal file {path}")


@pytest.mark.parametrize("command", [["solve"], ["solve", "--shortest"], ["analyse", "--draw", "3", "--worry-back"]])
def test_the_largest_score_and_recycles_are_solved(run_cli, tmp_path, command):
    path = deal_file(tmp_path, with_fields(score=10**6, recycles=10**6))
    result = run_cli(*command, path, "--passes", "3", "--max-nodes", "2000")
    assert result.status == 0 and "unknown" in result.out, result.err


# --- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--passes", "2147483648"], "error: Invalid value for '--passes': '2147483648' is not a whole number from 1 to 1000000"),
    (["--passes", "0"], "error: Invalid value for '--passes': '0' is not a whole number from 1 to 1000000"),
    (["--time-limit", "nan"], "error: Invalid value for '--time-limit': 'nan' is not a number of seconds above 0"),
    (["--time-limit", "inf"], "error: Invalid value for '--time-limit': 'inf' is not a number of seconds above 0"),
    (["--time-limit", "-1"], "error: Invalid value for '--time-limit': '-1' is not a number of seconds above 0"),
    (["--time-limit", "0"], "error: Invalid value for '--time-limit': '0' is not a number of seconds above 0"),
    (["--max-nodes", str(2**62 + 1)],
     "error: Invalid value for '--max-nodes': '4611686018427387905' is not a whole number from 1 to"),
    (["--max-nodes", "0"], "error: Invalid value for '--max-nodes': '0' is not a whole number from 1 to 4611686018427387904"),
    (["--memory", "nan"], "error: Invalid value for '--memory': 'nan' is not a size"),
    (["--memory", "inf"], "error: Invalid value for '--memory': 'inf' is not a size"),
    (["--memory", "1e30"], "error: Invalid value for '--memory': 1e30 is not from 64K to "),
    (["--memory", "63K"], "error: Invalid value for '--memory': 63K is not from 64K to "),
])
@pytest.mark.parametrize("command", [["solve"], ["solve", "--shortest"], ["analyse"],
                                     ["batch", "--random", "1", "--quiet"]])
def test_limits_out_of_range(run_cli, command, args, message):
    deal = [] if command[0] == "batch" else ["CF1-D3-AAAAAAC"]
    assert_refused(run_cli(*command, *deal, *args), message)


def test_memory_up_to_the_machine_s_ram(run_cli):
    ram = machine_ram()
    assert ram is not None
    assert_refused(run_cli("solve", "CF1-D3-AAAAAAC", "--memory", str(ram + 1)),
                   f"error: Invalid value for '--memory': {ram + 1} is not from 64K to this machine's RAM")
    result = run_cli("solve", "CF1-D3-AAAAAAC", "--memory", "64K", "--max-nodes", "2000", "--json")
    assert result.status == 0 and json.loads(result.out)["verdict"] in ("winnable", "unknown")


def test_random_n_is_bounded(run_cli):
    assert_refused(run_cli("random", "-n", "99999999999999999999"),
                   "error: Invalid value for '-n': '99999999999999999999' is not a whole number from 1 to 1000000")
    assert_refused(run_cli("batch", "--random", str(MAX_DEALS + 1)), "error: Invalid value for '--random'")
    assert_refused(run_cli("batch", "--start", "CF1-D3-AAAAAAA", "--count", str(MAX_DEALS + 1)),
                   "error: Invalid value for '--count'")


def test_batch_jobs_are_bounded(run_cli):
    assert_refused(run_cli("batch", "--random", "1", "--jobs", "1025"),
                   "error: Invalid value for '--jobs' / '-j': '1025' is not a whole number from 1 to 1024")


@pytest.mark.parametrize("threads", ["0", "65"])
def test_batch_threads_are_bounded(run_cli, threads):
    assert_refused(run_cli("batch", "--random", "1", "--threads", threads),
                   f"error: Invalid value for '--threads': '{threads}' is not a whole number from 1 to 64")


def test_random_codes_stream():
    codes = iter_random_codes(10**12, 3, seed=4)  # a list this long would not fit in memory
    assert [next(codes), next(codes)] == random_codes(2, 3, seed=4)


# --- replay ----------------------------------------------------------------------------------


def test_a_binary_moves_file(run_cli, tmp_path):
    moves = tmp_path / "moves.bin"
    moves.write_bytes(bytes(range(256)) * 4)
    assert_refused(run_cli("replay", "CF1-D3-AAAAAAC", str(moves)),
                   f"error: the move list {moves} is not UTF-8 text")


def test_binary_on_stdin(run_cli):
    assert_refused(run_cli("replay", "CF1-D3-AAAAAAC", "-", input=bytes(range(128, 256))),
                   "error: the move list from standard input is not UTF-8 text")


def test_move_errors_show_the_line_as_written_and_cut(run_cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("column 9 AS -> column 1\n")
    result = run_cli("replay", "CF1-D3-AAAAAAC", str(moves))
    assert result.status == 2
    assert result.err == "error: move 1: 'column 9 AS -> column 1': there are only columns 1 to 4\n"
    moves.write_text("column " + "9" * 5000 + " AS -> column 1\n")
    result = run_cli("replay", "CF1-D3-AAAAAAC", str(moves))
    assert result.status == 2 and "Traceback" not in result.err
    assert result.err.startswith(f"error: move 1: cannot read move 'column {'9' * 53}…': write e.g. ")  # too long for a move


# --- results files ---------------------------------------------------------------------------


def test_a_results_line_whose_moves_is_1e999(run_cli, tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps(ROW) + "\n" + json.dumps(ROW).replace('"moves": 10', '"moves": 1e999') + "\n")
    result = run_cli("stats", str(out))
    assert result.status == 0 and "won 1, lost 0, unknown 0" in result.out
    assert result.err.startswith(f"warning: {out} has 1 malformed line(s): line 2: moves inf is not a whole number of 0 or more")


def test_a_results_line_nested_100000_deep(run_cli, tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps(ROW) + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    result = run_cli("stats", str(out))
    assert result.status == 0 and "won 1, lost 0, unknown 0" in result.out
    assert "line 2: not JSON (its brackets are nested too deeply)" in result.err


def test_a_csv_field_beyond_the_csv_module_s_limit(run_cli, tmp_path):
    out = tmp_path / "r.csv"
    out.write_text("code,draw,rules,verdict,moves,nodes,seconds\n" + "CF1-D3-AAAAAAA,3,x,winnable,3,1,0.1\n"
                   + '"' + "x" * 200_000 + '",3,x,unknown,,1,0.1\n')
    result = run_cli("stats", str(out))
    assert result.status == 0 and "won 1, lost 0, unknown 0" in result.out
    assert "line 3: not CSV (field larger than field limit" in result.err


# --- messages --------------------------------------------------------------------------------


def test_a_10_kb_code_is_cut_in_the_message(run_cli):
    result = run_cli("show", "CF1-" + "X" * 10_000)
    assert_refused(result, "error: bad game code 'CF1-" + "X" * 56 + "…': expected CF1-D1-XXXXXXX")
    assert len(result.err) < 200


def test_a_10_kb_deal_file_path_is_cut_in_the_message(run_cli):
    result = run_cli("show", "x" * 10_000 + ".json")
    assert_refused(result, "error: cannot read the deal file " + "x" * 200 + "…: File name too long")


def test_a_10_kb_pysol_number_is_cut_in_the_message(run_cli):
    result = run_cli("show", "pysol:" + "9" * 10_000)
    assert_refused(result, "error: PySolFC game number '" + "9" * 60 + "…' is out of range")


@pytest.mark.parametrize("value, shown", [
    ("column 9 AS -> column 1\n", "'column 9 AS -> column 1'"),
    ("a\tb\x00c\x1b[31m", "'a b c [31m'"),
    ("Q♣", "'Q♣'"),
    ("CF1-\udcff", "'CF1-\ufffd'"),  # an argument's byte that is not UTF-8
    ("x" * 61, "'" + "x" * 60 + "…'"),
    (2, "2"),
    ([[[[[[[[1]]]]]]]], "[[[[[[[...]]]]]]]"),  # reprlib stops at depth 6
])
def test_quote(value, shown):
    assert quote(value) == shown
    assert shorten(value) == shown.strip("'")


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "its brackets are nested too deeply"),
    ("1" * 31, "a number of 31 digits (at most 30)"),
    ("-" + "1" * 31, "a number of 31 digits (at most 30)"),
    ("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
])
def test_json_input_bounds(text, message):
    with pytest.raises(JsonInputError) as error:
        loads(text)
    assert str(error.value) == message
    assert loads("1" * 30) == int("1" * 30)
