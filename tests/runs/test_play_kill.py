"""A run of 'play' killed with SIGKILL at random moments and resumed loses no game and writes no
duplicate or torn row: the same run loop, worker pool and results file as 'batch', with play rows.

The games are a fast deterministic stand-in for the honest player (``tests.support.fakes``), so
the test exercises the file and the process handling, not the player (tests/cli/test_play_command.py
runs the real one).
"""

from __future__ import annotations

import sys

import pytest

from canfield_solver.core.presets import RuleOptions
from canfield_solver.runs import results
from canfield_solver.runs.batch import run_batch
from canfield_solver.runs.play_results import PLAY
from canfield_solver.runs.tasks import deal_key, select_tasks
from canfield_solver.solving.workers import run_each
from tests.support.docs import PROJECT
from tests.support.fakes import fake_game, fake_play_worker
from tests.support.kills import DEALS, START, kill_three_times_then_finish, runner

SCRIPT = f"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {str(PROJECT)!r})
from tests.support.fakes import fake_play_worker
from canfield_solver.core.presets import RuleOptions
from canfield_solver.runs.batch import run_batch
from canfield_solver.runs.play_results import PLAY
from canfield_solver.runs.tasks import deal_key, select_tasks
from canfield_solver.solving.workers import run_each
tasks = select_tasks(RuleOptions(), start={START!r}, count={DEALS})
run_batch(tasks, lambda todo: run_each(todo, 2, fake_play_worker), sys.argv[1], resume=True, quiet=True, kind=PLAY)
"""

start_run = runner(SCRIPT)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["games.csv", "games.jsonl"])
def test_play_killed_at_random_moments_then_resumed_equals_an_uninterrupted_run(tmp_path, name):
    read = kill_three_times_then_finish(tmp_path / name, start_run, PLAY)
    tasks = select_tasks(RuleOptions(), start=START, count=DEALS)
    assert {deal_key(row): row for row in read.rows} == {task.key: fake_game(task) for task in tasks}


def test_a_torn_play_row_is_cut_on_resume_and_played_again(tmp_path):
    tasks = select_tasks(RuleOptions(), start=START, count=3)
    out = tmp_path / "games.csv"
    whole = results.format_row(fake_game(tasks[0]), "csv")
    torn = results.format_row(fake_game(tasks[1]), "csv")[:25]
    out.write_text(PLAY.csv_header + whole + torn)
    warnings = []
    rows = run_batch(tasks, lambda todo: run_each(todo, 1, fake_play_worker), str(out), resume=True,
                           quiet=True, warn=warnings.append, kind=PLAY)
    assert len(warnings) == 1 and "removed an incomplete last line" in warnings[0]
    assert sorted(deal_key(row) for row in rows) == sorted(task.key for task in tasks)
    assert out.read_text() == PLAY.csv_header + whole + "".join(
        results.format_row(fake_game(task), "csv") for task in tasks[1:])
