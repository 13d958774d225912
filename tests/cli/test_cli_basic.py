"""The commands show, random and replay, help and version, and how bad input ends (one line, status 2)."""

import json
import os
import re
import subprocess

import pytest

from canfield_solver import __version__
from canfield_solver.cli.main import cli
from canfield_solver.formats.codes import position_from_code, random_codes
from canfield_solver.formats.deal_file import position_from_dict, position_to_dict
from tests.support.cli import console_script
from tests.support.docs import readme_block

START_TEXT = (
    "Stock: 34 cards; waste empty; reserve: 13 cards, top: Q♣. Foundations, starting rank 7: hearts up to "
    "7♥ (1), spades empty, diamonds empty, clubs empty. Column 1: 6♣; column 2: K♥; column 3: Q♥; column 4: A♠."
)
AFTER_MOVE_3 = (
    "Stock: 34 cards; waste empty; reserve: 10 cards, top: J♠. Foundations, starting rank 7: hearts up to "
    "8♥ (2), spades empty, diamonds empty, clubs empty. Column 1: 6♣; column 2: Q♠; column 3: Q♥; "
    "column 4: A♠, K♥, Q♣."
)


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def assert_one_error_line(result, status, message):
    assert result.status == status
    assert result.err == message + "\n"
    assert "Traceback" not in result.err and result.out == ""


def test_help_and_version(run_cli):
    result = run_cli("--help")
    assert result.status == 0 and result.err == ""
    for command in ("show", "random", "replay"):
        assert re.search(rf"^  {command}\s+\S", result.out, re.MULTILINE), command
    result = run_cli("--version")
    assert (result.status, result.out) == (0, f"canfield-solver, version {__version__}\n")


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_help_on_every_command(run_cli, command):
    result = run_cli(command, "--help")
    assert result.status == 0 and result.err == ""
    assert result.out.startswith(f"Usage: canfield-solver {command} ")
    assert run_cli(command, "-h").out == result.out


def test_show_line_prints_the_deal_in_the_app_wording(run_cli, tmp_path, worked_example_data):
    path = write(tmp_path, "example.json", worked_example_data)
    result = run_cli("show", path, "--line")
    assert (result.status, result.err) == (0, "")
    assert result.out == f"Deal {path}, draw 3.\n{START_TEXT}\n"
    ascii_out = run_cli("show", path, "--ascii", "--line").out
    assert ascii_out.splitlines()[1] == START_TEXT.replace("♣", "C").replace("♥", "H").replace("♠", "S")


def test_show_a_code_and_its_draw_mode(run_cli):
    result = run_cli("show", " cf1-d1-aaaaaaa ", "--line")
    assert result.out == (
        "Deal CF1-D1-AAAAAAA, draw 1. CF1 codes are this program's own deals, not the app's.\n"
        "Stock: 34 cards; waste empty; reserve: 13 cards, top: 9♥. Foundations, starting rank 8: clubs up to "
        "8♣ (1), hearts empty, spades empty, diamonds empty. Column 1: Q♠; column 2: K♥; column 3: 5♥; "
        "column 4: 2♣.\n")
    assert run_cli("show", "CF1-D1-AAAAAAA", "--draw", "3").out.startswith("Deal CF1-D1-AAAAAAA, draw 3. ")


def test_show_json_is_a_deal_file(run_cli, tmp_path):
    result = run_cli("show", "CF1-D1-AAAAACL", "--json")
    data = json.loads(result.out)
    assert data["draw"] == 1 and data["base"] == "2C" and data["reserve"][-1] == "10C"
    assert position_from_dict(data) == (position_from_code("CF1-D1-AAAAACL"), 1)
    path = write(tmp_path, "deal.json", result.out)
    assert run_cli("show", path, "--json").out == result.out


def test_random_prints_n_codes(run_cli):
    result = run_cli("random", "--draw", "1", "-n", "4", "--seed", "9")
    assert result.out.splitlines() == random_codes(4, 1, seed=9)
    codes = run_cli("random", "-n", "3").out.split()
    assert len(codes) == 3 and all(re.fullmatch(r"CF1-D3-[A-Z]{7}", code) for code in codes)
    assert run_cli("random").out.count("\n") == 1


def test_replay_the_worked_example(run_cli, tmp_path, worked_example_data, worked_example_moves):
    deal = write(tmp_path, "example.json", worked_example_data)
    moves = write(tmp_path, "moves.txt", "\n".join(worked_example_moves) + "\n")
    result = run_cli("replay", deal, moves)
    assert (result.status, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[0] == START_TEXT
    assert lines[1::2][:3] == ["1. reserve Q♣ -> column 2  score 0", "2. reserve 8♥ -> foundation  score 5",
                               "3. column 2 K♥..Q♣ -> column 4  score 5"]
    assert lines[6] == "   " + AFTER_MOVE_3
    assert lines[7] == "not won: 2 of 52 cards on the foundations" and len(lines) == 8
    # The same moves from stdin, in ASCII, numbered and with comments and blank lines.
    text = "# RULES.md\n1. reserve QC -> column 2\n\n2. reserve 8H -> foundation  score 5\n3. column 2 KH..QC to column 4\n"
    assert run_cli("replay", deal, "-", input=text).out == result.out
    assert run_cli("replay", deal, write(tmp_path, "bom.txt", "\ufeff" + text)).out == result.out


def test_replay_ends_with_won(run_cli, tmp_path, make_position):
    position = make_position("7H", [["5H"], ["6H"], [], []], stock=(), foundations=["6D", "6S", "6C", "4H"])
    deal = write(tmp_path, "end.json", position_to_dict(position))
    result = run_cli("replay", deal, "-", input="column 1 5H -> foundation\ncolumn 2 6H -> foundation\n")
    assert result.status == 0
    assert result.out.splitlines()[-3:] == [
        "2. column 2 6♥ -> foundation  score 10",
        "   Stock: 0 cards; waste empty; reserve empty. Foundations, starting rank 7: hearts up to 6♥ (13), "
        "spades up to 6♠ (13), diamonds up to 6♦ (13), clubs up to 6♣ (13). Column 1: empty; column 2: empty; "
        "column 3: empty; column 4: empty.",
        "won",
    ]


def test_replay_stops_at_the_first_illegal_move(run_cli, tmp_path, worked_example_data):
    deal = write(tmp_path, "example.json", worked_example_data)
    moves = "reserve QC -> column 2\ndraw\ncolumn 4 AS -> foundation\ndraw\n"
    result = run_cli("replay", deal, "-", input=moves)
    assert result.status == 1
    assert result.err == "move 3 is illegal: column 4 AS -> foundation: A♠ does not fit its foundation, " \
                         "which takes 7♠ next\n"
    assert result.out.splitlines()[-2] == "2. draw  score 0"  # nothing after the illegal move
    result = run_cli("replay", deal, "-", input="reserve 8H -> foundation\n")
    assert (result.status, result.err) == (
        1, "move 1 is illegal: reserve 8H -> foundation: 8♥ is not the playable card of the reserve\n")


def test_replay_with_rule_options(run_cli, tmp_path, worked_example_data):
    deal = write(tmp_path, "example.json", worked_example_data)
    twelve_draws = "draw\n" * 12
    assert run_cli("replay", deal, "-", "--passes", "1", input=twelve_draws + "recycle\n").err == (
        "move 13 is illegal: recycle: the passes limit (1) is used up\n")
    assert run_cli("replay", deal, "-", "--passes", "2", input=twelve_draws + "recycle\n").status == 0
    assert run_cli("replay", deal, "-", "--draw", "1", input="draw\n" * 34 + "recycle\n").status == 0
    assert run_cli("replay", deal, "-", "--draw", "1", input="draw\n" * 35).status == 1


def test_replay_with_worry_back_and_moves_options(run_cli, tmp_path, make_position):
    end = write(tmp_path, "end.json", position_to_dict(
        make_position("7H", [["5H"], ["6H"], [], []], stock=(), foundations=["6D", "6S", "6C", "4H"])))
    back = "foundation 6S -> column 3\n"
    assert run_cli("replay", end, "-", input=back).status == 0
    assert run_cli("replay", end, "-", "--no-worry-back", input=back).err == (
        "move 1 is illegal: foundation 6S -> column 3: foundation returns are off (--no-worry-back)\n")
    runs = write(tmp_path, "runs.json", position_to_dict(
        make_position("2D", [["10S", "9H", "8C"], ["10C"], ["9D"], ["JD"]], reserve=["QC"])))
    tail = "column 1 9H..8C -> column 2\n"
    assert run_cli("replay", runs, "-", input=tail).status == 0
    assert run_cli("replay", runs, "-", "--moves", "whole", input=tail).err == (
        "move 1 is illegal: column 1 9H..8C -> column 2: with --moves whole a column moves only its top card "
        "or all of its cards\n")


def test_replay_with_spaces_option(run_cli, tmp_path, make_position):
    end = write(tmp_path, "end.json", position_to_dict(
        make_position("7H", [["5H"], ["6H"], [], []], waste=["9C"], foundations=["6D", "6S", "8C", "4H"])))
    column = "column 1 5H -> column 3\n"
    assert run_cli("replay", end, "-", input=column).status == 0
    assert run_cli("replay", end, "-", "--spaces", "waste", input=column).err == (
        "move 1 is illegal: column 1 5H -> column 3: with --spaces waste an empty column takes only the waste "
        "top card\n")
    assert run_cli("replay", end, "-", "--rules", "solvitaire", input=column).status == 0  # its spaces: any
    assert run_cli("replay", end, "-", "--rules", "solvitaire", "--spaces", "waste", input=column).status == 1
    assert run_cli("replay", end, "-", "--spaces", "WASTE", input="waste 9C -> column 3\n").status == 0


def test_replay_with_tableau_order_option(run_cli, tmp_path, make_position):
    # Base 7: 6♠ onto 7♥ builds across the base (refused under base); K♠ onto A♥ does not.
    deal = write(tmp_path, "deal.json", position_to_dict(
        make_position("7C", [["7H"], ["AH"], ["6S"], ["KS"]], reserve=["2C"])))
    across = "column 3 6S -> column 1\n"
    assert run_cli("replay", deal, "-", input=across).status == 0
    refused = ("move 1 is illegal: column 3 6S -> column 1: with --tableau-order base 6♠ (the last card of its "
               "foundation) cannot go on 7♥\n")
    assert run_cli("replay", deal, "-", "--tableau-order", "base", input=across).err == refused
    assert run_cli("replay", deal, "-", "--rules", "solvitaire", input=across).err == refused
    assert run_cli("replay", deal, "-", "--tableau-order", "BASE", input="column 4 KS -> column 2\n").status == 0


def test_a_column_that_is_no_run_under_tableau_order_base_is_bad_input(run_cli, tmp_path, make_position):
    deal = write(tmp_path, "deal.json", position_to_dict(
        make_position("7C", [["7H", "6S"], ["AH"], ["2D"], ["KS"]], reserve=["2C"])))
    assert run_cli("show", deal).status == 0  # a run under the default cyclic order
    message = ("error: column 1 holds 6♠ on 7♥, which --tableau-order base does not allow (6♠ is the last card "
               "of its foundation); play this position with --tableau-order cyclic")
    for args in (["show", deal, "--tableau-order", "base"], ["solve", deal, "--rules", "solvitaire"],
                 ["replay", deal, "-", "--tableau-order", "base"]):
        assert_one_error_line(run_cli(*args, input="draw\n"), 2, message)
    deals = write(tmp_path, "deals.txt", "CF1-D3-AAAAAAA\ndeal.json\n")
    assert_one_error_line(run_cli("batch", "--file", deals, "--tableau-order", "base", "-q"), 2,
                          message.replace("error: ", f"error: {deals} line 2: "))


def bad_deal(data, change):
    change(data)
    return data


BAD_INPUT = [
    (["show", "CF1-D3-AAAAAA"], "error: bad game code 'CF1-D3-AAAAAA': expected CF1-D1-XXXXXXX or "
     "CF1-D3-XXXXXXX with 7 letters A-Z, for example CF1-D3-AAAAACL"),
    (["show", "cf1-d2-aaaaaaa"], "error: bad game code 'cf1-d2-aaaaaaa': expected CF1-D1-XXXXXXX or "
     "CF1-D3-XXXXXXX with 7 letters A-Z, for example CF1-D3-AAAAACL"),
    (["show", "nonsense"], "error: 'nonsense' is neither a game code (like CF1-D3-AAAAACL), a PySolFC deal "
     "(like pysol:123) nor an existing deal file"),
    (["show", "CF1-D3-AAAAAAA", "--draw", "2"],
     "error: Invalid value for '--draw': '2' is not one of '1', '3'. (see 'canfield-solver show --help')"),
    (["show", "CF1-D3-AAAAAAA", "--moves", "some"],
     "error: Invalid value for '--moves': 'some' is not one of 'any', 'whole', 'pile'. (see 'canfield-solver show --help')"),
    (["show", "CF1-D3-AAAAAAA", "--spaces", "bogus"],
     "error: Invalid value for '--spaces': 'bogus' is not one of 'any', 'waste', 'waste-first'. (see 'canfield-solver show --help')"),
    (["show", "CF1-D3-AAAAAAA", "--tableau-order", "bogus"],
     "error: Invalid value for '--tableau-order': 'bogus' is not one of 'cyclic', 'base'. (see 'canfield-solver show --help')"),
    (["show", "CF1-D3-AAAAAAA", "--passes", "0"],
     "error: Invalid value for '--passes': '0' is not a whole number from 1 to 1000000 (see 'canfield-solver show --help')"),
    (["show", "CF1-D3-AAAAAAA", "--bogus"], "error: No such option '--bogus'. (see 'canfield-solver show --help')"),
    (["show"], "error: Missing argument 'DEAL'. (see 'canfield-solver show --help')"),
    (["frobnicate"], "error: No such command 'frobnicate'. (see 'canfield-solver --help')"),
    (["random", "-n", "0"], "error: Invalid value for '-n': '0' is not a whole number from 1 to 1000000 (see 'canfield-solver "
     "random --help')"),
    (["random", "--draw", "4"], "error: Invalid value for '--draw': '4' is not one of '1', '3'. "
     "(see 'canfield-solver random --help')"),
    (["replay", "CF1-D3-AAAAAAA", "no-such-moves.txt"],
     "error: cannot read the move list no-such-moves.txt: No such file or directory"),
]


@pytest.mark.parametrize("args, message", BAD_INPUT, ids=[" ".join(case[0]) for case in BAD_INPUT])
def test_bad_arguments(run_cli, args, message):
    assert_one_error_line(run_cli(*args), 2, message)


DEAL_FILE_ERRORS = [
    ("51 cards", lambda d: d["stock"].pop(), "1 card(s) missing, all 52 must be placed: J♣"),
    ("duplicate", lambda d: d["reserve"].__setitem__(0, "QH"),
     "card placed twice: Q♥ (and 1 card(s) missing: A♣)"),
    ("unknown card", lambda d: d["stock"].__setitem__(3, "11S"),
     "stock: unknown card '11S': write a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣♦♥♠), "
     "for example QC or 10♥"),
    ("3 columns", lambda d: d["tableau"].pop(), "'tableau' has 3 columns; Canfield has exactly 4"),
    ("empty column", lambda d: d["stock"].append(d["tableau"][3].pop()),
     "a column is empty while the reserve still has cards; the reserve fills empty columns at once"),
]


@pytest.mark.parametrize("change, message", [case[1:] for case in DEAL_FILE_ERRORS],
                         ids=[case[0] for case in DEAL_FILE_ERRORS])
def test_bad_deal_files(run_cli, tmp_path, worked_example_data, change, message):
    path = write(tmp_path, "bad.json", bad_deal(worked_example_data, change))
    assert_one_error_line(run_cli("show", path), 2, f"error: deal file {path}: {message}")
    assert_one_error_line(run_cli("replay", path, "-", input="draw\n"), 2, f"error: deal file {path}: {message}")


def test_bad_json_and_missing_deal_file(run_cli, tmp_path):
    path = write(tmp_path, "broken.json", '{"base": "7H", "reserve": [}')
    assert_one_error_line(run_cli("show", path), 2,
                          f"error: deal file {path}: not valid JSON: Expecting value: line 1 column 28 (char 27)")
    missing = str(tmp_path / "missing.json")
    assert_one_error_line(run_cli("show", missing), 2,
                          f"error: cannot read the deal file {missing}: No such file or directory")


def test_unreadable_move_text_is_bad_input(run_cli):
    result = run_cli("replay", "CF1-D3-AAAAAAA", "-", input="draw\nmove the queen\n")
    assert result.status == 2
    assert result.err == ("error: move 2: cannot read move 'move the queen': write e.g. 'draw', 'recycle', "
                          "'reserve QC -> column 2', 'column 2 KH..QC -> column 4', 'waste 8H -> foundation'\n")


def test_the_installed_command(tmp_path):
    """The real console script: version, one error line without traceback, exit status 1 on replay."""
    script = console_script()
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([script, "--version"], capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"canfield-solver, version {__version__}\n")
    done = subprocess.run([script, "show", "CF1-X"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["error: bad game code 'CF1-X': expected CF1-D1-XXXXXXX or CF1-D3-XXXXXXX "
                                        "with 7 letters A-Z, for example CF1-D3-AAAAACL"]
    done = subprocess.run([script, "replay", "CF1-D3-AAAAAAA", "-"], input="draw\nrecycle\n",
                          capture_output=True, text=True, env=env, timeout=60, encoding="utf-8")
    assert done.returncode == 1
    assert done.stderr == "move 2 is illegal: recycle: the stock is not empty yet\n"


def test_readme_examples_are_true(run_cli, tmp_path, worked_example_data):
    """The deal file and the show output README gives are what the program reads and prints."""
    assert json.loads(readme_block("The worked example of [docs/rules.md](docs/rules.md) as a deal file", "json")) == worked_example_data
    assert run_cli("show", "CF1-D3-AAAAACL").out == readme_block("`show` prints the deal")
    deal = write(tmp_path, "example.json", worked_example_data)
    expected = readme_block("three moves of the worked example in [docs/rules.md]").splitlines()
    moves = expected[0].split("'")[1].replace("\\n", "\n")
    assert run_cli("replay", deal, "-", input=moves).out.splitlines()[-3:] == expected[-3:]
