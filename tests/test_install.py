"""Installing as README says: numba's compiled cache stays out of the installed package.

numba used to write its cache into ``site-packages/canfield_solver``; pip does not own those
files, so after ``pip install .`` and an uninstall the folder stayed and hid the editable install
that README's second command makes (every call failed with an ImportError).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from canfield_solver import __version__
from canfield_solver.engine.cache import cache_folder, engine_fingerprint
from tests.support.compiling import wait_for_compile
from tests.support.docs import PROJECT, readme_block

IN_CACHE = "from canfield_solver.engine.first_run.compile_ahead import kernels_in_cache; print(kernels_in_cache())"


def test_cache_folder_choice():
    """The project's variable, then numba's, then the platform's per-user cache folder."""
    home = {"HOME": "/home/u"}
    assert cache_folder(home, "linux") == Path("/home/u/.cache/canfield-solver")
    assert cache_folder({**home, "XDG_CACHE_HOME": "/x"}, "linux") == Path("/x/canfield-solver")
    assert cache_folder(home, "darwin") == Path("/home/u/Library/Caches/canfield-solver")
    assert cache_folder({**home, "LOCALAPPDATA": "C:/L"}, "win32") == Path("C:/L/canfield-solver/Cache")
    assert cache_folder({**home, "NUMBA_CACHE_DIR": "/n"}, "linux") == Path("/n")
    assert cache_folder({**home, "NUMBA_CACHE_DIR": "/n", "CANFIELD_SOLVER_CACHE": "/c"}, "linux") == Path("/c")


def _kernel_cache_of(env: dict[str, str]) -> subprocess.CompletedProcess:
    code = ("import numba, canfield_solver.engine.kernel as k, numba.core.config as c;"
            " print(k.CACHED, c.CACHE_DIR)")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_numba_is_told_the_folder(tmp_path):
    """numba imported first or not, its CACHE_DIR is ours by the time a kernel is decorated."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    done = _kernel_cache_of({**env, "CANFIELD_SOLVER_CACHE": str(tmp_path / "c")})
    kernels = tmp_path / "c" / f"engine-{engine_fingerprint()}"
    assert (done.returncode, done.stdout, done.stderr) == (0, f"True {kernels}\n", "")
    assert kernels.is_dir()


PARENT_AND_CHILD = """
import os, subprocess, sys
import canfield_solver.engine.kernel
child = "import os, canfield_solver.engine.kernel; print(os.environ['NUMBA_CACHE_DIR'])"
print(os.environ["NUMBA_CACHE_DIR"])
print(subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True).stdout.strip())
"""


def test_a_process_started_by_a_run_uses_the_run_s_folder(tmp_path):
    """Without ``CANFIELD_SOLVER_CACHE``, a process a run starts (a first run's compile, Dask's
    workers) inherits numba's variable, set to the engine's subfolder: it must still find the same
    folder, not make a subfolder of that one."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "CANFIELD_SOLVER_CACHE")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", PARENT_AND_CHILD], capture_output=True, text=True, env=env,
                          timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    kernels = cache_folder(env) / f"engine-{engine_fingerprint()}"
    assert done.stdout.splitlines() == [str(kernels), str(kernels)]


def test_the_kernels_folder_follows_every_engine_source(tmp_path):
    """numba checks a cached kernel against its own file only: a change to any engine file (a
    kernel compiled into another, the decorator's options) must give a fresh folder."""
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "a.py").write_text("x = 1\n")
    (engine / "b.py").write_text("y = 2\n")
    (engine / "notes.txt").write_text("not a source")
    first = engine_fingerprint(engine)
    assert engine_fingerprint(engine) == first and len(first) == 16
    (engine / "notes.txt").write_text("still not a source")
    assert engine_fingerprint(engine) == first
    (engine / "b.py").write_text("y = 3\n")
    changed = engine_fingerprint(engine)
    assert changed != first
    (engine / "b.py").rename(engine / "c.py")
    renamed = engine_fingerprint(engine)
    assert renamed not in (first, changed)
    (engine / "lost").mkdir()  # the engine's sub-folders: their sources count too, by their paths
    (engine / "lost" / "d.py").write_text("z = 4\n")
    nested = engine_fingerprint(engine)
    assert nested != renamed
    (engine / "lost" / "d.py").write_text("z = 5\n")
    assert engine_fingerprint(engine) not in (renamed, nested)
    (engine / "lost" / "d.py").rename(engine / "d.py")  # the same text elsewhere is another engine
    (engine / "d.py").write_text("z = 4\n")
    assert engine_fingerprint(engine) != nested


def test_unwritable_cache_folder_still_works(tmp_path):
    """A cache folder that cannot be made: one line on stderr, kernels compiled in memory, no traceback."""
    (tmp_path / "file").write_text("not a folder")
    done = _kernel_cache_of(dict(os.environ, CANFIELD_SOLVER_CACHE=str(tmp_path / "file" / "cache")))
    assert done.returncode == 0 and done.stdout.startswith("False ")
    assert done.stderr.startswith("canfield-solver: cannot write the compiled-kernel cache ")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def _run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.mark.skipif(sys.platform == "win32", reason="venv layout of POSIX")
def test_install_then_editable_install_in_one_venv(tmp_path):
    """README's two quick-start commands in one folder: ``pip install .``, a solve, then ``pip install -e``.

    A new venv sees this one's packages through a .pth file (no download), and pip builds without
    isolation from a copy of the project, so the checkout gets no build files.
    """
    source = tmp_path / "project"
    shutil.copytree(PROJECT / "canfield_solver", source / "canfield_solver",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(PROJECT / name, source / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "outer.pth").write_text("".join(f"{path}\n" for path in sorted(ours)))
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "CANFIELD_SOLVER_CACHE", "PYTHONPATH")}
    env.update(XDG_CACHE_HOME=str(tmp_path / "user-cache"), PYTHONIOENCODING="utf-8", PIP_DISABLE_PIP_VERSION_CHECK="1")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    command = str(venv / "bin" / "canfield-solver")
    quick_start = readme_block("Install and solve a game code", "sh").split("&&")[-1].split()
    assert quick_start[:2] == ["canfield-solver", "solve"]
    solve = [command, *quick_start[1:], "--max-nodes", "5000"]

    _run([*pip, "install", "--no-deps", "--no-build-isolation", "."], env, source)
    first = _run([*solve, "--json"], env, source)  # answered while the kernels compile in the background
    assert first.stderr == "" and json.loads(first.stdout)["verdict"] == "winnable"
    wait_for_compile(env, str(python))
    installed = site / "canfield_solver"
    assert not [p for p in installed.rglob("*") if p.suffix in (".nbi", ".nbc")]
    if sys.platform.startswith("linux"):
        assert list((tmp_path / "user-cache" / "canfield-solver").rglob("*.nbi"))
    # the installed command's own kernels, where its next run looks (run outside the clone, whose
    # modules would be imported first): else every later run would be a first run again
    in_cache = _run([str(python), "-c", IN_CACHE], env, tmp_path)
    assert in_cache.stdout == "True\n"
    _run([*pip, "uninstall", "-y", "canfield-solver"], env, source)
    assert not installed.exists()

    _run([*pip, "install", "--no-deps", "--no-build-isolation", "-e", "."], env, source)
    assert _run([command, "--version"], env, source).stdout == f"canfield-solver, version {__version__}\n"
    assert _run(solve, env, source).stdout.startswith(f"# winnable: {quick_start[2]}")
