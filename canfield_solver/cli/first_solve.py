"""A first ``solve`` or ``analyse`` on a machine answers an easy deal in seconds, while the kernels compile.

Compiling the kernels takes several seconds (docs/benchmarks.md), and most deals are decided in a
few hundred states. With numba's compiler off (``NUMBA_DISABLE_JIT``) Python runs the kernels' own
code: the same searches, in the same order, at a few thousand states a second. So when the
kernels are not in the cache, ``first_try`` starts their compile in the background (a process
that solves a deal within a few states, ``compile_in_background``) and meanwhile runs the
command's searches that way in a child process, for at most ``TRY_SECONDS`` in all, and only
while the compile runs: once it has ended the compiled search answers sooner. The child's answer
is the compiled searches' own (verdict, states, move list; ``tests/engine/test_interpreted.py``
compares them), and it is taken when the child ends in time, unless the clock of the limits
asked for stopped a search (the compiled search would have gone further in that time) or
``solve``'s win is long enough to shorten (the shortening's budget is for compiled searches; the
child is stopped first). Otherwise the command waits for the compile if it has not ended (the
compile note says so), and runs as on any later run. The compile goes on after an answer, so
that the next run finds the kernels cached; it holds the cache folder's lock until it ends
(``engine.first_run.compile_ahead.claim_compile_lock``), so a run meanwhile starts no other and
waits for that one.

Only under numpy 2: numpy 1 mixes ``uint64`` and Python integers into floats, which the kernels'
keys cannot take (docs/engine.md, "The kernels run by Python"); there a first run compiles first.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import numpy as np
from numba.core import event

from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.cache import INTERPRETED
from canfield_solver.engine.first_run.compile_ahead import (
    claim_compile_lock,
    compile_ended,
    end_compiling,
    kernels_in_cache,
    start_helper,
    wait_for_compile,
    wait_for_helper,
)
from canfield_solver.engine.first_run.same_package import module_command
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_argument import load_game, setup_game
from canfield_solver.solving.analyse import Analysis, analyse
from canfield_solver.solving.for_people import LONG, solve_for_people
from canfield_solver.solving.referee_replay import checked_win
from canfield_solver.solving.solver import SolveResult, solve

TRY_SECONDS = 8.0  # the child's whole run: about 0.7 s to start, then some 20,000 states beside the compile
LOOK_SECONDS = 0.05  # how often the parent looks whether the compile has ended
YIELD_AFTER = 4.0  # then the child runs only on CPU the compile leaves: most first solves it answers are done
Answer = TypeVar("Answer")


def first_solve(start: Position, rules: Rules, limits: Limits) -> SolveResult | None:
    """``solve_for_people``'s answer from the child on a first run, when taken; else None."""
    if not _first_run():
        return None

    def taken(answer: SolveResult) -> bool:
        return len(answer.moves) <= LONG[rules.draw] and _kept(answer)

    return first_try(solve_for_people, (start, rules, replace(limits, threads=1)), rules, taken)


def first_analysis(deal: str, options: RuleOptions, limits: Limits) -> Analysis | None:
    """``analyse``'s answer from the child on a first run, when taken; else None."""
    if not _first_run():
        return None
    rules = setup_game(load_game(deal), options).rules  # a deal or option that cannot be used: before any process

    def taken(answer: Analysis) -> bool:
        return all(_kept(cell.result) and (cell.best is None or cell.best.limit_hit != LimitHit.TIME)
                   for cell in answer.cells)

    return first_try(analyse, (deal, options, replace(limits, threads=1)), rules, taken)


def first_try(run: Callable[..., Answer], args: tuple, rules: Rules, taken: Callable[[Answer], bool]) -> Answer | None:
    """On a first run (``_first_run``): ``run(*args)`` in the interpreted child, and its answer if
    ``taken``; otherwise None, once the compile under way (if any) has ended."""
    compile_in_background(rules)
    answer = _interpreted(run, args)
    if isinstance(answer, InputError):
        raise answer
    if answer is not None and taken(answer):
        return answer
    if not compile_ended():
        with event.trigger_event("numba:compile"):  # the compile note, while the compile in the background ends
            wait_for_compile()
    return None


def _first_run() -> bool:
    """Whether the kernels are not in the cache yet, and Python can run them (numpy 2)."""
    return not kernels_in_cache() and int(np.__version__.split(".")[0]) >= 2


def _kept(result: SolveResult) -> bool:
    """Whether a solve's result from the child is the compiled search's: not stopped by the clock of
    the limits; and a win it found must replay to a win (else a ``SolverBug``)."""
    if result.verdict == Verdict.WINNABLE:
        checked_win(result.start, result.moves, result.rules, "the interpreted search's list")
    return result.limit_hit != LimitHit.TIME


def compile_in_background(rules: Rules) -> None:
    """Start compiling the kernels a solve under ``rules`` calls, in a process that outlives this
    one, unless another compile holds the lock; nothing where the cache cannot be kept."""
    lock = claim_compile_lock()
    if lock is None:
        return
    try:
        compiling = subprocess.Popen(module_command(__name__, "compile"), stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(lock,))
        with compiling.stdin:  # type: ignore[union-attr]  # a pipe: stdin=PIPE
            compiling.stdin.write(pickle.dumps(rules))  # type: ignore[union-attr]
    except OSError:
        return  # no process could start: the command compiles as before
    finally:
        os.close(lock)  # the process holds the lock (it shares this descriptor's) until it ends


def compile_solve(rules: Rules) -> None:
    """Compile (or load) the kernels a ``solve`` under ``rules`` calls (with its helper's, which
    include the shortening's best-first search), as a solve of an easy deal does."""
    start_helper(best_first=True)  # a solve for people may shorten its win
    solve(position_from_code("CF1-D3-SOLVEME"), rules, limits=Limits(max_nodes=1))
    wait_for_helper()


def _interpreted(run: Callable[..., Any], args: tuple) -> Any:
    """The child's ``run(*args)`` (or the input error it met); None when it failed, did not end in
    time, or was still running when the compile ended: from then on the compiled search answers
    sooner. Its searches run on one thread: more join a search only far past their states."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", **{INTERPRETED: "1"})
    try:
        with subprocess.Popen(module_command(__name__), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env=env) as child:
            try:
                output = _output_before_the_compile(child, pickle.dumps((run, args)))
            finally:
                child.kill()  # one still running, Ctrl-C included, is not left searching (an ended one: nothing)
            return pickle.loads(output) if output is not None and child.returncode == 0 else None  # our own child's answer
    except (OSError, subprocess.SubprocessError, pickle.UnpicklingError, EOFError):
        return None


def _output_before_the_compile(child: subprocess.Popen, question: bytes) -> bytes | None:
    """What ``child`` writes when it ends, sent ``question``; None (the child still running) after
    ``TRY_SECONDS``, or as soon as the compile in the background has ended. After
    ``YIELD_AFTER`` the child gets the lowest priority, so that a hard deal's wait for the
    compile is not longer for it."""
    given: bytes | None = question
    began = time.monotonic()
    yielded = False
    while True:
        try:
            output, _ = child.communicate(given, timeout=min(LOOK_SECONDS, max(began + TRY_SECONDS - time.monotonic(), 0.0)))
            return output
        except subprocess.TimeoutExpired:
            given = None  # sent: a second call goes on with the same input
            spent = time.monotonic() - began
            if not yielded and spent >= YIELD_AFTER:
                _lowest_priority(child.pid)
                yielded = True
            if spent >= TRY_SECONDS or compile_ended():
                return None


def _lowest_priority(pid: int) -> None:
    """Give process ``pid`` the lowest CPU priority (niceness 19), where the system allows it."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, 19)
    except (OSError, AttributeError):  # AttributeError: no priorities on this system
        pass


def _child() -> None:
    """Read a function and its arguments; write what it returns, or the input error it raises."""
    run, args = pickle.load(sys.stdin.buffer)
    try:
        answer = run(*args)
    except InputError as error:
        answer = error
    pickle.dump(answer, sys.stdout.buffer)


if __name__ == "__main__":
    if sys.argv[1:] == ["compile"]:
        compile_solve(pickle.load(sys.stdin.buffer))  # the rules, from ``compile_in_background``
        end_compiling()
    else:
        _child()
