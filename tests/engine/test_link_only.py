"""A kernel's build for other kernels is cached as the LLVM code its callers link, without machine
code; its callers compile, cache and run as before, and a later process links it from the cache.
The kernels marked for it are inlined into the search loop and the easier game's tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

KERNELS = """
from canfield_solver.engine.kernel import kernel


@kernel
def twice(x):
    return 2 * x


@kernel
def twice_plus_one(x):
    return twice(x) + 1


@kernel
def twice_minus_one(x):
    return twice(x) - 1
"""

FIRST = """
from canfield_solver.engine.kernel import LINK_ONLY
from pair import twice, twice_plus_one

print(LINK_ONLY, twice_plus_one(20))
for build in (twice.inner, twice_plus_one.outer):
    library = next(iter(build.overloads.values())).library
    print(build.py_func.__name__, library.serialize_using_object_code()[1])
"""

LATER = """
from pair import twice, twice_minus_one, twice_plus_one

print(twice_plus_one(20), twice_minus_one(20))  # the first loaded; the second compiled, linking ``twice``
print(sum(twice_plus_one.stats.cache_hits.values()), sum(twice.inner.stats.cache_hits.values()),
      sum(twice.inner.stats.cache_misses.values()))
"""


INLINED = """
import re
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.engine.first_run import compile_ahead
from canfield_solver.engine.link_only import _ALWAYS_INLINE
from canfield_solver.engine.lost.easier_game import run_tested
from canfield_solver.engine.search import run
from canfield_solver.solving.solver import solve

compile_ahead._checked = True  # no helper: this process compiles both, so that their code can be read
print(solve("CF1-D3-SOLVEME", resolve_rules(RuleOptions("solvitaire"))).verdict)
for kernel in (run, run_tested):
    name = kernel.py_func.__name__
    builds = _ALWAYS_INLINE[name]  # matched by name alone, not by the mangling ``link_only`` relies on
    called = re.findall(r'call [^\\n]*?@"?(_ZN15canfield_solver[\\w.$]*)', kernel.inspect_llvm(kernel.signatures[0]))
    print(name, len(builds), sum(any(build in callee for build in builds) for callee in called), len(called) > 0)
"""


def _run(code: str, folder: Path, *before: str) -> list[str]:
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(folder / "cache"), PYTHONPATH=str(folder))
    done = subprocess.run([sys.executable, "-c", "\n".join([*before, code])], capture_output=True, text=True,
                          env=env, cwd=folder, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_build_for_kernels_is_cached_as_code_to_link_and_linked_from_the_cache(tmp_path):
    (tmp_path / "pair.py").write_text(KERNELS)
    assert _run(FIRST, tmp_path) == ["True", "41", "twice__in_kernels", "bitcode", "twice_plus_one", "object"]
    loaded, compiled, hits, inner_hits, inner_misses = _run(LATER, tmp_path)
    assert (loaded, compiled) == ("41", "39")
    assert (hits, inner_hits, inner_misses) == ("1", "1", "0")  # ``twice`` for kernels came from the cache


def test_where_numba_builds_another_library_it_is_left_alone(tmp_path):
    (tmp_path / "pair.py").write_text(KERNELS)
    other = ["from numba.core import codegen", "class Other(codegen.JITCodeLibrary): pass",
             "codegen.JITCPUCodegen._library_class = Other"]
    assert _run(FIRST, tmp_path, *other) == ["False", "41", "twice__in_kernels", "object", "twice_plus_one", "object"]


def test_the_search_loop_s_kernels_are_inlined_into_its_code_and_the_easier_game_s_test_into_the_tests(tmp_path):
    assert _run(INLINED, tmp_path) == ["winnable", "run", "10", "0", "True", "run_tested", "1", "0", "True"]
