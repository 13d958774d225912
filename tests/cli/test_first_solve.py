"""A first ``solve`` on an empty kernel cache: the interpreted child answers an easy deal while the
kernels compile in the background; a deal past its time waits for the compile and is solved as
on a later run (``cli/first_solve.py``)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace

import pytest

from canfield_solver.cli import first_solve as first
from canfield_solver.core.cards import HIDDEN
from canfield_solver.core.errors import InputError, SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.first_run import compile_ahead
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.for_people import LONG, solve_for_people
from tests.support.child_work import niceness_after, pid_then_sleep
from tests.support.cli import console_script
from tests.support.compiling import wait_for_compile

CLI = [sys.executable, "-c", "from canfield_solver.cli.main import main; main()"]
IN_CACHE = "from canfield_solver.engine.first_run.compile_ahead import kernels_in_cache; print(kernels_in_cache())"
BEST_FIRST_IN_CACHE = ("from canfield_solver.engine.first_run.compile_ahead import in_cache\n"
                       "from canfield_solver.engine.paths import best_first\n"
                       "print(in_cache(best_first.start_best_first), in_cache(best_first.run_best_first))")


def python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_first_run_in_a_folder_with_another_copy_of_the_package_compiles_its_own(tmp_path):
    """README's quick start installs from the clone and runs there: the processes a first run starts
    must import the installed package, as the command does, not the copy in the working folder."""
    decoy = tmp_path / "clone" / "canfield_solver"
    decoy.mkdir(parents=True)
    (decoy / "__init__.py").write_text("open(__file__ + '.imported', 'w').close()\nraise ImportError('the decoy')\n")
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([console_script(), "solve", "CF1-D3-SOLVEME"], capture_output=True, text=True, env=env,
                          cwd=decoy.parent, timeout=600)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("# winnable: CF1-D3-SOLVEME")
    wait_for_compile(env)
    assert list(decoy.iterdir()) == [decoy / "__init__.py"]  # never imported
    assert python(IN_CACHE, env) == "True\n"  # the command's own kernels: the next run loads them


def test_a_first_solve_answers_at_once_and_leaves_the_kernels_compiled(tmp_path, run_cli):
    """The same move list as a compiled run, no compile note; the compile in the background then
    fills the cache, the shortening's best-first search too, and the next run loads the kernels."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    warm = run_cli("solve", "CF1-D3-SOLVEME").out.splitlines()
    cold = subprocess.run([*CLI, "solve", "CF1-D3-SOLVEME"], capture_output=True, text=True, env=env, timeout=600)
    assert (cold.returncode, cold.stderr) == (0, "")
    assert cold.stdout.splitlines()[1:] == warm[1:]
    assert cold.stdout.split(" states searched")[0] == warm[0].split(" states searched")[0]  # verdict, moves, states
    wait_for_compile(env)  # the compile the first run started
    assert python(IN_CACHE, env) == "True\n"
    assert python(BEST_FIRST_IN_CACHE, env) == "True True\n"  # a later solve may shorten its win
    again = subprocess.run([*CLI, "solve", "CF1-D3-SOLVEME"], capture_output=True, text=True, env=env, timeout=600)
    assert (again.returncode, again.stderr, again.stdout.splitlines()[1:]) == (0, "", warm[1:])


@pytest.fixture
def cold(monkeypatch) -> list[str]:
    """This process as if on a first run, with no compile started: what ``first_solve`` asked for."""
    asked: list[str] = []
    monkeypatch.setattr(first, "kernels_in_cache", lambda: False)
    monkeypatch.setattr(first, "compile_in_background", lambda rules: asked.append("compile"))
    monkeypatch.setattr(first, "wait_for_compile", lambda: asked.append("wait"))
    monkeypatch.setattr(first, "compile_ended", lambda: False)  # as if it went on all the while
    return asked


def test_the_child_s_answer_is_the_solve_s(cold):
    start = position_from_code("CF1-D3-AAAAAAC")
    answer = first.first_solve(start, Rules(), Limits())
    expected = solve_for_people(start, Rules(), Limits())
    assert answer is not None and cold == ["compile"]
    assert (answer.verdict, answer.nodes, answer.moves) == (expected.verdict, expected.nodes, expected.moves)


def test_a_child_past_its_time_leaves_the_solve_to_the_compiled_kernels(cold, monkeypatch):
    monkeypatch.setattr(first, "TRY_SECONDS", 0.05)  # not even time to start
    assert first.first_solve(position_from_code("CF1-D3-AAAAAAC"), Rules(), Limits()) is None
    assert cold == ["compile", "wait"]


def test_a_child_still_searching_when_the_compile_ends_is_stopped(cold, monkeypatch):
    """From then on the compiled search answers sooner: the solve neither waits for the child's
    time nor for the compile, and prints no compile note."""
    ends = time.monotonic() + 1.0
    monkeypatch.setattr(first, "compile_ended", lambda: time.monotonic() >= ends)
    monkeypatch.setattr(first, "TRY_SECONDS", 60.0)
    began = time.monotonic()
    assert first.first_try(time.sleep, (60.0,), Rules(), lambda answer: True) is None
    assert 1.0 <= time.monotonic() - began < 10.0 and cold == ["compile"]


@pytest.mark.parametrize("yield_after", [0.2, 60.0])
def test_a_child_still_searching_after_a_while_yields_the_cpu_to_the_compile(cold, monkeypatch, yield_after):
    """A hard deal waits for the compile: past ``YIELD_AFTER`` the child runs at the lowest priority."""
    if os.nice(0) == 19:
        pytest.skip("this process already runs at the lowest priority")
    monkeypatch.setattr(first, "YIELD_AFTER", yield_after)
    monkeypatch.setattr(first, "TRY_SECONDS", 300.0)  # yielding before its start-up, the child may start slowly on a busy machine
    assert first._interpreted(niceness_after, (2.0,)) == (19 if yield_after < 1 else os.nice(0))


def test_a_child_is_not_left_running_when_the_first_run_is_interrupted(cold, monkeypatch, tmp_path):
    pid_file = tmp_path / "pid"

    def interrupted() -> bool:
        if pid_file.exists():
            raise KeyboardInterrupt
        return False

    monkeypatch.setattr(first, "compile_ended", interrupted)
    with pytest.raises(KeyboardInterrupt):
        first._interpreted(pid_then_sleep, (str(pid_file), 60.0))
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)


def test_the_child_s_input_error_is_the_solve_s(cold):
    start = position_from_code("CF1-D3-AAAAAAC")
    hidden = replace(start, stock=(HIDDEN,) + start.stock[1:])
    with pytest.raises(InputError, match=r"^the position has hidden cards"):
        first.first_solve(hidden, Rules(), Limits())


@pytest.mark.parametrize("change", ["time", "long"])
def test_an_answer_the_compiled_search_could_better_is_not_taken(cold, monkeypatch, change):
    """A search the limits' clock stopped, or a win long enough to be shortened: the compiled
    kernels would go further in the same time, so the solve waits for them."""
    start = position_from_code("CF1-D3-AAAAAAC")
    answer = solve_for_people(start, Rules(), Limits())
    answer = (replace(answer, verdict=Verdict.UNKNOWN, moves=[], limit_hit=LimitHit.TIME) if change == "time"
              else replace(answer, moves=answer.moves * (LONG[3] // len(answer.moves) + 1)))
    monkeypatch.setattr(first, "_interpreted", lambda *args: answer)
    assert first.first_solve(start, Rules(), Limits()) is None and cold == ["compile", "wait"]


def test_a_limit_of_states_is_taken_as_the_compiled_search_would_meet_it(cold):
    answer = first.first_solve(position_from_code("CF1-D3-AAAAAAC"), Rules(), Limits(max_nodes=20))
    assert answer is not None and (answer.verdict, answer.limit_hit, answer.nodes) == (Verdict.UNKNOWN, LimitHit.NODES, 20)


@pytest.mark.parametrize("cut", ["short", "illegal"])
def test_a_list_from_the_child_that_does_not_win_is_a_bug(cold, monkeypatch, cut):
    start = position_from_code("CF1-D3-AAAAAAC")
    answer = solve_for_people(start, Rules(), Limits())
    moves = answer.moves[:-1] if cut == "short" else answer.moves[1:]
    monkeypatch.setattr(first, "_interpreted", lambda *args: replace(answer, moves=moves))
    with pytest.raises(SolverBug, match="does not win"):
        first.first_solve(start, Rules(), Limits())


def test_no_child_once_the_kernels_are_cached(monkeypatch):
    monkeypatch.setattr(first, "_interpreted", lambda *args: pytest.fail("a child on a warm cache"))
    assert first.first_solve(position_from_code("CF1-D3-AAAAAAC"), Rules(), Limits()) is None


def test_one_compile_at_a_time_and_waiting_for_it(tmp_path, monkeypatch):
    """While a compile holds the lock no other claims it, and ``wait_for_compile`` returns only
    once the lock is let go."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    held = os.open(tmp_path / compile_ahead.LOCK, os.O_RDWR | os.O_CREAT)
    fcntl.flock(held, fcntl.LOCK_EX)
    assert compile_ahead.claim_compile_lock() is None and not compile_ahead.compile_ended()
    waiter = threading.Thread(target=compile_ahead.wait_for_compile)
    waiter.start()
    waiter.join(0.5)
    assert waiter.is_alive()
    os.close(held)
    waiter.join(10)
    assert not waiter.is_alive() and compile_ahead.compile_ended()
    claimed = compile_ahead.claim_compile_lock()
    assert claimed is not None
    os.close(claimed)


def test_a_first_analysis_is_the_child_s_when_it_ends_in_time(cold):
    from canfield_solver.solving.analyse import analyse

    answer = first.first_analysis("CF1-D3-SOLVEME", RuleOptions(), Limits())
    expected = analyse("CF1-D3-SOLVEME", RuleOptions(), Limits())
    assert answer is not None and cold == ["compile"]
    assert ([(cell.rules, cell.result.verdict, cell.result.nodes, cell.result.moves) for cell in answer.cells]
            == [(cell.rules, cell.result.verdict, cell.result.nodes, cell.result.moves) for cell in expected.cells])


def test_a_first_analysis_of_a_bad_deal_starts_nothing(cold):
    with pytest.raises(InputError, match="bad game code 'CF1-D3-NOPE'"):
        first.first_analysis("CF1-D3-NOPE", RuleOptions(), Limits())
    assert cold == []


def test_a_first_analysis_with_a_cell_stopped_by_the_clock_waits_for_the_compile(cold, monkeypatch):
    from canfield_solver.solving.analyse import analyse

    answer = analyse("CF1-D3-SOLVEME", RuleOptions(), Limits())
    answer.cells[2].result = replace(answer.cells[2].result, verdict=Verdict.UNKNOWN, moves=[], limit_hit=LimitHit.TIME)
    monkeypatch.setattr(first, "_interpreted", lambda *args: answer)
    assert first.first_analysis("CF1-D3-SOLVEME", RuleOptions(), Limits()) is None and cold == ["compile", "wait"]
