"""Compact move lists (steps): grouping, reading back, and the replay options that go with them."""

import json
import re

import pytest

from canfield_solver.core.cards import card_name
from canfield_solver.core.referee import DRAW, FOUNDATION, RECYCLE, WASTE, Move, apply, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_from_dict
from canfield_solver.formats.move_text import NotationError
from canfield_solver.formats.step_text import format_steps, group_steps, replay_lines, split_step
from canfield_solver.solving.solver import solve

CODE, FLAGS = "CF1-D3-AAAAAAC", ("--no-worry-back",)


@pytest.fixture(scope="module")
def won():
    setup = setup_game(CODE)
    rules = Rules(draw=3, worry_back=False)
    return setup.position, rules, solve(setup.position, rules).moves


def test_steps_join_stock_actions_to_the_play_after_them(won):
    start, rules, moves = won
    steps = group_steps(moves)
    assert [i for step in steps for i in step] == list(range(len(moves)))  # every move once, in order
    for step in steps:
        *stock, play = [moves[i] for i in step]
        assert all(move.kind in (DRAW, RECYCLE) for move in stock) and play.kind not in (DRAW, RECYCLE)
    lines = format_steps(start, moves, rules)
    assert len(lines) == len(steps) <= len(moves)
    assert lines[-1].endswith("score 255  tap")  # the last card goes up with one tap


def test_a_step_line_counts_its_draws_and_names_its_play(won):
    # Two steps of CF1-D3-AAAAAAC written out by hand: 11 draws, then one more and a recycle.
    start, rules, _ = won
    moves = [Move(DRAW)] * 11 + [Move(WASTE, FOUNDATION)] + [Move(DRAW), Move(RECYCLE)] + [Move(DRAW)] * 7 \
        + [Move(WASTE, FOUNDATION)]
    assert format_steps(start, moves, rules) == ["  1. draw ×11, waste 8♦ -> foundation  score 5  tap",
                                                 "  2. draw ×1, recycle, draw ×7, waste 7♣ -> foundation  score 10  tap"]
    assert format_steps(start, moves, rules, ascii=True)[1] == "  2. draw x1, recycle, draw x7, waste 7C -> foundation  score 10  tap"


def test_compact_and_full_lists_read_back_to_the_same_moves(won):
    start, rules, moves = won
    for lines in (format_steps(start, moves, rules), format_steps(start, moves, rules, ascii=True)):
        played = replay_lines(lines, start, rules)
        assert played.illegal is None and played.moves == moves
        assert played.positions == positions_after(start, moves, rules) and played.positions[-1].is_won
    assert replay_lines(format_steps(start, moves, rules), start, rules, upto=13).moves == moves[:13]


def test_split_step():
    assert split_step(" 3. draw ×2, recycle, draw x1, waste 8H -> column 1  score 5  tap") == [
        "draw", "draw", "recycle", "draw", "waste 8H -> column 1"]
    assert split_step("waste 8♥ → foundation") == ["waste 8♥ → foundation"]
    assert split_step("  # a comment") == [] and split_step("DRAW X3") == ["draw"] * 3
    with pytest.raises(NotationError, match="draw from 1 to 52 times"):
        split_step("draw ×0, waste 8H -> column 1")
    with pytest.raises(NotationError, match="an empty part between commas"):
        split_step("draw ×2,, waste 8H -> column 1")


def test_solve_prints_steps_and_full_prints_moves(run_cli, tmp_path):
    compact = run_cli("solve", CODE, *FLAGS)
    full = run_cli("solve", CODE, *FLAGS, "--full")
    data = json.loads(run_cli("solve", CODE, *FLAGS, "--json").out)
    count = len(data["moves"])
    header = compact.out.splitlines()[0]
    assert f"; {count} moves, " in header and f"; {count} moves, " in full.out.splitlines()[0]
    assert len(full.out.splitlines()) == count + 1 > len(compact.out.splitlines())
    for result in (compact, full):
        path = tmp_path / "moves.txt"
        path.write_text(result.out, encoding="utf-8")
        replayed = run_cli("replay", CODE, str(path), *FLAGS)
        assert replayed.status == 0 and replayed.out.endswith("\nwon\n")
        assert replayed.out.splitlines()[-2] == f"   {replayed.out.splitlines()[-2].strip()}"
        assert re.search(rf"\n{count}\. [^\n]+ -> foundation  score 255\n", replayed.out)  # single moves, counted


def test_an_illegal_move_inside_a_compact_line(run_cli):
    result = run_cli("replay", CODE, "-", *FLAGS, input="draw ×11, waste 8D -> foundation\ndraw x1, recycle, draw ×2, recycle\n")
    assert result.status == 1
    assert result.err == "move 17 (line 2) is illegal: recycle: the stock is not empty yet\n"


def test_board_after_every_line(run_cli, won):
    result = run_cli("solve", CODE, *FLAGS, "--board-every", "40", "--ascii")
    lines = result.out.splitlines()
    steps = [line for line in lines[1:] if line[:4].strip().rstrip(".").isdigit()]
    boards = [i for i, line in enumerate(lines) if line.startswith("Foundations  ")]
    assert len(boards) == 1 + len(steps) // 40 + (len(steps) % 40 > 0)  # the start, every 40th, the last
    assert lines[boards[1] - 1].startswith(" 40. ") and lines[-1].startswith(" " * 13 + "[   ]")
    assert "Foundations  [ 6D] 13   [ 6H] 13   [ 6S] 13   [ 6C] 13" in lines[boards[-1]]
    replayed = run_cli("replay", CODE, "-", *FLAGS, "--board", input="draw\ndraw\n").out.splitlines()
    assert replayed[0].startswith("Foundations  [ 7♦]  1") and replayed[6] == "1. draw  score 0"
    waste = apply(won[0], Move(DRAW), won[1]).waste
    assert replayed[9] == "Stock        [░░░] 31   Waste  " + "".join(f"[{card_name(c):>3}]" for c in waste) + "  3"


def test_replay_upto_writes_the_position(run_cli, tmp_path, won):
    start, rules, moves = won
    listing = tmp_path / "moves.txt"
    listing.write_text("\n".join(format_steps(start, moves, rules)), encoding="utf-8")
    target = tmp_path / "here.json"
    result = run_cli("replay", CODE, str(listing), *FLAGS, "--upto", "100", "--position", str(target))
    assert result.status == 0 and result.out.splitlines()[-3].startswith("100. ")
    position, draw = position_from_dict(json.loads(target.read_text()))
    assert (position, draw) == (positions_after(start, moves[:100], rules)[-1], 3)
    assert run_cli("show", str(target)).status == 0
    assert run_cli("solve", str(target), *FLAGS).out.startswith("# winnable: ")
    # An existing file is kept unless --force; a list too short writes nothing.
    before = target.read_text()
    refused = run_cli("replay", CODE, str(listing), *FLAGS, "--upto", "5", "--position", str(target))
    assert (refused.status, refused.out) == (2, "")
    assert refused.err == f"error: {target} exists already: give another file name, or --force to replace it\n"
    assert target.read_text() == before
    forced = run_cli("replay", CODE, str(listing), *FLAGS, "--upto", "5", "--position", str(target), "--force")
    assert forced.status == 0 and position_from_dict(json.loads(target.read_text()))[0] == \
        positions_after(start, moves[:5], rules)[-1]
    short = tmp_path / "short.json"
    result = run_cli("replay", CODE, str(listing), *FLAGS, "--upto", "999", "--position", str(short))
    assert (result.status, result.err) == (2, f"error: --upto 999: the move list has only {len(moves)} moves\n")
    assert not short.exists()
