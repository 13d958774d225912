"""Move text (printed and parsed, round trip) and position text in the app's wording."""

import pytest

from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, IllegalMove, Move, apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.move_text import NotationError, format_move, format_move_list, parse_move, strip_line
from canfield_solver.formats.position_line import describe_position

# docs/rules.md, worked example, "After move 3", verbatim.
RULES_MD_AFTER_MOVE_3 = (
    "stock 34 cards; waste empty; reserve 10 cards, top J♠; foundations, starting rank 7: hearts up to 8♥ "
    "(2), spades empty, diamonds empty, clubs empty; column 1: 6♣; column 2: Q♠; column 3: Q♥; column 4: "
    "A♠, K♥, Q♣."
)
# The same state in our wording (that of the app in the seeds: "Stock: 34 cards; waste empty; reserve:
# 13 cards, top: Q♣. Foundations, starting rank 7: hearts up to 7♥ (1), ...").
AFTER_MOVE_3 = (
    "Stock: 34 cards; waste empty; reserve: 10 cards, top: J♠. Foundations, starting rank 7: hearts up to "
    "8♥ (2), spades empty, diamonds empty, clubs empty. Column 1: 6♣; column 2: Q♠; column 3: Q♥; "
    "column 4: A♠, K♥, Q♣."
)
START = (
    "Stock: 34 cards; waste empty; reserve: 13 cards, top: Q♣. Foundations, starting rank 7: hearts up to "
    "7♥ (1), spades empty, diamonds empty, clubs empty. Column 1: 6♣; column 2: K♥; column 3: Q♥; "
    "column 4: A♠."
)


def words(text):
    """Text without case and punctuation differences: what is said, not how it is punctuated."""
    for mark in ".:;,":
        text = text.replace(mark, " ")
    return text.lower().split()


def test_worked_example_text(worked_example, worked_example_moves):
    assert describe_position(worked_example) == START  # the issue's example of `show`, word for word
    position = worked_example
    for line in worked_example_moves:
        position = apply(position, parse_move(line, position), Rules())
    assert describe_position(position) == AFTER_MOVE_3
    assert words(AFTER_MOVE_3) == words(RULES_MD_AFTER_MOVE_3)
    assert position.score == 5


def test_worked_example_moves_print_as_in_the_issue(worked_example, worked_example_moves):
    rules = Rules()
    moves = [Move(RESERVE, COLUMN, target_index=1), Move(RESERVE, FOUNDATION), Move(COLUMN, COLUMN, 1, 3, 2)]
    position = worked_example
    texts = []
    for move in moves:
        texts.append(format_move(move, position))
        assert format_move(move, position, ascii=True) == texts[-1].replace("♣", "C").replace(
            "♥", "H").replace("♠", "S")
        position = apply(position, move, rules)
    assert texts == worked_example_moves
    lines = format_move_list(worked_example, moves, rules)
    assert [line.removesuffix("  tap") for line in lines] == [  # the tap mark belongs to ``tap``
        "  1. reserve Q♣ -> column 2  score 0",
        "  2. reserve 8♥ -> foundation  score 5",
        "  3. column 2 K♥..Q♣ -> column 4  score 5",
    ]
    position = worked_example
    for line, move in zip(lines, moves, strict=True):  # printed lists replay as they are
        assert parse_move(line, position) == move
        position = apply(position, move, rules)


def test_position_text_edges(make_position):
    position = make_position("10C", [["9S", "8H"], ["5H"], [], []], stock=["6H", "9H"],
                             foundations=["9D", "6S", "9C", "4H"], waste=["7S", "8S", "7H"])
    # Base suit first, then hearts, spades, diamonds; full foundations and empty columns.
    assert describe_position(position) == (
        "Stock: 2 cards; waste: 3 cards, top: 7♥; reserve empty. Foundations, starting rank 10: clubs up to "
        "9♣ (13), hearts up to 4♥ (8), spades up to 6♠ (10), diamonds up to 9♦ (13). Column 1: 9♠, 8♥; "
        "column 2: 5♥; column 3: empty; column 4: empty."
    )
    single = make_position("JD", [["10H", "9S", "8H"], ["5H"], ["6H"], ["7H"]], stock=["10S"], reserve=["9H"],
                           foundations=["10D", "7S", "10C", "4H"], waste=["8S"])
    assert describe_position(single, ascii=True) == (
        "Stock: 1 card; waste: 1 card, top: 8S; reserve: 1 card, top: 9H. Foundations, starting rank J: "
        "diamonds up to 10D (13), hearts up to 4H (7), spades up to 7S (10), clubs up to 10C (13). "
        "Column 1: 10H, 9S, 8H; column 2: 5H; column 3: 6H; column 4: 7H."
    )


@pytest.mark.parametrize("line, expected", [
    ("draw", Move(DRAW)),
    ("  RECYCLE  ", Move(RECYCLE)),
    ("reserve QC -> column 2", Move(RESERVE, COLUMN, target_index=1)),
    ("Reserve q♣ → Column 2", Move(RESERVE, COLUMN, target_index=1)),
    ("reserve QC to column 2", Move(RESERVE, COLUMN, target_index=1)),
    ("reserve QC->column2", Move(RESERVE, COLUMN, target_index=1)),
    ("  1. reserve Q♣ -> column 2  score 0", Move(RESERVE, COLUMN, target_index=1)),
    ("12) reserve Q♣ -> column 2 tap # comment", Move(RESERVE, COLUMN, target_index=1)),
    ("column 2 K♥ -> column 4", Move(COLUMN, COLUMN, 1, 3, 1)),
    ("column 4 A♠ -> foundation", Move(COLUMN, FOUNDATION, 3, -1, 1)),
])
def test_parse_move_spellings(worked_example, line, expected):
    assert parse_move(line, worked_example) == expected


def test_a_run_may_be_named_by_its_first_card(worked_example):
    position = apply(worked_example, Move(RESERVE, COLUMN, target_index=1), Rules())
    run = Move(COLUMN, COLUMN, 1, 3, 2)
    assert parse_move("column 2 KH..QC -> column 4", position) == run
    assert parse_move("column 2 K♥ -> column 4", position) == run


@pytest.mark.parametrize("line, error, message", [
    ("jump", NotationError, "cannot read move 'jump': write e.g. 'draw', 'recycle', 'reserve QC -> column 2', "
                            "'column 2 KH..QC -> column 4', 'waste 8H -> foundation'"),
    ("reserve QC -> column 5", NotationError, "'reserve QC -> column 5': there are only columns 1 to 4"),
    ("column 0 6C -> column 2", NotationError, "'column 0 6C -> column 2': there are only columns 1 to 4"),
    ("reserve QX -> column 2", NotationError,
     "'reserve QX -> column 2': unknown card 'QX': write a rank (A, 2-10, J, Q, K) then a suit "
     "(C, D, H, S or ♣♦♥♠), for example QC or 10♥"),
    ("reserve QC..JH -> column 2", NotationError, "'reserve QC..JH -> column 2': only a column moves a run of cards"),
    ("reserve 8H -> foundation", IllegalMove, "8♥ is not the playable card of the reserve"),
    ("waste 8H -> foundation", IllegalMove, "8♥ is not the playable card of the waste"),
    ("foundation 8H -> column 1", IllegalMove, "8♥ is not the playable card of the foundation"),
    ("column 1 KH -> column 4", IllegalMove, "K♥ is not in column 1"),
    ("column 2 KH..QC -> column 4", IllegalMove, "Q♣ is not the top card of column 2"),
])
def test_parse_move_errors(worked_example, line, error, message):
    with pytest.raises(error) as info:
        parse_move(line, worked_example)
    assert str(info.value) == message


def test_format_move_needs_a_card(worked_example):
    with pytest.raises(IllegalMove, match="has no card to move in this position"):
        format_move(Move(COLUMN, COLUMN, 0, 1, count=3), worked_example)


def test_strip_line():
    assert strip_line("  7. waste 8♥ -> foundation  score 35  # nice") == "waste 8♥ -> foundation"
    assert strip_line("# only a comment") == ""


def test_round_trip_over_all_legal_moves_of_many_positions(played_positions):
    checked = set()
    starts = [(Rules(), position_from_code(f"CF1-D3-AAAAA{x}A")) for x in "ABCDEFGHIJ"]
    for rules, position in starts + played_positions:
        for move in legal_moves(position, rules):
            for ascii in (False, True):
                text = format_move(move, position, ascii)
                assert parse_move(text, position) == move, text
            checked.add(move.kind + move.target)
    assert checked == {"draw", "recycle", "reservecolumn", "reservefoundation", "wastecolumn",
                       "wastefoundation", "columncolumn", "columnfoundation", "foundationcolumn"}
