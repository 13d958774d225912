"""The command line run in-process, as a test calls it: status, stdout and stderr."""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from canfield_solver.cli.main import main


@dataclass
class CliResult:
    """How a run ended: its exit status and what it wrote to stdout and stderr."""

    status: int
    out: str
    err: str


def run_cli(*args: str, input: str | None = None) -> CliResult:
    """Run ``canfield-solver ARGS`` through ``cli.main.main``, ``input`` as stdin."""
    runner = CliRunner()
    with runner.isolation(input=input) as (out, err, _):
        try:
            main(list(args))
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
        else:
            status = 0
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
    return CliResult(status, out.getvalue().decode(), err.getvalue().decode())


def console_script() -> str:
    """The installed ``canfield-solver`` command beside this Python (else on the PATH)."""
    beside_python = Path(sys.executable).with_name("canfield-solver")
    script = str(beside_python) if beside_python.exists() else shutil.which("canfield-solver")
    assert script, "canfield-solver is not installed: pip install -e ."
    return script
