"""A batch killed with SIGKILL at random moments and resumed loses no result and writes no duplicate or torn row."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from canfield_solver import batch, results
from canfield_solver.presets import RuleOptions
from canfield_solver.results import BATCH, ResultsKind, ResultsRead
from test_batch import FAKE_DELAY, fake_rows, without_seconds

DEALS = 60
START = "CF1-D3-AAAAAAA"
TESTS = Path(__file__).parent

# The batch as a user's process: the library's run_batch with the fake solver on 2 worker processes.
SCRIPT = f"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started from a shell that ignores Ctrl-C
sys.path.insert(0, {str(TESTS)!r})
from test_batch import fake_solve
from canfield_solver import batch, results
from canfield_solver.presets import RuleOptions
options = RuleOptions()
tasks = batch.select_tasks(options, start={START!r}, count={DEALS})
batch.run_batch(tasks, lambda todo: batch.solve_locally(todo, options, batch.Limits(), 2, fake_solve),
                sys.argv[1], resume=True, quiet=True)
"""


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(child) for child in handle.read().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def rows_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") - (path.suffix == ".csv") if path.exists() else 0


def start_batch(out: Path, delay: float) -> subprocess.Popen:
    env = dict(os.environ, **{FAKE_DELAY: str(delay)})
    return subprocess.Popen([sys.executable, "-c", SCRIPT, str(out)], env=env, stderr=subprocess.PIPE,
                            start_new_session=True)


def kill_three_times_then_finish(out: Path, start: Callable[[Path, float], subprocess.Popen], kind: ResultsKind,
                                 deals: int = DEALS) -> ResultsRead:
    """Start the run ``start(out, delay)`` and SIGKILL it at random moments three times (each time
    its workers must die with it and the file hold no malformed line), then let it finish with
    --resume; the file it leaves (checked whole, one row per deal)."""
    rng = random.Random(out.name)
    kills = 0
    for target in (5, 20, 38):
        process = start(out, 0.03)
        try:
            deadline = time.monotonic() + 30
            while rows_in(out) < target and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(rng.uniform(0, 0.03))  # land anywhere, also between a row's write and its fsync
            workers = children(process.pid)
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                kills += 1
            process.wait(timeout=10)
            deadline = time.monotonic() + 10
            while any(alive(worker) for worker in workers) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert workers and not any(alive(worker) for worker in workers), "workers outlived the killed batch"
        finally:
            try:  # whatever failed above, leave no process of this batch behind
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
        read = results.read_results(str(out), kind)
        assert not read.malformed
    assert kills == 3 and rows_in(out) < deals

    finish = start(out, 0)
    _, err = finish.communicate(timeout=60)
    assert finish.returncode == 0, err.decode()

    read = results.read_results(str(out), kind)
    assert not read.malformed and not read.torn
    keys = [row.key for row in read.rows]
    assert len(keys) == len(set(keys)) == deals
    return read


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["results.csv", "results.jsonl"])
def test_kill_9_at_random_moments_then_resume_equals_an_uninterrupted_run(tmp_path, name):
    read = kill_three_times_then_finish(tmp_path / name, start_batch, BATCH)
    tasks = batch.select_tasks(RuleOptions(), start=START, count=DEALS)
    assert without_seconds({row.key: row for row in read.rows}) == without_seconds(fake_rows(tasks))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_the_deals_in_progress_at_once(tmp_path):
    out = tmp_path / "results.csv"
    process = start_batch(out, delay=1.0)  # each deal takes a second
    try:
        deadline = time.monotonic() + 30
        while rows_in(out) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        began = time.monotonic()
        process.wait(timeout=10)
        assert time.monotonic() - began < 0.9, "the batch waited for the deals in progress"
        assert b"KeyboardInterrupt" in process.stderr.read()
        assert workers and not any(alive(worker) for worker in workers)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
    read = results.read_results(str(out), BATCH)
    assert not read.malformed and not read.torn and 2 <= len(read.rows) < DEALS
