"""Runs over many deals killed with SIGKILL at random moments, then resumed: the machinery the kill
tests of ``batch`` and ``play`` share (Linux: it reads /proc).

The run under test is a separate Python process (``start(out, env)``) using the fakes of
``tests.support.fakes``. Every wait here waits for an event (rows in the results file, a process
ending) with a generous bound, never for a fixed time: a loaded machine makes the run slower, not
the test wrong. While the test aims a kill, the deals past the target hang (``FAKE_HANG_FROM``), so
the run cannot finish on its own before the kill lands, however slowly this process is scheduled.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from canfield_solver.formats.codes import parse_code
from canfield_solver.runs import results
from canfield_solver.runs.results import ResultsKind, ResultsRead
from tests.support.fakes import FAKE_DELAY, FAKE_HANG_FROM

DEALS = 60
START = "CF1-D3-AAAAAAA"
BOUND = 120.0  # seconds: the most any wait here takes; a run that needs longer is broken, not slow
STEP = 0.002  # seconds between two looks at the file, so that a kill lands anywhere in a row's writing

Start = Callable[[Path, dict], subprocess.Popen]


def runner(script: str) -> Start:
    """How to start the run under test: ``script`` in a Python process of its own session, the
    results file as its argument, stderr kept."""

    def start(out: Path, env: dict) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", script, str(out)], env=env, stderr=subprocess.PIPE,
                                start_new_session=True)

    return start


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (its workers)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(child) for child in handle.read().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie, dead but not yet reaped, does not count)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


def rows_in(path: Path) -> int:
    """The complete lines of a results file, its CSV header left out."""
    return path.read_bytes().count(b"\n") - (path.suffix == ".csv") if path.exists() else 0


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Look at ``condition`` every ``STEP`` seconds until it holds; fail after ``BOUND`` seconds."""
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, f"waited {BOUND:.0f} s for {what}"
        time.sleep(STEP)


def stop(process: subprocess.Popen) -> None:
    """Leave no process of the run behind, whatever happened."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def fake_env(**values: object) -> dict:
    """The environment of a run, with the fakes' settings."""
    env = dict(os.environ)
    env.pop(FAKE_HANG_FROM, None)
    env.update({name: str(value) for name, value in values.items()})
    return env


def kill_once(out: Path, start: Start, target: int, pause: float) -> None:
    """Start the run, SIGKILL it ``pause`` seconds after its file holds ``target`` rows, and check
    that its workers die with it. Deals after ``target + 10`` hang: the kill lands while rows are
    being written, or after, but always before the run could end."""
    hang_from = parse_code(START)[1] + target + 10
    process = start(out, fake_env(**{FAKE_DELAY: 0.01, FAKE_HANG_FROM: hang_from}))
    try:
        wait_until(lambda: rows_in(out) >= target or process.poll() is not None, f"{target} rows")
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        time.sleep(pause)  # land anywhere, also between a row's write and its fsync
        workers = children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=BOUND)
        wait_until(lambda: not any(alive(worker) for worker in workers), "the workers to die with the run")
        assert workers, "the run had no workers"
    finally:
        stop(process)


def kill_three_times_then_finish(out: Path, start: Start, kind: ResultsKind, deals: int = DEALS) -> ResultsRead:
    """Start the run ``start(out, env)`` and SIGKILL it at random moments three times (each time
    its workers must die with it and the file hold no malformed line), then let it finish with
    --resume; the file it leaves (checked whole, one row per deal)."""
    rng = random.Random(out.name)
    for target in (5, 20, 38):
        kill_once(out, start, target, rng.uniform(0, 0.03))
        read = results.read_results(str(out), kind)
        assert not read.malformed
    assert rows_in(out) < deals

    finish = start(out, fake_env())
    _, err = finish.communicate(timeout=BOUND)
    assert finish.returncode == 0, err.decode()

    read = results.read_results(str(out), kind)
    assert not read.malformed and not read.torn
    keys = [row.key for row in read.rows]
    assert len(keys) == len(set(keys)) == deals
    return read
