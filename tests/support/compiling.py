"""Waiting for the compile that a first run leaves running in the background (``cli/first_solve.py``)."""

from __future__ import annotations

import subprocess
import sys

WAIT_FOR_COMPILE = "from canfield_solver.engine.first_run.compile_ahead import wait_for_compile; wait_for_compile()"


def wait_for_compile(env: dict[str, str], python: str = sys.executable) -> None:
    """Return once no compile holds the lock of the cache folder that ``env`` names; asked in a
    process of ``env``'s own, since a process fixes its cache folder when it imports the engine."""
    done = subprocess.run([python, "-c", WAIT_FOR_COMPILE], capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr
