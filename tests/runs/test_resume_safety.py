"""Nothing lost, ever (issue 13): `batch --resume` cuts only a torn last line of a file it recognises as
a results file; any other file is refused, byte for byte untouched; `stats` treats such files alike."""

from __future__ import annotations

import json

import pytest

from canfield_solver.core.errors import InputError
from canfield_solver.core.presets import RuleOptions
from canfield_solver.runs import batch, results
from canfield_solver.runs.results import BATCH as BATCH_ROWS
from canfield_solver.runs.results import Row, format_row
from canfield_solver.runs.tasks import select_tasks

APP = "worry-back moves-any passes-unlimited"
HEADER = "code,draw,rules,verdict,moves,nodes,seconds\n"
ROW = Row("CF1-D3-AAAAAAA", 3, APP, "winnable", 90, 10, 0.5)
BATCH = ["batch", "--start", "CF1-D3-AAAAAAA", "--count", "2", "--max-nodes", "2000", "--jobs", "1", "--quiet"]

NOT_RESULTS = [
    ("one-line.jsonl", b'{"a": 1}', "is not a results file: it begins neither like a row of 'batch' nor its header"),
    ("word.jsonl", b"hello", "is not a results file: it begins neither like a row of 'batch' nor its header"),
    ("objects.jsonl", b'{"a": 1}\n{"b": 2}\n', "is not a results file: no line is a row of 'batch' (line 1: "),
    ("deep.jsonl", b"[" * 100_000 + b"\n", "is not a results file: no line is a row of 'batch' (line 1: not JSON"),
    ("binary.jsonl", bytes(range(128, 256)) + b"\n", "is not a results file (not UTF-8 text)"),
    ("control.jsonl", bytes(range(32)), "is not a results file: no line is a row of 'batch' (line 1: not JSON"),
    ("table.csv", b"a,b,c\n1,2", "is not a results file: its first line must be code,draw,rules"),
    ("word.csv", b"hello", "is not a results file: it begins neither like a row of 'batch' nor its header"),
    ("notes.csv", b"my notes\n", "is not a results file: its first line must be code,draw,rules"),
]


@pytest.mark.parametrize("name, content, message", NOT_RESULTS, ids=[case[0] for case in NOT_RESULTS])
def test_resume_refuses_a_file_that_is_not_a_results_file_and_leaves_it_as_it_was(run_cli, tmp_path, name,
                                                                                  content, message):
    out = tmp_path / name
    out.write_bytes(content)
    result = run_cli(*BATCH, "--resume", "--out", str(out))
    assert (result.status, result.out) == (2, "")
    assert result.err.startswith(f"error: {out} {message}") and result.err.count("\n") == 1, result.err
    assert out.read_bytes() == content


@pytest.mark.parametrize("name, content, message", NOT_RESULTS, ids=[case[0] for case in NOT_RESULTS])
def test_stats_refuses_the_same_files(run_cli, tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    result = run_cli("stats", str(path))
    assert (result.status, result.out) == (2, "")
    assert result.err.startswith(f"error: {path} {message}") and result.err.count("\n") == 1, result.err


@pytest.mark.parametrize("content", [b'{"a": 1}', HEADER.encode() + format_row(ROW, "csv").encode()])
def test_a_new_batch_never_writes_into_an_existing_file(run_cli, tmp_path, content):
    out = tmp_path / ("r.jsonl" if content.startswith(b"{") else "r.csv")
    out.write_bytes(content)
    result = run_cli(*BATCH, "--out", str(out))
    assert result.status == 2
    assert result.err == f"error: {out} already exists: add --resume to continue it, or choose another --out file\n"
    assert out.read_bytes() == content


def run_batch(out, resume=True):
    """A batch of two deals with a stand-in solver; returns the deals it solved and the warnings."""
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=2)
    solved, warnings = [], []

    def solve_tasks(todo):
        solved.extend(task.code for task in todo)
        return [Row(task.code, task.draw, task.rules, "unwinnable", None, 7, 0.25) for task in todo]

    rows = batch.run_batch(tasks, solve_tasks, str(out), resume, quiet=True, warn=warnings.append)
    return rows, solved, warnings


def test_a_jsonl_row_without_its_newline_is_kept_and_completed(tmp_path):
    out = tmp_path / "r.jsonl"
    whole = format_row(ROW, "jsonl")
    out.write_text(whole.rstrip("\n"))
    rows, solved, warnings = run_batch(out)
    assert solved == ["CF1-D3-AAAAAAB"] and warnings == []
    assert out.read_text().startswith(whole)
    assert [row.code for row in results.read_results(str(out), BATCH_ROWS).rows] == ["CF1-D3-AAAAAAA", "CF1-D3-AAAAAAB"]


@pytest.mark.parametrize("name, torn", [("r.jsonl", '{"code": "CF1-D3-AAAAAAA", "dr'), ("r.jsonl", '{"co'),
                                        ("r.csv", "code,draw,ru"), ("r.csv", HEADER.strip())])
def test_a_torn_first_line_of_a_results_file_is_cut(tmp_path, name, torn):
    out = tmp_path / name
    out.write_text(torn)
    rows, solved, warnings = run_batch(out)
    assert solved == ["CF1-D3-AAAAAAA", "CF1-D3-AAAAAAB"] and len(warnings) == 1
    assert "removed an incomplete last line" in warnings[0]
    read = results.read_results(str(out), BATCH_ROWS)
    assert len(read.rows) == 2 and not read.malformed and not read.torn


def test_a_results_file_with_a_malformed_line_is_refused_untouched(tmp_path):
    out = tmp_path / "r.csv"
    content = HEADER + format_row(ROW, "csv") + "scribbled over\n" + "CF1-D3-AAA"
    out.write_text(content)
    with pytest.raises(InputError, match="has 1 malformed line"):
        run_batch(out)
    assert out.read_text() == content


@pytest.mark.parametrize("name, content", [("r.jsonl", ""), ("r.csv", ""), ("r.csv", HEADER)])
def test_stats_of_a_results_file_without_rows(run_cli, tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    result = run_cli("stats", str(path))
    assert (result.status, result.out, result.err) == (0, f"no results: {path} holds no rows yet\n", "")
    as_json = run_cli("stats", "--json", str(path))
    assert (as_json.status, json.loads(as_json.out)) == (0, [])
