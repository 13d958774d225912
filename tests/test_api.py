"""The public API: the package's exports (numba only where solving), the Verdict and LimitHit
enums as text in every output, one Limits object, the limit options of every command, docs/api.md."""

from __future__ import annotations

import csv
import dataclasses
import doctest
import io
import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

import canfield_solver
from canfield_solver.cli.main import cli
from canfield_solver.cli.options import limit_options
from canfield_solver.core import errors, limits, position, presets, referee, rules, verdict
from canfield_solver.core.limits import DEFAULT_MEMORY, Limits
from canfield_solver.core.referee import positions_after
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.formats import deal_argument, move_text
from canfield_solver.runs.results import BATCH, Row, format_row, parse_row
from tests.support.docs import PROJECT, readme_block

ROOT = PROJECT
HARD = "CF1-D1-AAAAAAY"  # draw 1 with foundation returns: far more than 100 states


def test_types_come_without_numba_and_show_and_replay_never_load_it():
    code = ("import sys\n"
            "from canfield_solver import (DealError, IllegalMove, InputError, LimitHit, Limits, Move, Position,\n"
            "    Rules, Setup, SolverBug, Verdict, setup_game)\n"
            "from canfield_solver.cli.main import main\n"
            "for args in (['show', 'CF1-D3-AAAAACL'], ['replay', 'CF1-D3-AAAAACL', '-']):\n"
            "    try:\n"
            "        main(args)\n"
            "    except SystemExit as end:\n"
            "        assert not end.code, end.code\n"
            "print('numba' in sys.modules, Verdict.WINNABLE, Limits(max_nodes=5).max_nodes)\n"
            "from canfield_solver import solve\n"
            "print('numba' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], input="draw\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["False winnable 5", "True"]


def test_exports_are_the_modules_own():
    from canfield_solver.solving import solver

    expected = {
        "solve": solver.solve, "SolveResult": solver.SolveResult, "Verdict": verdict.Verdict,
        "LimitHit": verdict.LimitHit, "Limits": limits.Limits, "Rules": rules.Rules, "RuleOptions": presets.RuleOptions,
        "Move": referee.Move, "IllegalMove": referee.IllegalMove, "apply": referee.apply,
        "Position": position.Position, "DealError": position.DealError, "Setup": deal_argument.Setup,
        "setup_game": deal_argument.setup_game, "format_move": move_text.format_move,
        "InputError": errors.InputError, "SolverBug": errors.SolverBug,
    }
    for name, value in expected.items():
        assert getattr(canfield_solver, name) is value
        assert name in canfield_solver.__all__ and name in dir(canfield_solver)
    with pytest.raises(AttributeError, match="no attribute 'solver_bug'"):
        getattr(canfield_solver, "solver_bug")  # noqa: B009 (the attribute access is what is tested)


@pytest.mark.parametrize("member", [*Verdict, *LimitHit])
def test_enum_members_are_their_text_everywhere(member):
    text = member.value
    assert member == text and type(member)(text) is member
    assert (str(member), f"{member}", f"{member:>12}", "%s" % member) == (text, text, f"{text:>12}", text)  # noqa: UP031 (%-formatting is tested)
    assert json.dumps({"v": member, member: 1}) == f'{{"v": "{text}", "{text}": 1}}'
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow([member])
    assert buffer.getvalue() == text + "\n"


def test_verdict_and_limit_hit_values():
    assert [verdict.value for verdict in Verdict] == ["winnable", "unwinnable", "unknown"]
    assert [limit.value for limit in LimitHit] == ["time", "nodes", "memory"]


def test_results_rows_write_and_read_verdicts_as_text():
    row = Row("CF1-D3-AAAAACL", 3, "worry-back moves-any passes-unlimited", Verdict.WINNABLE, 263, 240, 0.01)
    line = format_row(row, "csv")
    assert line == "CF1-D3-AAAAACL,3,worry-back moves-any passes-unlimited,winnable,263,240,0.01\n"
    assert json.loads(format_row(row, "jsonl"))["verdict"] == "winnable"
    for fmt in ("csv", "jsonl"):
        read = parse_row(format_row(row, fmt).rstrip("\n"), fmt, BATCH)
        assert read == row and read.verdict is Verdict.WINNABLE


def test_solve_prints_enum_values_in_text_and_json(run_cli):
    out = json.loads(run_cli("solve", HARD, "--max-nodes", "100", "--json").out)
    assert (out["verdict"], out["limit_hit"], out["nodes"]) == ("unknown", "nodes", 100)
    text = run_cli("solve", HARD, "--max-nodes", "100").out
    assert text.startswith(f"# unknown (nodes limit reached): {HARD}, draw 1, ")
    table = run_cli("analyse", HARD, "--draw", "1", "--worry-back", "--max-nodes", "100").out
    assert "| unknown (node limit)" in table


def test_limits_object_or_keywords_give_the_same_search():
    by_keywords = canfield_solver.solve(HARD, max_nodes=300, memory=1 << 22)
    by_limits = canfield_solver.solve(HARD, limits=Limits(max_nodes=300, memory=1 << 22))
    assert (by_limits.verdict, by_limits.limit_hit, by_limits.nodes) == (Verdict.UNKNOWN, LimitHit.NODES, 300)
    assert (by_keywords.verdict, by_keywords.limit_hit, by_keywords.nodes) == (Verdict.UNKNOWN, LimitHit.NODES, 300)
    with pytest.raises(TypeError, match="not both"):
        canfield_solver.solve(HARD, max_nodes=300, limits=Limits(max_nodes=300))
    with pytest.raises(dataclasses.FrozenInstanceError):
        Limits().max_nodes = 5
    assert (Limits().table_bytes, Limits(memory=1 << 20).table_bytes) == (DEFAULT_MEMORY, 1 << 20)


def test_limit_options_hand_the_command_one_limits_with_its_defaults():
    seen = []

    @click.command()
    @limit_options(time_limit=60.0, scope="per search")
    @click.option("--other", default="x")
    def command(limits, other):
        seen.append((limits, other))

    runner = CliRunner()
    assert runner.invoke(command, []).exit_code == 0
    assert runner.invoke(command, ["--max-nodes", "5", "--memory", "1M", "--other", "y"]).exit_code == 0
    assert seen == [(Limits(60.0, None, None), "x"), (Limits(60.0, 5, 1 << 20), "y")]


@pytest.mark.parametrize("name, defaults", [("solve", (None, None)), ("analyse", (60.0, None)),
                                            ("batch", (None, None)), ("hint", (None, 200_000)),
                                            ("play", (None, 200_000))])
def test_every_solving_command_declares_the_limits_once(name, defaults):
    params = [param for param in cli.commands[name].params if param.name in ("time_limit", "max_nodes", "memory")]
    assert [param.name for param in params] == ["time_limit", "max_nodes", "memory"]
    assert (params[0].default, params[1].default) == defaults


def test_api_page_examples_run():
    failed, attempted = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False)
    assert (failed, attempted > 10) == (0, True)


def test_readme_python_example_runs():
    namespace: dict = {}
    exec(readme_block("## Python API", "python"), namespace)
    result, other = namespace["result"], namespace["other"]
    assert result.verdict is Verdict.WINNABLE and result.limit_hit is None
    assert positions_after(result.start, result.moves, result.rules)[-1].is_won
    # The second solve's rules are the ones given (draw 1 without returns), within its 100,000 states.
    assert (other.rules.draw, other.rules.worry_back) == (1, False) and other.nodes <= 100_000
    assert (other.verdict is Verdict.UNKNOWN) == (other.limit_hit is LimitHit.NODES)
