"""What a new user meets first: a closed pipe, the rules a deal implies, which deals codes name."""

from __future__ import annotations

import subprocess
import sys

CLI = [sys.executable, "-c", "from canfield_solver.cli import main; main()"]


def test_closed_pipe_ends_quietly():
    """``canfield-solver random -n 100000 | head -1``: status 0, nothing on stderr."""
    process = subprocess.Popen([*CLI, "random", "-n", "100000", "--seed", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().startswith("CF1-D3-")
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (0, "")
