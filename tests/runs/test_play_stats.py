"""Play results files: their rows, and what 'stats' says of them (counts, rates, the casino's dollars)."""

from __future__ import annotations

import json
import math

import pytest

from canfield_solver.runs import results
from canfield_solver.runs.play_results import PLAY, PlayRow
from canfield_solver.runs.play_stats import payout
from canfield_solver.solving.intervals import wilson_interval

RULES = "worry-back moves-any passes-unlimited"


def game(code, won, end, cards, best, verdict, seconds=1.0, method="plan"):
    return PlayRow(code, 3, RULES, won, end, cards, best, 100, 10, 500, 3, seconds, verdict, method)


# Payouts 500, 50, 100, 5: nets 450, 0, 50, -45; mean 113.75, sample standard deviation 227.5.
GAMES = [
    game("CF1-D3-AAAAAAA", 1, "won", 52, 52, "winnable", 2.0),
    game("CF1-D3-AAAAAAB", 0, "stuck", 10, 14, "winnable", 1.0),
    game("CF1-D3-AAAAAAC", 0, "cycle", 20, 20, "unwinnable", 3.0),
    game("CF1-D3-AAAAAAD", 0, "lost", 1, 3, "unknown", 4.0),
]


def write(path, rows, fmt):
    header = PLAY.csv_header if fmt == "csv" else ""
    path.write_text(header + "".join(results.format_row(row, fmt) for row in rows))


def test_the_casino_pays_five_dollars_a_card_and_five_hundred_for_all():
    assert [payout(cards) for cards in (0, 1, 10, 51, 52)] == [0, 5, 50, 255, 500]


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_play_rows_survive_the_round_trip(fmt):
    for row in GAMES + [GAMES[1]._replace(cards=0)]:  # foundation returns may empty the foundations
        assert results.parse_row(results.format_row(row, fmt)[:-1], fmt, PLAY) == row


@pytest.mark.parametrize("row, reason", [
    (GAMES[0]._replace(won=0), "won must be 1 exactly when the game ended won"),
    (GAMES[1]._replace(end="gave up"), "end 'gave up' is not one of won, lost"),
    (GAMES[1]._replace(cards=52), "cards must be from 0 to best_cards"),
    (GAMES[1]._replace(best_cards=9), "cards must be from 0 to best_cards"),
    (GAMES[1]._replace(best_cards=53), "cards must be from 0 to best_cards"),
    (GAMES[1]._replace(unknown=501), "unknown must be at most solves"),
    (GAMES[1]._replace(verdict="won"), "verdict 'won' is not one of"),
    (GAMES[1]._replace(method="guess"), "method 'guess' is not one of plan, hindsight"),
])
def test_malformed_play_rows_say_what_is_wrong(row, reason):
    with pytest.raises(ValueError) as error:
        results.parse_row(results.format_row(row, "csv")[:-1], "csv", PLAY)
    assert str(error.value).startswith(reason)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_stats_json_of_a_play_file(run_cli, tmp_path, fmt):
    path = tmp_path / f"games.{fmt}"
    write(path, GAMES, fmt)
    result = run_cli("stats", "--json", str(path))
    assert result.status == 0 and result.err == ""
    (figures,) = json.loads(result.out)
    assert (figures["kind"], figures["draw"], figures["rules"], figures["deals"]) == ("play", 3, RULES, 4)
    assert figures["method"] == "plan"
    assert figures["won"] == 1 and figures["win_rate"] == 0.25
    low, high = wilson_interval(1, 4)
    assert figures["interval"] == pytest.approx({"low": low, "high": high})
    full = figures["full_information"]
    assert (full["winnable"], full["unwinnable"], full["unknown"], full["decided"]) == (2, 1, 1, 3)
    assert full["win_rate"] == pytest.approx(2 / 3)
    assert figures["won_of_winnable"] == 1
    assert figures["cards"] == pytest.approx({"mean": 83 / 4, "mean_best": 89 / 4})
    assert figures["ends"] == {"won": 1, "lost": 1, "stuck": 1, "cycle": 1, "turns": 0}
    assert (figures["solves"], figures["solves_unknown"]) == (2000, 12)
    half = 1.959963984540054 * 227.5 / math.sqrt(4)
    net = figures["net_dollars"]
    assert net["mean"] == pytest.approx(113.75)
    assert net["interval"] == pytest.approx({"low": 113.75 - half, "high": 113.75 + half})
    assert figures["seconds"]["median"] == 2.5 and figures["seconds"]["total"] == 10.0


def test_stats_text_of_a_play_file(run_cli, tmp_path):
    path = tmp_path / "games.csv"
    write(path, GAMES + [GAMES[1]], "csv")  # a deal twice: counted once, and said so
    result = run_cli("stats", str(path))
    assert result.status == 0
    assert result.err == "warning: 1 repeated row(s) of a deal already counted were left out\n"
    lines = result.out.splitlines()
    assert lines[0] == f"draw 3, {RULES}: 4 games of the honest player (method plan, 10 samples a hint)"
    assert lines[1].startswith("  honest player: won 1, win rate 25.00%, 95% interval 4.56% to 69.94%")
    assert "winnable 2, unwinnable 1, unknown 1; 66.67% of 3 decided" in lines[2]
    assert "mean 20.75 at the end, 22.25 at best" in result.out
    assert "games ended: won 1, lost 1, stuck 1, cycle 1, turns 0" in result.out
    assert "2000, of which 12 hit a limit" in result.out
    assert "player's mean net $113.75 a game, 95% interval -$109.20 to $336.70 (normal approximation" in result.out


def test_stats_keeps_the_methods_of_one_file_apart(run_cli, tmp_path):
    path = tmp_path / "games.jsonl"
    hindsight = [row._replace(method="hindsight", won=0, end="cycle", cards=30, best_cards=30) for row in GAMES[:2]]
    write(path, GAMES + hindsight, "jsonl")  # the same deals played by both methods: no repeat
    result = run_cli("stats", "--json", str(path))
    assert result.status == 0 and result.err == ""
    by_method = {figures["method"]: figures for figures in json.loads(result.out)}
    assert (by_method["plan"]["deals"], by_method["plan"]["won"]) == (4, 1)
    assert (by_method["hindsight"]["deals"], by_method["hindsight"]["won"]) == (2, 0)
    assert set(by_method["plan"]) == set(by_method["hindsight"])


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_play_file_from_before_the_methods_is_read_as_hindsight(run_cli, tmp_path, fmt):
    path = tmp_path / f"old.{fmt}"
    old = [{key: value for key, value in row._asdict().items() if key != "method"} for row in GAMES]
    if fmt == "csv":
        lines = [",".join(old[0])] + [",".join(str(value) for value in row.values()) for row in old]
    else:
        lines = [json.dumps(row) for row in old]
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("stats", "--json", str(path))
    assert result.status == 0 and result.err == ""
    (figures,) = json.loads(result.out)
    assert (figures["method"], figures["deals"], figures["won"]) == ("hindsight", 4, 1)
    content = path.read_bytes()  # a resume appends today's columns: refused, the file untouched
    resumed = run_cli("play", "--start", "CF1-D3-AAAAAAA", "--count", "1", "--out", str(path), "--resume")
    assert resumed.status == 2 and path.read_bytes() == content


def test_a_batch_file_is_no_play_file_to_resume(run_cli, tmp_path):
    path = tmp_path / "batch.csv"
    content = "code,draw,rules,verdict,moves,nodes,seconds\nCF1-D3-AAAAAAA,3,r,unwinnable,,5,0.1\n"
    path.write_text(content)
    result = run_cli("play", "--start", "CF1-D3-AAAAAAA", "--count", "1", "--out", str(path), "--resume")
    assert result.status == 2
    assert result.err.startswith(f"error: {path} is not a results file: its first line must be code,draw,rules,won,")
    assert path.read_text() == content


def test_stats_of_a_play_file_with_a_torn_last_line_counts_the_whole_rows(run_cli, tmp_path):
    path = tmp_path / "games.jsonl"
    write(path, GAMES, "jsonl")
    with open(path, "a") as handle:
        handle.write(results.format_row(GAMES[0]._replace(code="CF1-D3-AAAAAAE"), "jsonl")[:30])
    result = run_cli("stats", "--json", str(path))
    assert result.status == 0 and json.loads(result.out)[0]["deals"] == 4
    assert result.err.startswith(f"warning: {path}: ignored an incomplete last line (an interrupted play was writing")
