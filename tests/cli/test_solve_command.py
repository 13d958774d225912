"""The ``solve`` command: output that ``replay`` accepts, --json, limits, bad sizes."""

from __future__ import annotations

import json

import pytest

from canfield_solver.cli.options import parse_size
from canfield_solver.formats.deal_file import position_to_dict
from tests.solving.test_solver import no_move_position


def test_solve_output_replays_to_a_win(run_cli, tmp_path):
    result = run_cli("solve", "CF1-D3-AAAAAAC", "--no-worry-back")
    assert result.status == 0, result.err
    first, *moves = result.out.splitlines()
    assert first.startswith("# winnable: CF1-D3-AAAAAAC, draw 3, no-worry-back moves-any passes-unlimited;")
    assert moves[0].startswith("  1. ") and "score 255" in moves[-1]
    path = tmp_path / "moves.txt"
    path.write_text(result.out)
    replayed = run_cli("replay", "CF1-D3-AAAAAAC", str(path), "--no-worry-back")
    assert replayed.status == 0, replayed.err
    assert replayed.out.splitlines()[-1] == "won"


def test_ascii_output_replays_under_draw_1(run_cli, tmp_path):
    result = run_cli("solve", "CF1-D1-AAAAAAD", "--ascii")
    assert result.status == 0 and "♥" not in result.out and "♠" not in result.out
    path = tmp_path / "moves.txt"
    path.write_text(result.out)
    assert run_cli("replay", "CF1-D1-AAAAAAD", str(path)).out.splitlines()[-1] == "won"


def test_json_output(run_cli):
    result = run_cli("solve", "CF1-D1-AAAAAAD", "--json", "--ascii", "--moves", "whole")
    assert result.status == 0
    data = json.loads(result.out)
    assert set(data) == {"verdict", "draw", "rules", "moves", "nodes", "seconds", "limit_hit"}
    assert (data["verdict"], data["draw"], data["rules"], data["limit_hit"]) == (
        "winnable", 1, "worry-back moves-whole passes-unlimited", None)
    assert all(move in ("draw", "recycle") or " -> " in move for move in data["moves"])
    assert any(move.startswith("reserve ") for move in data["moves"]) and not any("♥" in m for m in data["moves"])
    assert data["nodes"] > 0 and data["seconds"] >= 0


def test_unknown_and_unwinnable_exit_zero(run_cli, tmp_path, make_position):
    unknown = run_cli("solve", "CF1-D3-AAAAAAA", "--no-worry-back", "--max-nodes", "50", "--json")
    assert unknown.status == 0
    data = json.loads(unknown.out)
    assert (data["verdict"], data["limit_hit"], data["moves"], data["nodes"]) == ("unknown", "nodes", [], 50)
    path = tmp_path / "stuck.json"
    path.write_text(json.dumps(position_to_dict(no_move_position(make_position))))
    stuck = run_cli("solve", str(path))
    assert stuck.status == 0
    assert stuck.out.startswith("# unwinnable: ") and len(stuck.out.splitlines()) == 1


def test_bad_memory_size_is_one_line_and_status_2(run_cli):
    result = run_cli("solve", "CF1-D3-AAAAAAC", "--memory", "12X")
    assert result.status == 2 and result.out == ""
    assert result.err == ("error: Invalid value for '--memory': '12X' is not a size: write a number with K, M or G, "
                          "for example 512M or 2G (see 'canfield-solver solve --help')\n")
    tiny = run_cli("solve", "CF1-D3-AAAAAAC", "--memory", "100")
    assert tiny.status == 2 and tiny.err.startswith("error: Invalid value for '--memory': 100 is not from 64K to ")


@pytest.mark.parametrize("text, size", [("512M", 512 << 20), ("2G", 2 << 30), ("64k", 64 << 10), ("1000", 1000),
                                        ("1.5G", 3 << 29), ("256MiB", 256 << 20)])
def test_parse_size(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["12X", "", "G", "-1M", "0"])
def test_parse_size_rejects(text):
    with pytest.raises(ValueError):
        parse_size(text)
