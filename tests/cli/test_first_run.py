"""What a new user meets first: a closed pipe, the rules a deal implies, which deals codes name."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from canfield_solver.cli import progress_line as progress
from canfield_solver.cli.compile_note import KEPT, NOT_KEPT, NOTE, compile_note
from canfield_solver.cli.progress_line import CLEAR, ProgressLine

CLI = [sys.executable, "-c", "from canfield_solver.cli.main import main; main()"]


def test_closed_pipe_ends_quietly():
    """``canfield-solver random -n 100000 | head -1``: status 0, nothing on stderr."""
    process = subprocess.Popen([*CLI, "random", "-n", "100000", "--seed", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().startswith("CF1-D3-")
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (0, "")


def test_show_says_codes_are_ours(run_cli):
    first = run_cli("show", "CF1-D3-AAAAACL").out.splitlines()[0]
    assert first == "Deal CF1-D3-AAAAACL, draw 3. CF1 codes are this program's own deals, not the app's."


def test_show_names_the_rules_a_pysolfc_deal_implies(run_cli):
    first = run_cli("show", "pysol:123").out.splitlines()[0]
    assert first == "Deal pysol:123, draw 3. PySolFC's rules: no foundation return, top card or whole column."
    overridden = run_cli("show", "pysol:123", "--worry-back", "--passes", "2").out.splitlines()[0]
    assert overridden == "Deal pysol:123, draw 3. Rules: top card or whole column, 2 passes through the stock."
    solvitaire = run_cli("show", "CF1-D1-AAAAAAB", "--rules", "solvitaire", "--spaces", "waste").out.splitlines()[0]
    assert solvitaire.endswith(" Rules: no foundation return, spaces take only the waste card,"
                               " building down stops at the base rank.")
    assert run_cli("show", "pysol:123", "--rules", "app").out.splitlines()[0] == "Deal pysol:123, draw 3."


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_line_counts_every_search():
    stream, clock = io.StringIO(), Clock()
    line = ProgressLine(stream, "a hint", clock=clock, memory=lambda: 3 * 2**20)
    line.search_started()
    clock.now += 0.5
    line.searched(1_000)
    assert stream.getvalue() == ""  # the first second shows nothing
    clock.now += 1.5
    line.searched(4_000)
    assert stream.getvalue() == CLEAR + "searching: 4,000 states, 2,000 states/s, 3 MB, 2 s (a hint)"
    line.search_started()  # a second search: its states add to the first's
    clock.now += 2.0
    line.searched(6_000)
    assert stream.getvalue().endswith(CLEAR + "searching: 10,000 states, 2,500 states/s, 3 MB, 4 s (a hint)")
    line.clear()
    assert stream.getvalue().endswith(CLEAR)


def test_progress_line_only_on_a_terminal(run_cli, monkeypatch):
    """solve, solve --shortest and analyse show it on a terminal (here at once), with the time limit hint."""
    assert "searching" not in run_cli("solve", "CF1-D3-SOLVEME").err
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "is_terminal", lambda stream: True)
    solved = run_cli("solve", "CF1-D3-SOLVEME")
    assert solved.status == 0 and solved.out.startswith("# winnable")
    assert "searching: " in solved.err and solved.err.endswith("(no time limit: --time-limit SECONDS to cap)" + CLEAR)
    shortest = run_cli("solve", "CF1-D3-SOLVEME", "--shortest", "--time-limit", "20", "--max-nodes", "3000").err
    assert shortest.endswith("(--time-limit 20 s)" + CLEAR)
    analysed = run_cli("analyse", "CF1-D3-SOLVEME", "--draw", "3", "--worry-back", "--max-nodes", "3000").err
    assert analysed.endswith("(--time-limit 60 s per search)" + CLEAR)


def test_compile_note_only_when_numba_compiles():
    """A kernel compiled in the block brings the note; one already compiled brings nothing."""
    from numba import njit

    @njit(cache=False)
    def twice(x):
        return 2 * x

    quiet = io.StringIO()
    stream = io.StringIO()
    with compile_note(stream, kept=True):
        assert twice(21) == 42
    assert stream.getvalue() == NOTE + KEPT + "...\n"
    with compile_note(quiet, kept=True):
        assert twice(4) == 8
    assert quiet.getvalue() == ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_compile_note_on_a_terminal_says_how_long():
    from numba import njit

    @njit(cache=False)
    def thrice(x):
        return 3 * x

    stream = Terminal()
    with compile_note(stream, kept=True):
        assert thrice(2) == 6
    text = stream.getvalue()
    assert text.startswith(CLEAR + NOTE + KEPT + ": ") and text.endswith(" s; later runs start at once\n")
    assert CLEAR + "compiled the solver in " in text


def test_a_cache_that_cannot_be_written_keeps_nothing_and_the_note_says_so(tmp_path):
    """A cache folder that cannot be written: one line says so (an easy deal is then answered
    before anything compiles, ``cli/first_solve.py``), and the compile note does not promise that
    the code is kept (issue 40)."""
    folder = tmp_path / "cache"
    folder.write_text("a file where the folder should be")
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(folder))
    done = subprocess.run([*CLI, "solve", "CF1-D3-SOLVEME", "--max-nodes", "5000"], capture_output=True, text=True,
                          env=env, timeout=600)
    assert done.returncode == 0 and done.stdout.startswith("# winnable")
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"canfield-solver: cannot write the compiled-kernel cache {folder}") and len(lines) == 1
    not_kept = subprocess.run([sys.executable, "-c", NOTE_UNKEPT], capture_output=True, text=True, env=env, timeout=600)
    assert not_kept.returncode == 0 and not_kept.stderr.splitlines()[1:] == [NOTE + NOT_KEPT + "..."]


NOTE_UNKEPT = """
from numba import njit
from canfield_solver.cli.compile_note import compile_note
with compile_note():
    njit(lambda x: x + 1)(1)
"""


def test_warm_solve_skips_numbas_compiler_set_up():
    """Kernels loaded from the cache: numba's compile-only modules (its linear algebra) stay unloaded.

    The first run compiles what the cache lacks, as a user's first run does (in a process of its
    own: this one's kernels may have been compiled for other array types by earlier tests)."""
    code = ("import sys\nfrom canfield_solver.solving.solver import solve\n"
            "print(solve('CF1-D3-SOLVEME').verdict, 'numba.np.linalg' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert first.returncode == 0 and first.stdout.startswith("winnable "), first.stderr
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stdout) == (0, "winnable False\n")


LATE_KERNELS = """
import importlib, pkgutil, sys
from canfield_solver.engine.kernel import Kernel
import canfield_solver.engine as engine
from canfield_solver.engine import driver
from canfield_solver.engine import parallel
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.solving.solver import solve
from canfield_solver.formats.deal_argument import setup_game

modules = [importlib.import_module(f"canfield_solver.engine.{info.name}") for info in pkgutil.iter_modules(engine.__path__)]

def loaded():
    return {(module.__name__, name): sum(len(build.overloads) for build in {value.outer, value.inner}) for module in modules
            for name, value in vars(module).items() if isinstance(value, Kernel)}

at_start = []
drive = driver._drive

def timed(*args, **kwargs):
    at_start.append(loaded())
    return drive(*args, **kwargs)

driver._drive = timed
parallel.SOLO_STATES = 300  # the searches split, so every kernel of a long search is used
result = solve(setup_game(sys.argv[1], RuleOptions(preset=sys.argv[2])), limits=Limits(threads=int(sys.argv[3])))
late = sorted(f"{module}.{name}" for (module, name), count in loaded().items() if count != at_start[0][(module, name)])
print(result.verdict, len(at_start), " ".join(late) or "none")
"""


@pytest.mark.parametrize("code, preset, threads", [("CF1-D3-AAAAAAB", "solvitaire", 2),
                                                   ("CF1-D3-AAAAAAB", "solvitaire", 1),
                                                   ("CF1-D3-AAAAAFM", "pysolfc", 2)])
def test_a_search_s_clock_counts_no_kernel_loaded_or_compiled(code, preset, threads):
    """In a new process, every kernel a lost deal's search calls (the tests', the side search's,
    the hand-over's) is compiled or loaded before its clock starts (``driver._drive``): on a
    machine's first run a compile inside the clock took 10 s of a 15 s search."""
    done = subprocess.run([sys.executable, "-c", LATE_KERNELS, code, preset, str(threads)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["unwinnable", "1", "none"]
