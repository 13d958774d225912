"""Batch mechanics with a deterministic fake solver: deal selection, workers, the results file, resume."""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest

from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.codes import position_from_number
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.runs import results
from canfield_solver.runs.batch import run_batch
from canfield_solver.runs.jobs import solve_locally, worker_memory
from canfield_solver.runs.results import BATCH, Row
from canfield_solver.runs.tasks import Task, range_sources, select_tasks
from tests.support.fakes import fake_rows, fake_solve, without_seconds


def run_fake_batch(tasks, out, resume=False, jobs=1, options=RuleOptions(), warnings=None):
    solved = []

    def solve_tasks(todo):
        solved.extend(todo)
        return solve_locally(todo, options, Limits(), jobs, fake_solve)

    rows = run_batch(tasks, solve_tasks, out, resume, quiet=True,
                           warn=(warnings.append if warnings is not None else print))
    return rows, solved


def read_rows(path):
    read = results.read_results(str(path), BATCH)
    assert not read.malformed and not read.torn
    return read.rows


# --- which deals -----------------------------------------------------------------------------


def test_range_sources_count_up_in_base_26_in_the_draw_mode_in_force():
    assert range_sources("CF1-D3-AAAAAAY", 3, RuleOptions()) == [
        "CF1-D3-AAAAAAY", "CF1-D3-AAAAAAZ", "CF1-D3-AAAAABA"]
    assert range_sources("cf1-d3-aaaaaay", 2, RuleOptions(draw=1)) == ["CF1-D1-AAAAAAY", "CF1-D1-AAAAAAZ"]
    assert range_sources("CF1-D1-AAAAAAY", 1, RuleOptions()) == ["CF1-D1-AAAAAAY"]


def test_range_past_the_last_deal_is_refused():
    with pytest.raises(InputError, match="runs past the last deal number"):
        range_sources("CF1-D3-ZZZZZZY", 3, RuleOptions())


def test_random_deals_are_reproducible_with_a_seed_and_take_the_draw_option():
    first = select_tasks(RuleOptions(draw=1), random_count=20, seed=5)
    again = select_tasks(RuleOptions(draw=1), random_count=20, seed=5)
    other = select_tasks(RuleOptions(draw=1), random_count=20, seed=6)
    assert first == again != other
    assert all(task.code.startswith("CF1-D1-") and task.draw == 1 for task in first)


def test_deal_list_skips_comments_and_blank_lines_and_finds_deal_files_beside_it(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "deal.json").write_text(json.dumps(position_to_dict(position_from_number(99), 1)))
    (folder / "deals.txt").write_text(
        "# three deals\nCF1-D3-AAAAAAB\n\n  cf1-d1-aaaaacl   # draw 1\ndeal.json\nCF1-D3-AAAAAAB\n")
    tasks = select_tasks(RuleOptions(), deal_list=str(folder / "deals.txt"))
    label = "worry-back moves-any passes-unlimited"
    assert tasks == [
        Task("CF1-D3-AAAAAAB", "CF1-D3-AAAAAAB", 3, label),
        Task("cf1-d1-aaaaacl", "CF1-D1-AAAAACL", 1, label),
        Task(str(folder / "deal.json"), str(folder / "deal.json"), 1, label),
    ]


def test_deal_list_with_an_unknown_code_names_its_line(tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text("CF1-D3-AAAAAAB\n# fine\nCF1-D3-AAAAA\n")
    with pytest.raises(InputError, match=r"deals.txt line 3: bad game code 'CF1-D3-AAAAA'"):
        select_tasks(RuleOptions(), deal_list=str(deals))


@pytest.mark.parametrize("choice, message", [
    ({}, "choose the deals with one of --start CODE --count N, --random N or --file FILE"),
    ({"start": "CF1-D3-AAAAAAA", "count": 2, "random_count": 3}, "(not --start and --random together)"),
    ({"start": "CF1-D3-AAAAAAA"}, "--start and --count go together"),
    ({"deal_list": "x.txt", "seed": 3}, "--seed only applies to --random"),
])
def test_deal_choice_must_be_exactly_one(choice, message):
    with pytest.raises(InputError) as error:
        select_tasks(RuleOptions(), **choice)
    assert message in str(error.value)


# --- the results file ------------------------------------------------------------------------


ROWS = [
    Row("CF1-D3-AAAAAAB", 3, "worry-back moves-any passes-unlimited", "winnable", 97, 12345, 0.25),
    Row("deals/a, b.json", 1, "no-worry-back moves-whole passes-2", "unwinnable", None, 7, 1.5),
    Row("CF1-D1-AAAAACL", 1, "worry-back moves-any passes-unlimited", "unknown", None, 10**9, 60.0),
]


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_rows_survive_the_round_trip_through_a_line(fmt):
    for row in ROWS:
        line = results.format_row(row, fmt)
        assert line.endswith("\n") and line.count("\n") == 1
        assert results.parse_row(line[:-1], fmt, BATCH) == row


@pytest.mark.parametrize("line, reason", [
    ("CF1-D3-AAAAAAB,3,rules,won,97,1,0.2", "verdict 'won' is not one of"),
    ("CF1-D3-AAAAAAB,3,rules,winnable,97,-1,0.2", "nodes '-1' is not a whole number of 0 or more"),
    ("CF1-D3-AAAAAAB,2,rules,unknown,,1,0.2", "draw 2 is not 1 or 3"),
    ("CF1-D3-AAAAAAB,3,rules,unwinnable,40,1,0.2", "moves must be given for a winnable deal and only for it"),
    ("CF1-D3-AAAAAAB,3,rules,winnable,,1,0.2", "moves must be given for a winnable deal and only for it"),
    ("CF1-D3-AAAAAAB,3,rules,winnable,97", "expected 7 columns, found 5"),
    ("CF1-D3-AAAAAAB,3,rules,winnable,97,1,nan", "seconds 'nan' is not a number of 0 or more"),
])
def test_malformed_csv_rows_say_what_is_wrong(line, reason):
    with pytest.raises(ValueError) as error:
        results.parse_row(line, "csv", BATCH)
    assert str(error.value).startswith(reason)


def test_malformed_jsonl_rows_say_what_is_wrong():
    with pytest.raises(ValueError, match="not JSON"):
        results.parse_row('{"code": "CF1-D3-AAAAAAB", "dr', "jsonl", BATCH)
    with pytest.raises(ValueError, match="expected an object with the keys code, draw"):
        results.parse_row('{"code": "CF1-D3-AAAAAAB"}', "jsonl", BATCH)
    with pytest.raises(ValueError, match="draw True is not a whole number of 0 or more"):
        results.parse_row(json.dumps(dict(ROWS[0]._asdict(), draw=True)), "jsonl", BATCH)


@pytest.mark.parametrize("name", ["results.csv", "results.jsonl"])
def test_each_row_is_one_write_call_then_fsync(tmp_path, monkeypatch, name):
    calls = []
    real_write, real_fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: calls.append(("write", bytes(data))) or real_write(fd, data))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(("fsync",)) or real_fsync(fd))
    path = tmp_path / name
    with results.ResultsWriter(str(path), BATCH) as writer:
        for row in ROWS:
            writer.write(row)
    header = [("write", b"code,draw,rules,verdict,moves,nodes,seconds\n"), ("fsync",)] if name.endswith("csv") else []
    rows = [call for row in ROWS for call in (("write", results.format_row(row, path.suffix[1:]).encode()), ("fsync",))]
    assert calls == header + rows
    assert read_rows(path) == ROWS


def test_results_file_needs_a_known_extension():
    with pytest.raises(InputError, match=r"results file out.txt: name it .csv or .jsonl"):
        results.results_format("out.txt")


def test_a_csv_without_the_header_is_not_a_results_file(tmp_path):
    path = tmp_path / "other.csv"
    path.write_text("a,b,c\n1,2,3\n")
    with pytest.raises(InputError, match="other.csv is not a results file: its first line must be code,draw,rules"):
        results.read_results(str(path), BATCH)


# --- running a batch -------------------------------------------------------------------------


def test_verdicts_do_not_depend_on_the_job_count(tmp_path):
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=40)
    one = fake_rows(tasks, jobs=1)
    two = fake_rows(tasks, jobs=2)
    assert set(one) == {task.key for task in tasks}
    assert without_seconds(one) == without_seconds(two)
    assert {row.verdict for row in one.values()} == {"winnable", "unwinnable", "unknown"}


def test_rule_options_and_limits_reach_the_solver():
    tasks = select_tasks(RuleOptions(draw=1, worry_back=False), start="CF1-D3-AAAAAAA", count=12)
    assert {(task.draw, task.rules) for task in tasks} == {(1, "no-worry-back moves-any passes-unlimited")}
    free = fake_rows(tasks, RuleOptions(draw=1, worry_back=False))
    capped = fake_rows(tasks, RuleOptions(draw=1, worry_back=False), Limits(max_nodes=2000))
    assert all(row.code.startswith("CF1-D1-") and row.draw == 1 for row in free.values())
    for key, row in free.items():
        expected = "unknown" if row.nodes > 2000 else row.verdict
        assert capped[key].verdict == expected
    assert any(row.nodes > 2000 and row.verdict != "unknown" for row in free.values())


def test_workers_share_half_the_ram_at_most(monkeypatch):
    from canfield_solver.core.limits import DEFAULT_MEMORY

    pages = {"SC_PHYS_PAGES": 2 * 1024 * 1024, "SC_PAGE_SIZE": 4096}  # 8 GiB
    monkeypatch.setattr(os, "sysconf", lambda name: pages[name])
    assert worker_memory(2) == min(DEFAULT_MEMORY, 2 << 30)
    assert worker_memory(16) == 256 << 20


def dying_solve(setup, **limits):
    """The fake solver, except that the worker solving CF1-D3-AAAAAAE dies (as the OOM killer would do it)."""
    if setup.game.name == "CF1-D3-AAAAAAE":
        os.kill(os.getpid(), signal.SIGKILL)
    return fake_solve(setup, **limits)


def test_a_dead_worker_stops_the_batch_with_a_clear_message():
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=8)
    with pytest.raises(InputError, match=r"^a worker process died \(out of memory, or killed\): every finished "):
        list(solve_locally(tasks, RuleOptions(), Limits(), 2, dying_solve))


@pytest.mark.parametrize("name", ["results.csv", "results.jsonl"])
def test_resume_solves_only_the_missing_deals(tmp_path, name):
    out = str(tmp_path / name)
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=10)
    first, _ = run_fake_batch(tasks[:4], out)
    rows, solved = run_fake_batch(tasks, out, resume=True, jobs=2)
    assert solved == tasks[4:]
    assert {row.key for row in rows} == {task.key for task in tasks} and len(rows) == 10
    in_file = read_rows(out)
    assert len(in_file) == 10 and {row.key: row for row in in_file} == {row.key: row for row in rows}
    _, solved_again = run_fake_batch(tasks, out, resume=True)
    assert solved_again == [] and len(read_rows(out)) == 10


def test_resume_under_other_rules_solves_the_deals_again(tmp_path):
    out = str(tmp_path / "r.csv")
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=3)
    other = select_tasks(RuleOptions(worry_back=False), start="CF1-D3-AAAAAAA", count=3)
    run_fake_batch(tasks, out)
    _, solved = run_fake_batch(other, out, resume=True, options=RuleOptions(worry_back=False))
    assert solved == other and len(read_rows(out)) == 6


def test_a_new_batch_refuses_to_add_to_an_existing_results_file(tmp_path):
    out = str(tmp_path / "r.jsonl")
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=2)
    run_fake_batch(tasks, out)
    with pytest.raises(InputError, match="r.jsonl already exists: add --resume to continue it"):
        run_fake_batch(tasks, out)


@pytest.mark.parametrize("name", ["results.csv", "results.jsonl"])
def test_resume_cuts_off_a_torn_last_line_and_says_so(tmp_path, name):
    out = tmp_path / name
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=6)
    run_fake_batch(tasks[:3], str(out))
    whole = out.read_bytes()
    torn = results.format_row(fake_rows(tasks[3:4])[tasks[3].key], out.suffix[1:])[:25]
    out.write_bytes(whole + torn.encode())
    warnings = []
    rows, solved = run_fake_batch(tasks, str(out), resume=True, warnings=warnings)
    assert solved == tasks[3:]
    assert len(warnings) == 1 and "removed an incomplete last line left by an interrupted run" in warnings[0]
    assert repr(torn) in warnings[0]
    assert out.read_bytes().startswith(whole)
    assert sorted(row.key for row in read_rows(out)) == sorted(task.key for task in tasks)


def test_resume_stops_at_a_malformed_line_naming_it(tmp_path):
    out = tmp_path / "results.csv"
    tasks = select_tasks(RuleOptions(), start="CF1-D3-AAAAAAA", count=4)
    run_fake_batch(tasks[:3], str(out))
    lines = out.read_text().splitlines(keepends=True)
    lines.insert(2, "CF1-D3-AAAAAAB,3,worry-back moves-any passes-unlimited,maybe,,1,0.1\n")
    out.write_text("".join(lines))
    with pytest.raises(InputError) as error:
        run_fake_batch(tasks, str(out), resume=True)
    assert str(error.value) == (
        f"{out} has 1 malformed line(s): line 3: verdict 'maybe' is not one of winnable, unwinnable, unknown: "
        "'CF1-D3-AAAAAAB,3,worry-back moves-any passes-unlimited,maybe,,1,0.1'; fix or delete them, then resume")


# --- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--start", "CF1-D3-AAAAAAA", "--count", "0"],
     "error: Invalid value for '--count': '0' is not a whole number from 1 to 1000000"),
    (["--random", "5", "--out", "r.txt"], "error: results file r.txt: name it .csv or .jsonl to choose the format"),
    (["--random", "5", "--resume"], "error: --resume needs --out FILE, the results file to continue"),
    (["--file", "no-such-list.txt"], "error: cannot read the deal list no-such-list.txt: No such file or directory"),
    (["--start", "CF1-D4-AAAAAAA", "--count", "3"], "error: bad game code 'CF1-D4-AAAAAAA'"),
])
def test_batch_bad_input_is_one_line_and_status_2(run_cli, args, message):
    result = run_cli("batch", *args)
    assert result.status == 2
    assert result.err.startswith(message) and result.err.count("\n") == 1


def test_scheduler_without_dask_says_to_install_the_extra(run_cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run_cli("batch", "--random", "2", "--scheduler", "local")
    assert result.status == 2
    assert result.err == ("error: --scheduler needs Dask distributed, which is not installed: "
                          "pip install 'canfield-solver[distributed]'\n")


def test_a_scheduler_address_needs_a_port(run_cli):
    pytest.importorskip("distributed")
    result = run_cli("batch", "--random", "2", "--scheduler", "myhost")
    assert result.status == 2
    assert result.err == ("error: bad --scheduler 'myhost' (missing port number in address 'myhost'): "
                          "give tcp://HOST:PORT, or local\n")


def test_stats_of_an_unreadable_results_file(run_cli, tmp_path):
    result = run_cli("stats", str(tmp_path / "missing.csv"))
    assert result.status == 2
    assert result.err == f"error: cannot read the results file {tmp_path / 'missing.csv'}: No such file or directory\n"
