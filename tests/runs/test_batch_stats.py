"""Win-rate statistics: the Wilson interval, unknowns counted both ways, time statistics, and `stats FILE`."""

from __future__ import annotations

import json

import pytest

from canfield_solver.runs.batch_stats import Summary, nearest_rank, summarize, unique_rows
from canfield_solver.runs.results import Row, format_row
from canfield_solver.solving.intervals import wilson_interval

APP = "worry-back moves-any passes-unlimited"


@pytest.mark.parametrize("won, deals, low, high", [
    (7, 10, 0.3968, 0.8922),     # the textbook example (Newcombe 1998)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (712, 1000, 0.6832, 0.7392),  # by hand: centre 0.71119, half width 0.02803
])
def test_wilson_interval_matches_published_values(won, deals, low, high):
    assert wilson_interval(won, deals) == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_is_symmetric_and_narrows_with_more_deals():
    low, high = wilson_interval(30, 100)
    mirror_low, mirror_high = wilson_interval(70, 100)
    assert (low, high) == pytest.approx((1 - mirror_high, 1 - mirror_low))
    wide, narrow = wilson_interval(7, 10), wilson_interval(7000, 10000)
    assert wide[0] < narrow[0] < 0.7 < narrow[1] < wide[1]
    assert wilson_interval(0, 0) == (0.0, 1.0)


def row(code, verdict, seconds=1.0, draw=3, rules=APP):
    return Row(code, draw, rules, verdict, 90 if verdict == "winnable" else None, 10, seconds)


def test_summary_counts_unknowns_both_ways():
    rows = [row(f"D{i}", verdict) for i, verdict in enumerate(["winnable"] * 6 + ["unwinnable"] * 3 + ["unknown"])]
    (summary,) = summarize(rows)
    assert (summary.deals, summary.won, summary.lost, summary.unknown) == (10, 6, 3, 1)
    assert summary.win_rate == pytest.approx(6 / 9)
    assert summary.interval == wilson_interval(6, 9)
    assert summary.interval_with_unknowns == (wilson_interval(6, 10)[0], wilson_interval(7, 10)[1])
    assert summary.interval_with_unknowns[0] < summary.interval[0] and summary.interval[1] < summary.interval_with_unknowns[1]


def test_time_statistics():
    summary = Summary(3, APP, seconds=[0.1 * i for i in range(10, 0, -1)])
    assert summary.time_stats() == pytest.approx({"median": 0.55, "p90": 0.9, "max": 1.0, "total": 5.5})
    assert nearest_rank([1.0, 2.0, 3.0], 0.9) == 3.0 and nearest_rank([5.0], 0.5) == 5.0


def test_each_draw_mode_and_rule_set_gets_its_own_summary():
    rows = [row("A", "winnable"), row("A", "unwinnable", draw=1), row("B", "winnable", rules="no-worry-back")]
    assert [(s.draw, s.rules, s.deals) for s in summarize(rows)] == [(3, APP, 1), (1, APP, 1), (3, "no-worry-back", 1)]


def test_a_repeated_deal_counts_once_preferring_a_decided_verdict():
    warnings = []
    rows = unique_rows([row("A", "unknown"), row("A", "winnable"), row("B", "winnable"), row("B", "unwinnable")],
                       warnings.append)
    assert [(r.code, r.verdict) for r in rows] == [("A", "winnable"), ("B", "winnable")]
    assert warnings == [
        f"B (draw 3, {APP}) is both winnable and unwinnable; counting it as winnable",
        "2 repeated row(s) of a deal already counted were left out",
    ]


def write_results(path, rows, tail=""):
    header = "code,draw,rules,verdict,moves,nodes,seconds\n" if path.suffix == ".csv" else ""
    path.write_text(header + "".join(format_row(r, path.suffix[1:]) for r in rows) + tail)


@pytest.mark.parametrize("name", ["r.csv", "r.jsonl"])
def test_stats_command_prints_the_summary(run_cli, tmp_path, name):
    path = tmp_path / name
    verdicts = ["winnable"] * 7 + ["unwinnable"] * 2 + ["unknown"]
    write_results(path, [row(f"D{i}", v, seconds=i + 1) for i, v in enumerate(verdicts)])
    result = run_cli("stats", str(path))
    assert result.status == 0 and result.err == ""
    assert result.out == (
        f"draw 3, {APP}: 10 deals\n"
        "  won 7, lost 2, unknown 1\n"
        "  win rate 77.78% of 9 decided deals, 95% interval 45.26% to 93.68%\n"
        "  with the 1 unknown counted as lost / as won: 39.68% to 94.33%\n"
        "  seconds per deal: median 5.500, p90 9.000, max 10.000, total 55.0\n"
    )


def test_stats_reports_a_torn_last_line_and_malformed_lines(run_cli, tmp_path):
    path = tmp_path / "r.csv"
    write_results(path, [row("A", "winnable"), row("B", "unwinnable")], tail="C,3,worry-back,winn")
    text = path.read_text().replace("B,3", "B,three")
    path.write_text(text)
    result = run_cli("stats", str(path))
    assert result.status == 0
    assert result.err == (
        f"warning: {path}: ignored an incomplete last line (an interrupted batch was writing it): "
        "'C,3,worry-back,winn'\n"
        f"warning: {path} has 1 malformed line(s): line 3: draw 'three' is not a whole number of 0 or more: "
        f"'B,three,{APP},unwinnable,,10,1.0'; they are not counted\n"
    )
    assert result.out.startswith(f"draw 3, {APP}: 1 deal\n  won 1, lost 0, unknown 0\n")


def test_stats_of_an_empty_results_file(run_cli, tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("")
    result = run_cli("stats", str(path))
    assert (result.status, result.out, result.err) == (0, f"no results: {path} holds no rows yet\n", "")


def test_stats_json_gives_one_object_per_rule_set(run_cli, tmp_path):
    path = tmp_path / "r.jsonl"
    verdicts = ["winnable"] * 7 + ["unwinnable"] * 2 + ["unknown"]
    rows = [row(f"D{i}", v, seconds=i + 1) for i, v in enumerate(verdicts)] + [row("D0", "unknown", draw=1)]
    write_results(path, rows)
    result = run_cli("stats", "--json", str(path))
    assert result.status == 0 and result.err == ""
    first, second = json.loads(result.out)
    assert first == {
        "draw": 3, "rules": APP, "deals": 10, "won": 7, "lost": 2, "unknown": 1, "decided": 9,
        "win_rate": pytest.approx(7 / 9),
        "interval": pytest.approx({"low": 0.4526, "high": 0.9368}, abs=5e-5),
        "interval_with_unknowns": pytest.approx({"low": 0.3968, "high": 0.9433}, abs=5e-5),
        "seconds": pytest.approx({"median": 5.5, "p90": 9.0, "max": 10.0, "total": 55.0}),
    }
    assert (second["draw"], second["deals"], second["decided"], second["win_rate"]) == (1, 1, 0, None)
    assert second["interval"] == {"low": 0.0, "high": 1.0}
