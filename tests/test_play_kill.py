"""A run of 'play' killed with SIGKILL at random moments and resumed loses no game and writes no
duplicate or torn row: the same run loop, worker pool and results file as 'batch', with play rows.

The games are a fast deterministic stand-in for the honest player (``fake_play_worker``), so the
test exercises the file and the process handling, not the player (tests/test_play_cli.py runs
the real one).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from canfield_solver import batch, results
from canfield_solver.play_results import PLAY, PlayRow
from canfield_solver.pool import run_each
from canfield_solver.presets import RuleOptions
from test_batch_kill import DEALS, START, kill_three_times_then_finish

TESTS = Path(__file__).parent
FAKE_DELAY = "CANFIELD_TEST_FAKE_DELAY"

SCRIPT = f"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {str(TESTS)!r})
from test_play_kill import fake_play_worker
from canfield_solver import batch
from canfield_solver.play_results import PLAY
from canfield_solver.pool import run_each
from canfield_solver.presets import RuleOptions
tasks = batch.select_tasks(RuleOptions(), start={START!r}, count={DEALS})
batch.run_batch(tasks, lambda todo: run_each(todo, 2, fake_play_worker), sys.argv[1], resume=True, quiet=True,
                kind=PLAY)
"""


def fake_game(task) -> PlayRow:
    """A made-up game of ``task``, the same every time: a hash of its code decides it."""
    mix = zlib.crc32(task.code.encode())
    time.sleep(float(os.environ.get(FAKE_DELAY, "0")))
    won = mix % 5 == 0
    cards = 52 if won else 1 + mix % 40
    return PlayRow(task.code, task.draw, task.rules, int(won), "won" if won else ("stuck", "cycle")[mix % 2],
                   cards, cards + (0 if won else mix % 3), 30 + mix % 200, 10, 7 + mix % 900, mix % 7, 0.5,
                   ("winnable", "unwinnable", "unknown")[mix % 3 if not won else 0])


def fake_play_worker():
    return fake_game


def start_run(out: Path, delay: float) -> subprocess.Popen:
    env = dict(os.environ, **{FAKE_DELAY: str(delay)})
    return subprocess.Popen([sys.executable, "-c", SCRIPT, str(out)], env=env, stderr=subprocess.PIPE,
                            start_new_session=True)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["games.csv", "games.jsonl"])
def test_play_killed_at_random_moments_then_resumed_equals_an_uninterrupted_run(tmp_path, name):
    read = kill_three_times_then_finish(tmp_path / name, start_run, PLAY)
    tasks = batch.select_tasks(RuleOptions(), start=START, count=DEALS)
    assert {row.key: row for row in read.rows} == {task.key: fake_game(task) for task in tasks}


def test_a_torn_play_row_is_cut_on_resume_and_played_again(tmp_path):
    tasks = batch.select_tasks(RuleOptions(), start=START, count=3)
    out = tmp_path / "games.csv"
    whole = results.format_row(fake_game(tasks[0]), "csv")
    torn = results.format_row(fake_game(tasks[1]), "csv")[:25]
    out.write_text(PLAY.csv_header + whole + torn)
    warnings = []
    rows = batch.run_batch(tasks, lambda todo: run_each(todo, 1, fake_play_worker), str(out), resume=True,
                           quiet=True, warn=warnings.append, kind=PLAY)
    assert len(warnings) == 1 and "removed an incomplete last line" in warnings[0]
    assert sorted(row.key for row in rows) == sorted(task.key for task in tasks)
    assert out.read_text() == PLAY.csv_header + whole + "".join(
        results.format_row(fake_game(task), "csv") for task in tasks[1:])
