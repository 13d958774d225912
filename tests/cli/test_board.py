"""The text board of ``show`` and ``--board``: layout, the waste fan, colour, ASCII."""

import io

from canfield_solver.cli.board import Style, board_lines, card_cell, face_down_cell, render_board, use_color
from canfield_solver.core.cards import parse_card
from canfield_solver.core.referee import DRAW, Move, apply
from canfield_solver.core.rules import Rules

START_BOARD = [
    "Foundations  [ 7♥]  1   [  ♠]  0   [  ♦]  0   [  ♣]  0   starting rank 7",
    "Reserve      [ Q♣] 13",
    "Stock        [░░░] 34   Waste  [   ]  0",
    "Score        0",
    "Columns        1          2          3          4",
    "             [ 6♣]      [ K♥]      [ Q♥]      [ A♠]",
]


def test_the_worked_example_as_a_board(worked_example):
    assert board_lines(worked_example, 3) == START_BOARD


def test_the_waste_is_fanned_by_the_draw_mode(worked_example):
    after = apply(apply(worked_example, Move(DRAW), Rules(draw=3)), Move(DRAW), Rules(draw=3))
    # Stock top JC, KC, AD turned first, then 2D, 3D, 4D: the waste top is 4♦, rightmost.
    assert board_lines(after, 3)[2] == "Stock        [░░░] 28   Waste  [ 2♦][ 3♦][ 4♦]  6"
    assert board_lines(after, 1)[2] == "Stock        [░░░] 28   Waste  [ 4♦]  6"


def test_columns_go_down_and_empty_piles_show(make_position):
    position = make_position("7H", [["6C", "5H", "4S"], ["6H", "5S"], ["6S"], []], stock=(), waste=["5C"],
                             foundations=["4C", "6D", "3S", "4H"], score=40, recycles=2)
    lines = board_lines(position, 3, Style(ascii=True))
    assert lines[0] == "Foundations  [ 4H] 11   [ 3S] 10   [ 6D] 13   [ 4C] 11   starting rank 7"
    assert lines[1:4] == ["Reserve      [   ]  0", "Stock        [   ]  0   Waste  [ 5C]  1", "Score        40, 2 recycles"]
    assert lines[5:] == ["             [ 6C]      [ 6H]      [ 6S]      [   ]",
                         "             [ 5H]      [ 5S]",
                         "             [ 4S]"]


def test_colour_marks_red_suits_only(worked_example):
    coloured = render_board(worked_example, 3, Style(color=True))
    assert "\x1b[31m K♥\x1b[0m" in coloured and "\x1b[31m Q♥\x1b[0m" in coloured and "\x1b[31m♦\x1b[0m" in coloured
    assert "\x1b[31m Q♣" not in coloured and "\x1b[31m A♠" not in coloured
    assert "\x1b" not in render_board(worked_example, 3, Style(color=False))
    assert card_cell(parse_card("10H"), Style(ascii=True)) == "[10H]" and face_down_cell(Style(ascii=True)) == "[###]"


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_use_color_honours_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color("auto", FakeTerminal()) and not use_color("auto", io.StringIO())
    assert use_color("always", io.StringIO()) and not use_color("never", FakeTerminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color("auto", FakeTerminal()) and use_color("always", FakeTerminal())


def test_show_draws_the_board(run_cli, worked_example_data, tmp_path):
    path = tmp_path / "example.json"
    path.write_text(__import__("json").dumps(worked_example_data))
    result = run_cli("show", str(path))
    assert (result.status, result.err) == (0, "")
    assert result.out.splitlines() == [f"Deal {path}, draw 3."] + START_BOARD
    coloured = run_cli("show", str(path), "--color", "always").out  # not a terminal, yet coloured
    assert "\x1b[31m K♥\x1b[0m" in coloured
    assert run_cli("show", str(path), "--ascii").out.splitlines()[3] == "Stock        [###] 34   Waste  [   ]  0"
    assert run_cli("show", str(path), "--color", "sometimes").status == 2
