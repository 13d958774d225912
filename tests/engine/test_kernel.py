"""A kernel is compiled apart for Python's calls and for other kernels' (``engine/kernel.py``).

Other kernels call a build without the wrappers a call from Python needs, and such a build
crashes the process when Python calls it: so Python must always reach the other build, both in
the process that compiled the kernels and in a later one that loads them from the cache."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from canfield_solver.engine.kernel import COMPILED

CALLS = """
import sys
import numpy as np
from canfield_solver.core.limits import Limits
from canfield_solver.engine.codec import encode
from canfield_solver.engine.movegen import MAX_MOVES, moves_onto
from canfield_solver.formats.codes import position_from_code
from canfield_solver.core.rules import Rules
from canfield_solver.solving.solver import solve

start = position_from_code("CF1-D3-SOLVEME")
if sys.argv[1] == "search first":
    solve(start, Rules(), limits=Limits(max_nodes=1))  # the search's kernels call moves_onto their way
st = encode(start, Rules())
moves = np.zeros(MAX_MOVES, dtype=np.int32)
count = moves_onto(st, moves, -1)
print(len(moves_onto.inner.overloads), len(moves_onto.outer.overloads), *moves[:count])
"""


@pytest.mark.skipif(not COMPILED, reason="the kernels run as Python")
def test_python_calls_the_build_for_python_after_kernels_called_theirs(tmp_path):
    """First a search compiles ``moves_onto`` for the kernels that call it, then Python calls it;
    then a new process on the same cache calls it from Python first, and then searches."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", CALLS, order], capture_output=True, text=True, env=env, timeout=600)
            for order in ("search first", "python first")]
    assert [run.returncode for run in runs] == [0, 0], [run.stderr[-2000:] for run in runs]
    first, second = (run.stdout.split() for run in runs)
    assert first[:2] == ["1", "1"] and len(first) > 2  # built both ways; the deal's start has moves
    assert second == ["0", "1", *first[2:]]  # loaded for Python (no kernel called it), the same moves


ONE_BUILD = """
import gc
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.engine.first_run import compile_ahead
from canfield_solver.engine.kernel import Kernel
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.solver import solve

compile_ahead._checked = True  # no helper: this process compiles every kernel itself
for preset in ("app", "solvitaire", "pysolfc", "hoyle"):
    print(solve(position_from_code("CF1-D3-SOLVEME"), resolve_rules(RuleOptions(preset))).verdict)
compile_ahead.compile_late_kernels(best_first=True)
for kernel in gc.get_objects():
    if isinstance(kernel, Kernel) and kernel._inner not in (None, kernel.outer):
        print(kernel.outer.py_func.__name__, len(kernel.inner.signatures))
"""


@pytest.mark.skipif(not COMPILED, reason="the kernels run as Python")
def test_kernels_calls_of_a_kernel_share_one_build(tmp_path):
    """Calls that pass a constant, an ``int32`` or an ``int64`` for one argument reach one build
    (``kernel._ByValue``): the solves of every preset and the late kernels compile each once."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", ONE_BUILD], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    verdicts, builds = run.stdout.splitlines()[:4], [line.split() for line in run.stdout.splitlines()[4:]]
    assert verdicts == ["winnable"] * 4
    assert sum(count == "1" for _, count in builds) > 20  # the kernels that other kernels call (0: inlined)
    assert [name for name, count in builds if int(count) > 1] == []
