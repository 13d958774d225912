"""The 'play' command end to end: real honest games of a few deals, small limits, into a results file."""

from __future__ import annotations

import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.formats.codes import format_code, parse_code
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.runs import results
from canfield_solver.runs.play_results import PLAY
from canfield_solver.solving.honest_player import game_seed, play
from canfield_solver.solving.solver import solve

START = "CF1-D3-AAAAAAA"
ARGS = ("--samples", "2", "--max-nodes", "2000", "--verdict-max-nodes", "20000", "--quiet")


def rows_of(path):
    read = results.read_results(str(path), PLAY)
    assert not read.malformed and not read.torn
    return {row.key: row._replace(seconds=0) for row in read.rows}


@pytest.mark.parametrize("name", ["games.csv", "games.jsonl"])
def test_play_records_each_game_as_the_player_plays_it_and_resume_adds_the_rest(run_cli, tmp_path, name):
    out = tmp_path / name
    first = run_cli("play", "--start", START, "--count", "2", *ARGS, "--jobs", "1", "--out", str(out))
    assert first.status == 0, first.err
    assert first.out.startswith("draw 3, worry-back moves-any passes-unlimited: 2 games of the honest player")
    assert len(rows_of(out)) == 2

    more = run_cli("play", "--start", START, "--count", "3", *ARGS, "--jobs", "1", "--out", str(out), "--resume")
    assert more.status == 0, more.err
    rows = rows_of(out)
    codes = [format_code(number, 3) for number in range(parse_code(START)[1], parse_code(START)[1] + 3)]
    assert sorted(code for code, _, _, _ in rows) == codes
    for (code, draw, rules, method), row in rows.items():
        assert method == "plan"
        setup = setup_game(code)
        game = play(setup.position, setup.rules, samples=2, seed=game_seed(code), limits=Limits(max_nodes=2000))
        assert (row.won, row.end, row.cards, row.best_cards, row.moves) == (
            int(game.won), game.end, game.cards, game.best_cards, len(game.moves))
        assert (row.samples, row.solves, row.unknown) == (2, game.samples, game.unknown)
        assert row.verdict == solve(setup, max_nodes=20000).verdict
        assert (draw, rules) == (3, "worry-back moves-any passes-unlimited")


def test_play_gives_the_same_games_on_two_workers(run_cli, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run_cli("play", "--start", START, "--count", "2", *ARGS, "--jobs", "1", "--out", str(one)).status == 0
    assert run_cli("play", "--start", START, "--count", "2", *ARGS, "--jobs", "2", "--out", str(two)).status == 0
    assert rows_of(one) == rows_of(two)


def test_play_records_the_method_and_plays_it(run_cli, tmp_path):
    out = tmp_path / "games.csv"
    result = run_cli("play", "--start", START, "--count", "2", *ARGS, "--jobs", "1", "--method", "hindsight",
                     "--out", str(out))
    assert result.status == 0, result.err
    assert "(method hindsight, 2 samples a hint)" in result.out
    for (code, _, _, method), row in rows_of(out).items():
        setup = setup_game(code)
        game = play(setup.position, setup.rules, samples=2, seed=game_seed(code), limits=Limits(max_nodes=2000),
                    method="hindsight")
        assert method == "hindsight" and (row.end, row.moves, row.solves) == (game.end, len(game.moves), game.samples)
    # The same file, the other method: the same deals are played again, as rows of their own.
    again = run_cli("play", "--start", START, "--count", "2", *ARGS, "--jobs", "1", "--out", str(out), "--resume")
    assert again.status == 0, again.err
    assert sorted(method for _, _, _, method in rows_of(out)) == ["hindsight", "hindsight", "plan", "plan"]
    bad = run_cli("play", "--start", START, "--count", "2", "--method", "guess")
    assert bad.status == 2 and "'guess' is not one of 'plan', 'hindsight'" in bad.err


def test_play_refuses_a_resume_without_a_results_file(run_cli):
    result = run_cli("play", "--start", START, "--count", "2", "--resume")
    assert result.status == 2 and "--resume needs --out FILE" in result.err
