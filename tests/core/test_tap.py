"""Tap marks: what one tap on a card does in the app, and the ``tap`` mark in printed move lists."""

import json

import pytest

from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, apply, why_illegal
from canfield_solver.core.rules import Rules
from canfield_solver.core.tap import is_tap, tap_move
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.move_text import format_move_list, parse_move

APP = Rules()


def test_a_card_that_fits_its_foundation_goes_there_before_any_column(make_position):
    # Waste top 8♥ fits the heart foundation (7♥) and also 9♠ in column 2.
    position = make_position("7H", [["KD"], ["9S"], ["4C"], ["QD"]], ["2C", "3C"], waste=["5D", "8H"])
    assert tap_move(position, WASTE, APP) == Move(WASTE, FOUNDATION)
    assert is_tap(position, parse_move("waste 8H -> foundation", position), APP)
    assert not is_tap(position, parse_move("waste 8H -> column 2", position), APP)


def test_otherwise_the_longest_column_that_takes_it(make_position):
    # Reserve top 8♣ fits column 1 (9♥, one card) and column 3 (10♣ 9♦, two cards).
    position = make_position("KS", [["9H"], ["4D"], ["10C", "9D"], ["QD"]], ["2C", "8C"])
    assert tap_move(position, RESERVE, APP) == Move(RESERVE, COLUMN, target_index=2)
    assert is_tap(position, parse_move("reserve 8C -> column 3", position), APP)
    assert not is_tap(position, parse_move("reserve 8C -> column 1", position), APP)


def test_equally_long_columns_go_to_the_leftmost(make_position):
    position = make_position("KS", [["4D"], ["9H"], ["JS"], ["9D"]], ["2C", "8C"])
    assert tap_move(position, RESERVE, APP) == Move(RESERVE, COLUMN, target_index=1)
    assert not is_tap(position, parse_move("reserve 8C -> column 4", position), APP)


def test_then_an_empty_column_the_leftmost_one(make_position):
    # Reserve empty, columns 2 and 4 empty; waste top 5♠ fits no column and no foundation.
    position = make_position("KS", [["9H"], [], ["JS"], []], [], waste=["5S"])
    assert tap_move(position, WASTE, APP) == Move(WASTE, COLUMN, target_index=1)
    assert is_tap(position, parse_move("waste 5S -> column 2", position), APP)
    assert not is_tap(position, parse_move("waste 5S -> column 4", position), APP)


def test_a_card_inside_a_column_carries_the_run_above_it(make_position):
    # Tapping 8♥ in column 1 (9♣ 8♥ 7♣) moves 8♥ 7♣: onto 9♠ (column 4), the only column that takes it.
    position = make_position("KD", [["9C", "8H", "7C"], ["JD"], ["4H"], ["10D", "9S"]], ["2C", "3C"])
    assert tap_move(position, COLUMN, APP, source_index=0, count=2) == Move(COLUMN, COLUMN, 0, 3, 2)
    assert is_tap(position, parse_move("column 1 8H..7C -> column 4", position), APP)
    # With PySolFC's rules a run moves only as a whole column: the tap does nothing.
    assert tap_move(position, COLUMN, Rules(moves="whole"), source_index=0, count=2) is None


def test_a_column_top_card_that_fits_its_foundation(make_position):
    # 2♦ on top of column 2 goes to the diamond foundation (A♦), although 3♠ in column 3 would take it.
    position = make_position("AD", [["9H"], ["2D"], ["3S"], ["QD"]], ["2C", "4C"])
    assert tap_move(position, COLUMN, APP, source_index=1) == Move(COLUMN, FOUNDATION, source_index=1)
    assert is_tap(position, parse_move("column 2 2D -> foundation", position), APP)
    assert not is_tap(position, parse_move("column 2 2D -> column 3", position), APP)


def test_a_card_with_nowhere_to_go_and_moves_no_tap_makes(make_position):
    position = make_position("KS", [["4D"], ["9H"], ["JS"], ["AS"]], ["2C", "8C"], foundations=["KS", "KH"])
    assert tap_move(position, WASTE, APP) is None  # the waste is empty
    assert tap_move(position, COLUMN, APP, source_index=0) is None  # 4♦ fits nowhere
    back = Move(FOUNDATION, COLUMN, source_index=2, target_index=3)  # K♥ back onto A♠: legal, but dragged
    assert why_illegal(position, back, APP) is None
    for move in (Move(DRAW), back):
        assert not is_tap(position, move, APP)
    emptied = position.with_changes(stock=(), waste=position.stock)
    assert not is_tap(emptied, Move(RECYCLE), APP)
    with pytest.raises(ValueError):
        tap_move(position, FOUNDATION, APP)


def test_the_worked_example_of_rules_md_is_played_by_taps(worked_example, worked_example_moves):
    """Q♣ onto K♥ (the only column that takes it), 8♥ home, K♥..Q♣ onto A♠: three single taps."""
    position, marks = worked_example, []
    for line in worked_example_moves:
        move = parse_move(line, position)
        marks.append(is_tap(position, move, APP))
        position = apply(position, move, APP)
    assert marks == [True, True, True]
    lines = format_move_list(worked_example, [parse_move(worked_example_moves[0], worked_example)], APP)
    assert lines == ["  1. reserve Q♣ -> column 2  score 0  tap"]


def test_move_lists_mark_the_taps_and_replay_reads_them(make_position, run_cli, tmp_path):
    position = make_position("KS", [["9H"], ["4D"], ["10C", "9D"], ["QD"]], ["3C", "8C"], waste=["KH"])
    text = ["reserve 8C -> column 1", "waste KH -> foundation", "reserve 3C -> column 2", "draw"]
    moves, current = [], position
    for line in text:
        moves.append(parse_move(line, current))
        current = apply(current, moves[-1], APP)
    lines = format_move_list(position, moves, APP, ascii=True)
    assert lines == [
        "  1. reserve 8C -> column 1  score 0",  # not a tap: column 3 (10♣ 9♦) is longer
        "  2. waste KH -> foundation  score 5  tap",
        "  3. reserve 3C -> column 2  score 5  tap",
        "  4. draw  score 5",  # a tap on the stock, never marked
    ]
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(position_to_dict(position)))
    listing = tmp_path / "moves.txt"
    listing.write_text("\n".join(lines) + "\n")
    result = run_cli("replay", str(deal), str(listing), "--ascii")
    assert (result.status, result.err) == (0, "")
    assert "3. reserve 3C -> column 2  score 5" in result.out
    assert result.out.splitlines()[-1] == "not won: 2 of 52 cards on the foundations"
