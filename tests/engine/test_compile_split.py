"""The two compiling processes of a first run compile their shares under the types the search and
the helper's kernels call them with: a solve and the helper's kernels then load them, never compile them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SHARES = """
import sys
from canfield_solver.engine.first_run.compile_split import SHARED, compile_helper_share, compile_search_share
best_first = sys.argv[1] == "best-first"
compile_search_share(best_first)
compile_helper_share(best_first)
print(*(len(kernel.inner.signatures) for kernel in SHARED))
"""

THEN = """
import sys
from canfield_solver.engine.first_run import compile_ahead
from canfield_solver.engine.first_run.compile_split import SHARED
from canfield_solver.solving.solver import solve

best_first = sys.argv[1] == "best-first"
compile_ahead._checked = True  # no helper: this process compiles all the rest
print(solve("CF1-D3-SOLVEME").verdict)
compile_ahead.compile_late_kernels(best_first)
for kernel in SHARED:
    stats = kernel.inner.stats
    print(kernel.outer.py_func.__name__, sum(stats.cache_misses.values()))
"""


@pytest.mark.parametrize("helper", ["best-first", "no best-first"])
def test_the_shares_are_loaded_by_the_solve_and_the_helper(tmp_path, helper):
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path))
    shares = subprocess.run([sys.executable, "-c", SHARES, helper], capture_output=True, text=True, env=env,
                            timeout=600)
    assert (shares.returncode, shares.stderr) == (0, "")
    assert shares.stdout.split() == ["1"] * 12  # the shares' kernels compiled once: a kernel's call of another, its types
    then = subprocess.run([sys.executable, "-c", THEN, helper], capture_output=True, text=True, env=env, timeout=600)
    assert then.returncode == 0, then.stderr
    verdict, *kernels = then.stdout.splitlines()
    assert verdict == "winnable"
    assert len(kernels) == 12
    assert [line.split()[1] for line in kernels] == ["0"] * 12, kernels  # loaded (or inside one loaded), never compiled
