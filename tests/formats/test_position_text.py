"""Position text: typed as a player would, read back as written, and refused line by line."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canfield_solver.core.hidden import hide
from canfield_solver.core.position import DealError
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.position_text import format_position_text, parse_position_text, read_position_file
from tests.support.docs import PROJECT
from tests.support.positions import random_play

# the worked example of docs/rules.md as the app shows it at the start, typed by a player (docs/positions.md).
TYPED = """\
# CF1-D3-AAAAACL in the app, at the start
base: 7H
reserve: 12 hidden, QC
column 1: 6C
column 2: KH
column 3: QH
column 4: AS
stock: 34 hidden
"""

# After its first three moves (docs/rules.md): a typed position with a waste and a score.
TYPED_LATER = """\
base: 7♥
draw: 3
foundations: 8♥
reserve: 9 hidden, J♠
column 1: 6♣
column 2: Q♠
column 3: Q♥
column 4: A♠ K♥ Q♣
stock: 34 hidden
score: 5
"""


def test_the_worked_example_typed_as_a_player_would(worked_example):
    assert parse_position_text(TYPED) == (hide(worked_example, 3), None)


def test_a_later_position_typed_with_symbols(worked_example, worked_example_moves):
    from canfield_solver.core.referee import apply
    from canfield_solver.core.rules import Rules
    from canfield_solver.formats.move_text import parse_move

    position = worked_example
    for text in worked_example_moves:
        position = apply(position, parse_move(text, position), Rules(draw=3))
    assert parse_position_text(TYPED_LATER) == (hide(position, 3), 3)


def test_every_line_is_written_and_reads_back(worked_example):
    text = format_position_text(hide(worked_example, 3), 3, ascii=True)
    assert text == ("base: 7H\ndraw: 3\nfoundations: 7H\nreserve: 12 hidden, QC\ncolumn 1: 6C\ncolumn 2: KH\n"
                    "column 3: QH\ncolumn 4: AS\nstock: 34 hidden\nwaste: empty\nscore: 0\nrecycles: 0\n")
    assert parse_position_text(text) == (hide(worked_example, 3), 3)


def test_round_trip_of_played_positions_seen_and_hidden(played_positions):
    for rules, position in played_positions:
        for shown in (position, hide(position, rules.draw)):
            for ascii in (False, True):
                assert parse_position_text(format_position_text(shown, rules.draw, ascii)) == (shown, rules.draw)
            assert parse_position_text(format_position_text(shown)) == (shown, None)


_GAMES = list(random_play(6, steps=120, seed=23))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_GAMES), st.booleans(), st.booleans(), st.sampled_from([None, 1, 3]))
def test_round_trip_property(game, hidden, ascii, draw):
    rules, position = game
    shown = hide(position, rules.draw) if hidden else position
    assert parse_position_text(format_position_text(shown, draw, ascii)) == (shown, draw)


def test_show_position_text_reads_back_through_every_command(run_cli, tmp_path):
    result = run_cli("show", "CF1-D1-AAAAACL", "--position-text")
    path = tmp_path / "deal.txt"
    path.write_text(result.out)
    assert run_cli("show", str(path), "--json").out == run_cli("show", "CF1-D1-AAAAACL", "--json").out
    assert run_cli("solve", str(path), "--json").out.split('"nodes"')[0] == \
        run_cli("solve", "CF1-D1-AAAAACL", "--json").out.split('"nodes"')[0]


def test_json_or_text_by_the_first_non_blank_character(tmp_path, worked_example, worked_example_data):
    json_path = tmp_path / "deal"
    json_path.write_text("\n  " + json.dumps(worked_example_data))
    text_path = tmp_path / "deal.json"  # the name does not decide
    text_path.write_text(format_position_text(worked_example, 3))
    assert read_position_file(str(json_path)) == read_position_file(str(text_path)) == (worked_example, 3)
    assert setup_game(str(text_path)).position == worked_example


def test_left_out_lines_default_as_in_the_deal_file(worked_example, worked_example_data):
    # No foundations line: only the base card is up; no waste, score or recycles: empty, 0, 0.
    lines = [f"base: {worked_example_data['base']}", "reserve: " + ", ".join(worked_example_data["reserve"]),
             "stock: " + " ".join(worked_example_data["stock"])]
    lines += [f"col{number} : {column[0]}" for number, column in enumerate(worked_example_data["tableau"], start=1)]
    assert parse_position_text("\n".join(lines)) == (worked_example, None)


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("column 4: AS\n", ""), "no 'column 4' line (write 'column 4: empty' for an empty column)"),
    (lambda t: t.replace("stock: 34 hidden", "stock: 34"), "line 8: '34' is not a card; write 'N hidden'"),
    (lambda t: t + "column 2: KH\n", "line 9: column 2 is given twice"),
    (lambda t: t + "column 5: KH\n", "line 9: there are only columns 1 to 4"),
    (lambda t: t + "tableau: KH\n", "line 9: unknown line 'tableau'"),
    (lambda t: t + "score five\n", "line 9: write one pile a line as 'name: cards'"),
    (lambda t: t + "score: -5\n", "line 9: '-5' is not a whole number"),
    (lambda t: t.replace("QC", "QX"), "reserve: unknown card 'QX'"),
    (lambda t: t.replace("12 hidden", "11 hidden"), "45 '??' but 46 card(s) not named"),
    (lambda t: t.replace("base: 7H\n", ""), "no 'base' line"),
])
def test_bad_position_text_is_refused_with_the_line(run_cli, tmp_path, change, message):
    path = tmp_path / "bad.txt"
    path.write_text(change(TYPED))
    with pytest.raises(DealError, match="^position file "):
        read_position_file(str(path))
    result = run_cli("show", str(path))
    assert (result.status, result.out) == (2, "")
    assert result.err.startswith(f"error: position file {path}: {message}") and result.err.count("\n") == 1


def test_the_examples_of_docs_positions_read():
    import re

    from canfield_solver.core.cards import parse_card

    text = (PROJECT / "docs" / "positions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```text\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    assert parse_position_text(blocks[0]) == parse_position_text(TYPED)
    assert parse_position_text(blocks[1]) == parse_position_text(TYPED_LATER)
    later, draw = parse_position_text(blocks[2])
    assert later.waste[-3:] == tuple(map(parse_card, ("4C", "9D", "2S"))) and len(later.waste) == 6 and draw == 3
