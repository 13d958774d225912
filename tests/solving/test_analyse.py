"""The best-score search and the ``analyse`` report: hand-built positions whose best is known, a
brute-force check over the referee, a lost deal whose best move list replays, the CLI and JSON."""

from __future__ import annotations

import json
from collections import deque

import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import MOVES, Rules
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.move_text import parse_move
from canfield_solver.solving.best_score import best_score
from tests.support.positions import build_position

# Only clubs are loose: nothing builds on anything. The reserve gives 4♣ and 5♣, then 7♣ waits
# for 6♣, which lies under it: exactly 2 more cards can go up, under any rules.
TWO_MORE = dict(base="AS", tableau=[["10C"], ["JC"], ["QC"], ["KC"]], reserve=["6C", "7C", "5C", "4C"],
                foundations=["KS", "KH", "KD", "3C"], stock=["8C", "9C"])
# 6♣ lies under J♣ in the reserve. With draw 1 K♦ is the first card turned and goes up (44);
# with draw 3 it is turned under 7♣ and Q♣, which cannot play (43, no move helps). Only a
# foundation return (Q♦ onto K♣, then J♣ onto Q♦) frees 6♣ — and that wins under draw 1, in 15
# moves at best: the return, J♣ onto Q♦, 3 draws (one per stock card) and 10 cards up (Q♦ twice).
RETURN_WINS = dict(base="AS", tableau=[["KC"], ["10C"], ["9C"], ["8C"]], reserve=["6C", "JC"],
                   foundations=["KS", "KH", "QD", "5C"], stock=["QC", "7C", "KD"])
LOST_DEAL = "CF1-D3-UZBSIKZ"  # unwinnable under draw 3, no foundation return, --moves whole


def most_cards_by_referee(position, rules, max_nodes=5000):
    """The most foundation cards over every position the referee reaches (breadth-first). Score,
    and recycles under unlimited passes, never change what is legal: they are left out."""

    def node(p):
        return p.with_changes(score=0, recycles=p.recycles if rules.passes is not None else 0)

    start = node(position)
    seen, queue, most = {start}, deque([start]), sum(start.foundations)
    while queue:
        current = queue.popleft()
        for move in legal_moves(current, rules):
            after = node(apply(current, move, rules))
            if after not in seen:
                assert len(seen) < max_nodes, "position too big for the brute-force check"
                seen.add(after)
                queue.append(after)
                most = max(most, sum(after.foundations))
                if most == 52:
                    return most
    return most


def replay(position, moves, rules):
    for move in moves:
        position = apply(position, move, rules)
    return position


ALL_RULES = [Rules(draw=d, worry_back=w, moves=m) for d in (1, 3) for w in (True, False) for m in MOVES]


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"draw{r.draw}-{r.label}")
def test_exactly_two_more_cards_go_up(rules):
    start = build_position(**TWO_MORE)
    result = best_score(start, rules, Limits(memory=1 << 24))
    assert (result.cards, result.score, result.proven) == (44, 215, True)
    assert (len(result.moves), result.shortest) == (2, True)  # 4♣ and 5♣ from the reserve
    assert result.cards == most_cards_by_referee(start, rules)
    assert sum(replay(start, result.moves, rules).foundations) == 44


@pytest.mark.parametrize("draw, worry_back, cards", [(1, True, 52), (1, False, 44), (3, True, 43), (3, False, 43)])
def test_best_depends_on_draw_and_foundation_return(draw, worry_back, cards):
    start = build_position(**RETURN_WINS)
    rules = Rules(draw=draw, worry_back=worry_back)
    result = best_score(start, rules, Limits(memory=1 << 24))
    assert (result.cards, result.proven) == (cards, True)
    if cards < 52:  # a win is checked by the replay below; returns make the referee's graph too big
        assert cards == most_cards_by_referee(start, rules)
    end = replay(start, result.moves, rules)
    assert sum(end.foundations) == cards
    assert end.is_won == (cards == 52)
    # Shortest lists: none needed at 43; draw, K♦ up for 44; the win of RETURN_WINS takes 15.
    assert (len(result.moves), result.shortest) == ({43: 0, 44: 2, 52: 15}[cards], True)


def test_winnable_deal_best_is_all_52_cards():
    setup = setup_game("CF1-D3-AAAAAAC")
    result = best_score(setup.position, setup.rules, Limits(time_limit=60))
    assert (result.cards, result.score, result.proven, result.limit_hit) == (52, 255, True, None)
    assert replay(setup.position, result.moves, setup.rules).is_won


@pytest.mark.parametrize("limits, limit_hit", [({"max_nodes": 300, "memory": 1 << 24}, "nodes"),
                                               ({"memory": 1 << 13}, "memory")])
def test_limit_gives_a_lower_bound_not_a_proof(limits, limit_hit):
    setup = setup_game(LOST_DEAL, RuleOptions(draw=3, worry_back=False, moves="whole"))
    result = best_score(setup.position, setup.rules, Limits(**limits))
    assert (result.proven, result.limit_hit) == (False, limit_hit)
    assert sum(replay(setup.position, result.moves, setup.rules).foundations) == result.cards


def test_lost_deal_report_best_move_list_replays_to_the_reported_count(run_cli):
    lost_cell = ("--draw", "3", "--no-worry-back", "--moves", "whole", "--memory", "16M")
    run = run_cli("analyse", LOST_DEAL, *lost_cell, "--json")
    assert run.status == 0, run.err
    report = json.loads(run.out)
    [cell] = report["cells"]
    assert (cell["draw"], cell["worry_back"], cell["verdict"]) == (3, False, "unwinnable")
    best = cell["best"]
    assert best["proven"] is True and best["score"] == 5 * (best["cards"] - 1)
    setup = setup_game(LOST_DEAL, RuleOptions(draw=3, worry_back=False, moves="whole"))
    position = setup.position
    for text in best["moves"]:
        position = apply(position, parse_move(text, position), setup.rules)
    assert sum(position.foundations) == best["cards"] > sum(setup.position.foundations)
    text_run = run_cli("analyse", LOST_DEAL, *lost_cell)
    assert f"best score {best['score']}, {best['cards']} cards on the foundations, proven maximum" in text_run.out


def deal_file(tmp_path, spec):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(position_to_dict(build_position(**spec))))
    return str(path)


def test_two_by_two_table_and_best_scores(run_cli, tmp_path):
    run = run_cli("analyse", "--memory", "16M", deal_file(tmp_path, RETURN_WINS), "--json")
    assert run.status == 0, run.err
    cells = {(c["draw"], c["worry_back"]): c for c in json.loads(run.out)["cells"]}
    assert list(cells) == [(1, True), (1, False), (3, True), (3, False)]
    assert cells[1, True]["verdict"] == "winnable" and cells[1, True]["best"] is None
    assert cells[1, True]["length"] == len(cells[1, True]["solution"]) > 0
    assert {key: cells[key]["best"]["cards"] for key in cells if key != (1, True)} == \
        {(1, False): 44, (3, True): 43, (3, False): 43}
    text = run_cli("analyse", "--memory", "16M", deal_file(tmp_path, RETURN_WINS)).out
    assert "draw 1  | winnable, " in text and text.count("unwinnable") == 3
    assert "Draw 3, foundation return: best score 210, 43 cards on the foundations, proven maximum" in text


def test_rule_options_apply_to_every_cell(run_cli):
    run = run_cli("analyse", LOST_DEAL, "--moves", "whole", "--passes", "2", "--max-nodes", "50", "--memory", "16M",
                  "--json")
    report = json.loads(run.out)
    assert (report["moves"], report["passes"], len(report["cells"])) == ("whole", 2, 4)


def test_limit_hit_cells_are_unknown_and_not_searched_for_best(run_cli):
    run = run_cli("analyse", "--memory", "16M", "CF1-D3-AAAAAAA", "--max-nodes", "5", "--draw", "3")
    assert run.status == 0, run.err
    assert run.out.count("unknown (node limit)") == 2
    assert "Draw 3, no foundation return: unknown, so the best score was not searched." in run.out
    report = json.loads(run_cli("analyse", "CF1-D3-AAAAAAA", "--max-nodes", "5", "--draw", "3", "--json").out)
    assert [(c["verdict"], c["limit_hit"], c["best"], c["length"]) for c in report["cells"]] == \
        [("unknown", "nodes", None, None)] * 2


def test_json_keys(run_cli, tmp_path):
    report = json.loads(run_cli("analyse", deal_file(tmp_path, TWO_MORE), "--draw", "1", "--memory", "16M",
                                "--json").out)
    assert set(report) == {"deal", "moves", "passes", "time_limit", "max_nodes", "best_score_meaning", "cells"}
    assert set(report["cells"][0]) == {"draw", "worry_back", "verdict", "limit_hit", "length", "nodes", "seconds",
                                       "solution", "best"}
    assert set(report["cells"][0]["best"]) == {"cards", "score", "proven", "shortest", "limit_hit", "nodes", "seconds",
                                               "moves"}


@pytest.mark.parametrize("args, message", [
    (["nope"], "error: 'nope' is neither a game code"),
    (["CF1-D3-AAAAAAA", "--memory", "lots"], "error: Invalid value for '--memory': 'lots' is not a size"),
    (["CF1-D3-AAAAAAA", "--time-limit", "0"], "error: Invalid value for '--time-limit'"),
])
def test_bad_input_exits_2_with_one_line(run_cli, args, message):
    run = run_cli("analyse", *args)
    assert run.status == 2
    assert run.err.startswith(message) and run.err.count("\n") == 1
    assert run.out == ""
