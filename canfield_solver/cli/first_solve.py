"""A first ``solve`` on a machine answers an easy deal in a second, while the kernels compile.

Compiling the kernels takes about 20 s (docs/benchmarks.md), and most deals are decided in a few
hundred states. With numba's compiler off (``NUMBA_DISABLE_JIT``) Python runs the kernels' own
code: the same searches, in the same order, at a few thousand states a second. So when the
kernels are not in the cache, ``first_solve`` starts their compile in the background (a process
that solves a deal within a few states, ``compile_in_background``) and meanwhile runs the solve
that way in a child process, for at most ``TRY_SECONDS`` in all. Its answer is the compiled search's own (verdict,
states, move list; ``tests/engine/test_interpreted.py`` compares them), and it is taken when the
child ends in time, unless the clock of the limits asked for stopped its search (the compiled
search would have gone further in that time) or its win is long enough for ``solve`` to shorten
(the shortening's budget is for compiled searches; the child is stopped first). Otherwise the
solve waits for the compile (the compile note says so) and runs as on any later run. The compile
goes on after an answer, so that the next run finds the kernels cached; it holds the cache
folder's lock until it ends (``engine.compile_ahead.claim_compile_lock``), so a run meanwhile starts no
other and waits for that one.

Only under numpy 2: numpy 1 mixes ``uint64`` and Python integers into floats, which the kernels'
keys cannot take (docs/engine.md, "The kernels run by Python"); there a first run compiles first.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace

import numpy as np
from numba.core import event

from canfield_solver.core.errors import InputError, SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.cache import INTERPRETED
from canfield_solver.engine.compile_ahead import claim_compile_lock, kernels_in_cache, wait_for_compile, wait_for_helper
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.for_people import LONG, solve_for_people
from canfield_solver.solving.solver import SolveResult, solve

TRY_SECONDS = 4.0  # the child's whole run: about 0.7 s to start, then some 10,000 states beside the compile


def first_solve(start: Position, rules: Rules, limits: Limits) -> SolveResult | None:
    """The interpreted child's answer when the kernels are not cached yet and the answer is taken;
    otherwise None, once the compile under way (if any) has ended."""
    if kernels_in_cache() or int(np.__version__.split(".")[0]) < 2:
        return None
    compile_in_background(rules)
    answer = _interpreted(start, rules, limits)
    if isinstance(answer, str):
        raise InputError(answer)
    if answer is not None and answer.limit_hit != LimitHit.TIME and len(answer.moves) <= LONG[rules.draw]:
        if answer.verdict == Verdict.WINNABLE and not positions_after(start, answer.moves, rules)[-1].is_won:
            raise SolverBug(f"the interpreted search's list of {len(answer.moves)} moves does not win")
        return answer
    with event.trigger_event("numba:compile"):  # the compile note, while the compile in the background ends
        wait_for_compile()
    return None


def compile_in_background(rules: Rules) -> None:
    """Start compiling the kernels a solve under ``rules`` calls, in a process that outlives this
    one, unless another compile holds the lock; nothing where the cache cannot be kept."""
    lock = claim_compile_lock()
    if lock is None:
        return
    try:
        compiling = subprocess.Popen([sys.executable, "-m", __name__, "compile"], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(lock,))
        with compiling.stdin:  # type: ignore[union-attr]  # a pipe: stdin=PIPE
            compiling.stdin.write(pickle.dumps(rules))  # type: ignore[union-attr]
    except OSError:
        return  # no process could start: the solve compiles as before
    finally:
        os.close(lock)  # the process holds the lock (it shares this descriptor's) until it ends


def compile_solve(rules: Rules) -> None:
    """Compile (or load) the kernels a ``solve`` under ``rules`` calls (with its helper's, which
    include the shortening's best-first search), as a solve of an easy deal does."""
    solve(position_from_code("CF1-D3-SOLVEME"), rules, limits=Limits(max_nodes=1))
    wait_for_helper()


def _interpreted(start: Position, rules: Rules, limits: Limits) -> SolveResult | str | None:
    """The child's ``solve_for_people`` (or the message of the input error it met); None when it
    failed or did not end in time. On one thread: more join a search only far past its states."""
    request = pickle.dumps((start, rules, replace(limits, threads=1)))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", **{INTERPRETED: "1"})
    try:
        done = subprocess.run([sys.executable, "-m", __name__], input=request, capture_output=True, env=env,
                              timeout=TRY_SECONDS)
        return pickle.loads(done.stdout) if done.returncode == 0 else None  # our own child's answer
    except (OSError, subprocess.SubprocessError, pickle.UnpicklingError, EOFError):
        return None


def _child() -> None:
    """Read a position, rules and limits; write the solve's result, or the input error's message."""
    start, rules, limits = pickle.load(sys.stdin.buffer)
    try:
        answer: SolveResult | str = solve_for_people(start, rules, limits)
    except InputError as error:
        answer = str(error)
    pickle.dump(answer, sys.stdout.buffer)


if __name__ == "__main__":
    if sys.argv[1:] == ["compile"]:
        compile_solve(pickle.load(sys.stdin.buffer))  # the rules, from ``compile_in_background``
    else:
        _child()
