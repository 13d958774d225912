"""A batch killed with SIGKILL at random moments and resumed loses no result and writes no duplicate
or torn row; Ctrl-C ends the deals in progress at once instead of waiting for them."""

from __future__ import annotations

import signal
import sys

import pytest

from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.codes import parse_code
from canfield_solver.runs import results
from canfield_solver.runs.results import BATCH
from canfield_solver.runs.tasks import select_tasks
from tests.support.docs import PROJECT
from tests.support.fakes import FAKE_HANG_FROM, fake_rows, without_seconds
from tests.support.kills import BOUND, DEALS, START, alive, children, fake_env, kill_three_times_then_finish, rows_in, runner, stop, wait_until

# The batch as a user's process: the library's run_batch with the fake solver on 2 worker processes.
SCRIPT = f"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started from a shell that ignores Ctrl-C
sys.path.insert(0, {str(PROJECT)!r})
from tests.support.fakes import fake_solve
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.runs.batch import run_batch
from canfield_solver.runs.jobs import solve_locally
from canfield_solver.runs.tasks import select_tasks
options = RuleOptions()
tasks = select_tasks(options, start={START!r}, count={DEALS})
run_batch(tasks, lambda todo: solve_locally(todo, options, Limits(), 2, fake_solve), sys.argv[1], resume=True,
          quiet=True)
"""

start_batch = runner(SCRIPT)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["results.csv", "results.jsonl"])
def test_kill_9_at_random_moments_then_resume_equals_an_uninterrupted_run(tmp_path, name):
    read = kill_three_times_then_finish(tmp_path / name, start_batch, BATCH)
    tasks = select_tasks(RuleOptions(), start=START, count=DEALS)
    assert without_seconds({row.key: row for row in read.rows}) == without_seconds(fake_rows(tasks))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_the_deals_in_progress_at_once(tmp_path):
    # The first two deals are quick and every later one hangs for fakes.HANG seconds (600): a batch
    # that waited for the deals in progress would not end within BOUND (120) of the Ctrl-C.
    out = tmp_path / "results.csv"
    process = start_batch(out, fake_env(**{FAKE_HANG_FROM: parse_code(START)[1] + 2}))
    try:
        wait_until(lambda: rows_in(out) >= 2, "the quick deals' rows")
        wait_until(lambda: len(children(process.pid)) >= 2, "both workers")
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=BOUND)
        assert b"KeyboardInterrupt" in process.stderr.read()
        wait_until(lambda: not any(alive(worker) for worker in workers), "the workers to end")
    finally:
        stop(process)
    read = results.read_results(str(out), BATCH)
    assert not read.malformed and not read.torn and len(read.rows) == 2
