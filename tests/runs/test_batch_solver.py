"""`batch` end to end with the real solver: the rows equal single solves, at any job count, through kill -9 and on Dask."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.codes import format_code
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.runs import jobs, results
from canfield_solver.runs.jobs import solve_locally
from canfield_solver.runs.results import BATCH
from canfield_solver.runs.tasks import select_tasks
from canfield_solver.solving.solver import solve

MAX_NODES = 50_000  # a node limit, not a time limit, so verdicts do not depend on the machine's load


def single_solves(codes, max_nodes=MAX_NODES, **rules):
    """What `solve` says of each code on its own: verdict, solution length, nodes."""
    found = {}
    for code in codes:
        result = solve(setup_game(code, RuleOptions(**rules)), max_nodes=max_nodes, memory=64 << 20)
        found[code] = (result.verdict, len(result.moves) if result.verdict == "winnable" else None, result.nodes)
    return found


def file_rows(path):
    read = results.read_results(str(path), BATCH)
    assert not read.malformed and not read.torn
    return read.rows


def test_batch_rows_equal_single_solves_on_two_workers(run_cli, tmp_path):
    out = tmp_path / "r.csv"
    result = run_cli("batch", "--start", "CF1-D3-AAAAAAB", "--count", "7", "--max-nodes", str(MAX_NODES),
                     "--jobs", "2", "--out", str(out), "--quiet")
    assert result.status == 0, result.err
    rows = file_rows(out)
    expected = single_solves(format_code(number, 3) for number in range(1, 8))
    assert {row.code: (row.verdict, row.moves, row.nodes) for row in rows} == expected
    assert {"winnable", "unwinnable"} <= {verdict for verdict, _, _ in expected.values()}
    assert {(row.draw, row.rules) for row in rows} == {(3, "worry-back moves-any passes-unlimited")}
    won = sum(verdict == "winnable" for verdict, _, _ in expected.values())
    lost = sum(verdict == "unwinnable" for verdict, _, _ in expected.values())
    assert result.out.startswith(f"draw 3, worry-back moves-any passes-unlimited: 7 deals\n"
                                 f"  won {won}, lost {lost}, unknown {7 - won - lost}\n")


def test_rule_options_reach_the_solver(run_cli, tmp_path):
    out = tmp_path / "r.jsonl"
    result = run_cli("batch", "--start", "CF1-D3-AAAAAAB", "--count", "3", "--draw", "1", "--no-worry-back",
                     "--max-nodes", str(MAX_NODES), "--jobs", "1", "--out", str(out), "--quiet")
    assert result.status == 0, result.err
    rows = file_rows(out)
    assert {(row.code, row.draw, row.rules) for row in rows} == {
        (format_code(number, 1), 1, "no-worry-back moves-any passes-unlimited") for number in range(1, 4)}
    expected = single_solves([format_code(number, 1) for number in range(1, 4)], worry_back=False)
    assert {row.code: (row.verdict, row.moves, row.nodes) for row in rows} == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="kill -9")
def test_kill_9_of_the_command_then_resume_on_one_job_equals_the_uninterrupted_run(run_cli, tmp_path):
    out = tmp_path / "r.csv"
    args = ["batch", "--start", "CF1-D3-AAAAAAB", "--count", "30", "--max-nodes", "20000", "--out", str(out),
            "--resume", "--quiet"]
    process = subprocess.Popen([sys.executable, "-c", "from canfield_solver.cli.main import main; main()", *args,
                                "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 300  # with a cold cache both workers compile the kernels first: a minute or more here
        while (not out.exists() or out.read_bytes().count(b"\n") < 6) and time.monotonic() < deadline:
            time.sleep(0.002)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
    killed_with = len(file_rows(out))
    assert 5 <= killed_with < 30, "the batch was not stopped mid-run"
    result = run_cli(*args, "--jobs", "1")
    assert result.status == 0, result.err
    rows = file_rows(out)
    assert len(rows) == len({row.code for row in rows}) == 30
    expected = single_solves((format_code(number, 3) for number in range(1, 31)), max_nodes=20_000)
    assert {row.code: row.verdict for row in rows} == {code: found[0] for code, found in expected.items()}


def test_local_dask_cluster_gives_the_local_results(tmp_path):
    pytest.importorskip("distributed")
    import dask

    from canfield_solver.runs.on_dask import solve_on_dask

    options = RuleOptions(draw=1)
    limits = Limits(max_nodes=MAX_NODES, memory=64 << 20)
    tasks = select_tasks(options, start="CF1-D3-AAAAAAB", count=8)
    with dask.config.set({"temporary-directory": str(tmp_path)}):  # its scratch space, not the system's
        on_dask = {row.key: row._replace(seconds=0) for row in solve_on_dask(tasks, options, limits, "local", 2)}
    assert (tmp_path / "dask-scratch-space").is_dir()
    here = {row.key: row._replace(seconds=0) for row in solve_locally(tasks, options, limits, 1)}
    assert on_dask == here and len(here) == 8


def test_threads_run_each_deals_search_on_that_many_threads(run_cli, tmp_path, monkeypatch):
    """`batch --threads 2`: every search of every deal runs on two threads, split early here so
    that both search; the verdicts are the single solves'."""
    from canfield_solver.engine import driver, parallel

    monkeypatch.setattr(jobs, "warm_up", lambda solve, options: None)  # its search would be on one thread
    monkeypatch.setattr(parallel, "SOLO_STATES", 300)
    monkeypatch.setattr(driver, "CHUNK", 500)
    made = []
    make = parallel.SharedSearch.__init__

    def recorded(self, first, threads, memory, dominance):
        made.append(threads)
        make(self, first, threads, memory, dominance)

    monkeypatch.setattr(parallel.SharedSearch, "__init__", recorded)
    out = tmp_path / "r.jsonl"
    result = run_cli("batch", "--start", "CF1-D3-AAAAAAB", "--count", "4", "--rules", "solvitaire",
                     "--jobs", "1", "--threads", "2", "--out", str(out), "--quiet")
    assert result.status == 0, result.err
    assert len(made) >= 4 and set(made) == {2}
    expected = single_solves((format_code(number, 3) for number in range(1, 5)), max_nodes=None, preset="solvitaire")
    assert {row.code: row.verdict for row in file_rows(out)} == {code: verdict for code, (verdict, _, _) in expected.items()}
    assert {"winnable", "unwinnable"} <= {verdict for verdict, _, _ in expected.values()}


WARM_UP = """
from canfield_solver.core.presets import RuleOptions
from canfield_solver.engine.search import run
from canfield_solver.runs.jobs import default_solve, warm_up

warm_up(default_solve(), RuleOptions(preset="solvitaire"))
print(len(run.stats.cache_misses), len(run.stats.cache_hits))
"""


def test_workers_starting_at_once_on_an_empty_cache_compile_the_kernels_once(tmp_path):
    """Two workers' warm-ups at once, as a first ``batch --jobs 2``'s: one compiles the search (a
    cache miss) while the other waits for it and loads it (a hit), rather than both compiling.
    Under Solvitaire's rules the easier game's kernels call ``run`` too (``run_tested`` and the
    tests' own searches), with the argument types of a search from Python: so ``run`` is compiled
    once, not a copy for each caller."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    workers = [subprocess.Popen([sys.executable, "-c", WARM_UP], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env) for _ in range(2)]
    ends = [worker.communicate(timeout=600) for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], ends
    assert sorted([int(n) for n in out.split()] for out, _ in ends) == [[0, 1], [1, 0]], ends
