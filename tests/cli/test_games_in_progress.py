"""Games in progress: deal files with foundations, waste, score and recycles in show, replay and solve."""

import json
import re

import pytest

from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.referee import apply
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_argument import load_game, setup_game
from canfield_solver.formats.deal_file import position_from_dict, position_to_dict
from canfield_solver.formats.move_text import parse_move

# A game in progress, as a player would write it: hearts up to 9♥, spades up to 8♠, diamonds at 7♦.
IN_PROGRESS = {
    "base": "7H",
    "reserve": ["2C", "9S", "5D"],
    "tableau": [["KS", "QH", "JC"], ["10D"], ["6C"], ["3S"]],
    "stock": ["KC", "QC", "4H", "6D", "2S", "4S", "JS", "JH", "AD", "2H", "4C", "7C", "9C", "KD", "10S", "AC", "5S",
              "6H", "QD", "3D", "AS", "9D", "2D", "5C", "8C", "6S", "3H", "10C", "10H", "3C", "KH", "8D", "5H", "JD"],
    "waste": ["4D", "AH", "QS"],
    "foundations": ["7D", "9H", "8S"],
    "score": 25,
    "recycles": 1,
}
IN_PROGRESS_TEXT = (
    "Stock: 34 cards; waste: 3 cards, top: QS; reserve: 3 cards, top: 5D. Foundations, starting rank 7: "
    "hearts up to 9H (3), spades up to 8S (2), diamonds up to 7D (1), clubs empty. "
    "Column 1: KS, QH, JC; column 2: 10D; column 3: 6C; column 4: 3S."
)


@pytest.fixture
def in_progress_file(tmp_path):
    path = tmp_path / "in_progress.json"
    path.write_text(json.dumps(IN_PROGRESS))
    return str(path)


def test_a_game_in_progress_loads_as_it_stands(in_progress_file):
    game = load_game(in_progress_file)
    assert not game.fresh
    position = game.position
    assert (position.score, position.recycles, len(position.waste), len(position.stock)) == (25, 1, 3, 34)
    assert position.foundations == (0, 1, 3, 2)  # clubs, diamonds, hearts, spades
    assert position_to_dict(position) == IN_PROGRESS


def test_show_prints_it_and_json_gives_it_back(run_cli, in_progress_file):
    result = run_cli("show", in_progress_file, "--ascii", "--line")
    assert (result.status, result.out) == (0, f"Deal {in_progress_file}, draw 3.\n{IN_PROGRESS_TEXT}\n")
    result = run_cli("show", in_progress_file, "--json")
    assert json.loads(result.out) == {**IN_PROGRESS, "draw": 3}


def test_no_automatic_first_turn_on_a_game_in_progress(run_cli, in_progress_file):
    assert setup_game(in_progress_file, RuleOptions("pysolfc")).position == load_game(in_progress_file).position
    result = run_cli("show", in_progress_file, "--rules", "pysolfc", "--ascii", "--line")
    assert result.out.splitlines()[1] == IN_PROGRESS_TEXT


def test_replay_continues_from_it_with_its_score(run_cli, in_progress_file, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text(
        "reserve 5D -> column 3\n"
        "column 2 10D -> column 1\n"  # column 2 empties: the reserve's 9♠ fills it
        "column 2 9S -> column 1\n"  # and then its last card, 2♣
        "draw\n"
        "waste 8D -> foundation\n"
    )
    result = run_cli("replay", in_progress_file, str(moves), "--ascii")
    assert (result.status, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[0] == IN_PROGRESS_TEXT
    assert lines[1] == "1. reserve 5D -> column 3  score 25"
    assert lines[9] == "5. waste 8D -> foundation  score 30"
    assert lines[10] == (
        "   Stock: 31 cards; waste: 5 cards, top: 5H; reserve empty. Foundations, starting rank 7: "
        "hearts up to 9H (3), spades up to 8S (2), diamonds up to 8D (2), clubs empty. "
        "Column 1: KS, QH, JC, 10D, 9S; column 2: 2C; column 3: 6C, 5D; column 4: 3S."
    )
    assert lines[-1] == "not won: 7 of 52 cards on the foundations"


def test_a_saved_game_with_the_base_card_returned_resumes(run_cli, tmp_path):
    """Save a game after a foundation return of the base card itself, then show and replay it."""
    setup = setup_game("pysol:123", RuleOptions("app"))
    returned = apply(setup.position, parse_move("foundation 7C -> column 4", setup.position), setup.rules)
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(position_to_dict(returned, 3)))
    assert load_game(str(path)).position == returned
    result = run_cli("show", str(path), "--ascii", "--line")
    assert "clubs empty" in result.out and "column 4: 8D, 7C." in result.out
    moves = tmp_path / "moves.txt"
    moves.write_text("column 4 7C -> foundation\n")
    result = run_cli("replay", str(path), str(moves), "--ascii")
    assert result.status == 0
    assert "1. column 4 7C -> foundation  score 5" in result.out


# Nearly won, with cards on the waste and in a column: the solver's list must start here.
ENDGAME = {
    "base": "AS",
    "reserve": [],
    "tableau": [["KD"], [], [], []],
    "stock": ["KC"],
    "waste": ["QD"],
    "foundations": ["QC", "JD", "KH", "KS"],
    "score": 240,
}
MOVE_LINE = re.compile(r"^\s*\d+\.\s")


def test_solve_starts_from_the_position_in_progress(run_cli, tmp_path):
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(ENDGAME))
    result = run_cli("solve", str(path), "--full")
    assert result.status == 0, result.err
    assert "winnable" in result.out.lower() and "unwinnable" not in result.out.lower()
    lines = [line for line in result.out.splitlines() if MOVE_LINE.match(line)]
    assert lines
    # The list plays from the saved position itself (Q♦ is on the waste only there) to a win.
    position = position_from_dict(ENDGAME)[0]
    for line in lines:
        position = apply(position, parse_move(line, position), Rules())
    assert position.is_won
