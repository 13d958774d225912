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
