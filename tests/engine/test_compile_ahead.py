"""A first solve on an empty kernel cache: the helper process compiles ``shortcut``, ``rewind``
and the best-first search beside it, under the signatures the solve calls them with, so the solve loads them from the cache."""

from __future__ import annotations

import os
import subprocess
import sys

COLD_SOLVE = """
import sys
from canfield_solver.engine.first_run import compile_ahead
from canfield_solver.engine.parallel import rewind
from canfield_solver.engine.paths.shortcut import shortcut
from canfield_solver.solving.solver import solve

result = solve(sys.argv[1])
counts = [len(kernel.stats.cache_hits) for kernel in (shortcut, rewind)]
counts += [len(kernel.stats.cache_misses) for kernel in (shortcut, rewind)]
print(result.verdict, len(result.moves), compile_ahead._helper is not None, *counts)
"""


def test_a_first_solve_loads_the_helper_s_kernels(tmp_path):
    """Loaded (a cache hit), not compiled (a miss): the helper's signatures are the solve's own,
    and the solve waited for it; the winning list is the same as a warm run's."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    cold = subprocess.run([sys.executable, "-c", COLD_SOLVE, "CF1-D3-SOLVEME"], capture_output=True, text=True,
                          env=env, timeout=600)
    assert cold.returncode == 0, cold.stderr
    verdict, moves, helped, *counts = cold.stdout.split()
    assert (verdict, helped, counts) == ("winnable", "True", ["1", "1", "0", "0"])
    warm = subprocess.run([sys.executable, "-c", COLD_SOLVE, "CF1-D3-SOLVEME"], capture_output=True, text=True,
                          env=env, timeout=600)
    assert warm.stdout.split() == [verdict, moves, "False", "1", "1", "0", "0"]  # no helper once cached


def test_the_helper_alone_fills_the_cache(tmp_path):
    """``python -m canfield_solver.engine.first_run.compile_ahead``, as ``start_helper`` runs it: the
    best-first search only when asked (``BEST_FIRST``), as the compile of a first solve does."""
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    check = ("from canfield_solver.engine.first_run.compile_ahead import in_cache\n"
             "from canfield_solver.engine.parallel import rewind\n"
             "from canfield_solver.engine.paths.best_first import run_best_first, start_best_first\n"
             "from canfield_solver.engine.paths.shortcut import shortcut\n"
             "print(*(in_cache(kernel) for kernel in (shortcut, rewind, start_best_first, run_best_first)))")

    def cached() -> str:
        return subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, env=env, timeout=600).stdout

    assert cached() == "False False False False\n"
    for asked, after in (([], "True True False False\n"), (["best-first"], "True True True True\n")):
        helper = subprocess.run([sys.executable, "-m", "canfield_solver.engine.first_run.compile_ahead", *asked],
                                capture_output=True, text=True, env=env, timeout=600)
        assert (helper.returncode, helper.stderr) == (0, "")
        assert cached() == after
