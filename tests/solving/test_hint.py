"""hint: exact with nothing hidden, ranks a sure win above a sure loss, reports limits, --json, --jobs."""

import itertools
import json
import random

import pytest

from canfield_solver.core.hidden import complete, fill, hide, unseen_cards
from canfield_solver.core.limits import Limits
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_number
from canfield_solver.formats.move_text import format_move
from canfield_solver.formats.position_text import parse_position_text
from canfield_solver.solving.hint import Tally, hint, rank
from canfield_solver.solving.sampling import solve_samples
from canfield_solver.solving.solver import solve
from canfield_solver.solving.verdict_only import VerdictSolver
from tests.support.positions import random_play

# Draw 1, no foundation return, 3 hidden cards. Found by a search over random games; the test
# below checks the claim on every one of its 6 completions with the solver: "draw" and
# "column 1 A♣..K♦ -> column 2" keep the win in all of them, "waste A♥ -> column 4" loses in all.
SURE_WIN_SURE_LOSS = """\
base: 9♠
draw: 1
foundations: K♣, 10♦, 9♥, K♠
reserve: J♦, 7♠, 10♥, 2♣, 3♦, Q♥
column 1: 6♦, 5♠, 4♥, 3♠, 2♦, A♣, K♦
column 2: 2♥
column 3: 8♣, 7♦
column 4: 2♠
stock: 5♥, 8♥, A♠, 1 hidden, 7♥, 5♣, Q♦, 4♠
waste: 1 hidden, A♦, 6♣, J♥, 3♣, 6♥, K♥, 7♣, 4♣, 4♦, 1 hidden, 8♦, 3♥, A♥
score: 60
"""
NO_RETURN = Rules(draw=1, worry_back=False)


def _texts(result, position):
    return [format_move(choice.move, position) for choice in result.choices]


def test_a_sure_win_ranks_above_a_sure_loss():
    position, _ = parse_position_text(SURE_WIN_SURE_LOSS)
    moves = {format_move(move, position): move for move in legal_moves(position, NO_RETURN)}
    assert set(moves) == {"draw", "column 1 A♣..K♦ -> column 2", "waste A♥ -> column 4"}
    for cards in itertools.permutations(unseen_cards(position)):  # every completion, solved in full
        sample = fill(position, cards)
        verdicts = {text: solve(apply(sample, move, NO_RETURN), NO_RETURN).verdict for text, move in moves.items()}
        assert verdicts == {"draw": "winnable", "column 1 A♣..K♦ -> column 2": "winnable",
                            "waste A♥ -> column 4": "unwinnable"}
    result = hint(position, NO_RETURN, samples=20, seed=4)
    assert _texts(result, position)[-1] == "waste A♥ -> column 4"
    assert [(c.tally.wins, c.tally.unknown) for c in result.choices] == [(20, 0), (20, 0), (0, 0)]
    assert (result.winnable.wins, result.winnable.unknown, result.hidden) == (20, 0, 3)


def _one_completion():
    position, _ = parse_position_text(SURE_WIN_SURE_LOSS)
    return fill(position, unseen_cards(position))


def _exact_cases():
    app = Rules(draw=3)
    cases = [(position_from_number(number), app) for number in range(6)]  # deal 4 is lost
    return cases + [(_one_completion(), NO_RETURN)]  # two moves win, one loses


@pytest.mark.parametrize("position, rules", _exact_cases())
def test_with_nothing_hidden_the_hint_is_the_solvers_exact_answer(position, rules):
    result = hint(position, rules, samples=50, limits=Limits())
    assert result.samples == 1 and result.hidden == 0
    expected = {}
    for move in legal_moves(position, rules):
        verdict = solve(apply(position, move, rules), rules).verdict
        assert verdict != "unknown"
        expected[format_move(move, position)] = verdict == "winnable"
    got = {format_move(c.move, position): c.tally for c in result.choices}
    assert {text: tally.wins == 1 for text, tally in got.items()} == expected
    assert all(tally.exact and tally.unknown == 0 and tally.interval == (tally.rate, tally.rate)
               for tally in got.values())
    assert result.winnable.wins == (solve(position, rules).verdict == "winnable")


def test_the_position_is_winnable_exactly_when_some_move_wins_in_that_sample():
    position = hide(position_from_number(3), 3)
    rules = Rules(draw=3)
    result = hint(position, rules, samples=12, seed=9, jobs=1, limits=Limits())
    rng = random.Random(9)
    samples = [complete(position, rng) for _ in range(12)]  # the hint's samples: same seed, same order
    winnable = [any(solve(apply(s, c.move, rules), rules).verdict == "winnable" for c in result.choices)
                for s in samples]
    assert result.winnable.wins == sum(winnable)
    for choice in result.choices:
        assert choice.tally.wins == sum(solve(apply(s, choice.move, rules), rules).verdict == "winnable"
                                        for s in samples)


def test_limits_count_as_not_won_and_are_reported():
    position, _ = parse_position_text(SURE_WIN_SURE_LOSS)
    result = hint(position, NO_RETURN, samples=10, seed=1, limits=Limits(max_nodes=1))
    assert result.winnable.wins == 0
    assert any(choice.tally.unknown == 10 for choice in result.choices)
    assert all(choice.tally.wins + choice.tally.unknown <= 10 for choice in result.choices)
    timed = hint(position, NO_RETURN, samples=4, seed=1, limits=Limits(time_limit=1e-9))
    assert timed.winnable.unknown == 4 and all(choice.tally.unknown == 4 for choice in timed.choices)


def test_ties_go_to_more_unknown_then_foundation_plays_then_the_move_order():
    position, _ = parse_position_text(SURE_WIN_SURE_LOSS)
    draw, run, waste = legal_moves(position, NO_RETURN)
    from canfield_solver.solving.hint import Choice

    choices = [Choice(draw, Tally(5, 0, 10)), Choice(run, Tally(5, 0, 10)), Choice(waste, Tally(5, 1, 10))]
    assert [c.move for c in rank(choices)] == [waste, run, draw]  # more unknown, then column before draw
    choices = [Choice(draw, Tally(6, 0, 10))] + choices[1:]
    assert rank(choices)[0].move == draw


def test_verdict_solver_keeps_only_proven_losses_and_agrees_with_solve():
    # Positions of one game (all reached by play from its start): losses are kept from search to search.
    # A random game's positions (legal under these rules too), and those one and two moves after
    # _one_completion, the losing move first.
    game = [position for _, position in random_play(1, steps=120, seed=3)][::4]
    start = _one_completion()
    after = [apply(start, move, NO_RETURN) for move in reversed(legal_moves(start, NO_RETURN))]
    after += [apply(p, move, NO_RETURN) for p in after for move in legal_moves(p, NO_RETURN)]
    # Under moves "whole" two move orders search on the table kept.
    whole = Rules(draw=3, worry_back=False, moves="whole")
    for rules, line in ((Rules(draw=3, worry_back=False), game), (NO_RETURN, after), (whole, game)):
        results = VerdictSolver(rules).verdicts(line)
        fresh = [solve(p, rules) for p in line]
        assert [r.verdict for r in results] == [r.verdict for r in fresh]
        assert {"winnable", "unwinnable"} <= {r.verdict for r in results}
        if line is game:  # states proven lost by earlier searches were skipped
            assert sum(r.nodes for r in results) < sum(r.nodes for r in fresh)


def _verdict_and_states(sample, solver) -> tuple:
    (result,) = solver.verdicts([sample])
    return result.verdict, result.nodes


def test_samples_that_are_the_same_position_are_solved_once_and_each_gets_its_result(monkeypatch):
    rules = Rules(draw=3)
    a, b = position_from_number(170), position_from_number(9)  # lost and won
    samples = [a, b, a, a, b]
    searched = []
    counted = VerdictSolver.verdicts
    monkeypatch.setattr(VerdictSolver, "verdicts", lambda solver, positions: searched.extend(positions)
                        or counted(solver, positions))
    ticks = []
    results = list(solve_samples(samples, _verdict_and_states, rules, Limits(), 1, lambda: ticks.append(1)))
    assert searched == [a, b] and len(ticks) == len(samples)
    alone = {position: _verdict_and_states(position, VerdictSolver(rules)) for position in (a, b)}
    assert results == [alone[sample] for sample in samples]
    assert {verdict for verdict, _ in results} == {"winnable", "unwinnable"}


def test_verdict_solver_table_grows_for_a_long_search_and_a_clear_takes_it_back_to_its_first_size():
    # Its table starts small (a hint's searches are mostly short, and each clear empties it all).
    rules = Rules(draw=3)
    solver = VerdictSolver(rules)
    first = solver.table.slots.shape[0]
    lost, won = position_from_number(170), position_from_number(9)  # 66,014 and 40,184 states
    (lost_result,) = solver.verdicts([lost])
    assert lost_result.verdict == "unwinnable" and solver.table.slots.shape[0] > first  # grown, and kept
    solver.clear()
    assert solver.table.slots.shape[0] == first and not solver.table.slots.any() and solver.table.meta[0] == 0
    assert solver.verdicts([lost]) == [lost_result]
    (won_result,) = solver.verdicts([won])  # a win clears the table: back to its first size
    assert won_result.verdict == "winnable" and solver.table.slots.shape[0] == first
    assert (won_result.verdict, won_result.nodes) == (solve(won, rules).verdict, solve(won, rules).nodes)


def test_cli_json_is_best_first_with_rates_and_intervals(run_cli, tmp_path):
    path = tmp_path / "seen.txt"
    path.write_text(SURE_WIN_SURE_LOSS)
    result = run_cli("hint", str(path), "--draw", "1", "--no-worry-back", "--samples", "8", "--seed", "2", "--json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert set(data) == {"samples", "seed", "method", "winnable", "choices", "stock_pass"}
    assert (data["samples"], data["seed"]) == (8, 2)
    assert data["method"] == "plan" and data["stock_pass"] == 1  # one hidden stock card, passes unlimited
    assert data["winnable"] == {"wins": 8, "unknown": 0, "rate": 1.0, "low": pytest.approx(0.6756, abs=1e-4),
                                "high": 1.0}
    assert [c["move"] for c in data["choices"]][-1] == "waste A♥ -> column 4"
    for choice in data["choices"]:
        assert set(choice) == {"move", "wins", "unknown", "rate", "low", "high", "plan"}
        assert choice["rate"] == choice["wins"] / 8 and choice["low"] <= choice["rate"] <= choice["high"]
        plan = choice["plan"]
        if plan is not None:  # a sample won after the whole plan is won after its first move
            assert plan["moves"][0] == choice["move"] and plan["wins"] <= choice["wins"]
    assert data["choices"][0]["plan"]["wins"] == 8
    hindsight = json.loads(run_cli("hint", str(path), "--draw", "1", "--no-worry-back", "--samples", "8", "--seed", "2",
                                   "--json", "--method", "hindsight").out)
    assert hindsight["method"] == "hindsight" and all("plan" not in choice for choice in hindsight["choices"])
    assert "stock_pass" not in hindsight
    limited = json.loads(run_cli("hint", str(path), "--draw", "1", "--no-worry-back", "--samples", "8", "--seed", "2",
                                 "--json", "--passes", "3").out)
    assert limited["stock_pass"] is None
    assert sorted((c["move"], c["wins"]) for c in hindsight["choices"]) == sorted(
        (c["move"], c["wins"]) for c in data["choices"])
    # Same seed, same samples: two worker processes give the same answer as one.
    again = run_cli("hint", str(path), "--draw", "1", "--no-worry-back", "--samples", "8", "--seed", "2", "--json",
                    "--jobs", "1")
    assert again.out == result.out


def test_cli_text_says_what_it_measures(run_cli, tmp_path):
    path = tmp_path / "seen.txt"
    path.write_text(SURE_WIN_SURE_LOSS)
    out = run_cli("hint", str(path), "--rules", "pysolfc", "--draw", "1", "--moves", "any", "--samples", "5",
                  "--seed", "7", "-j", "1").out
    assert "5 samples (seed 7) of the 3 hidden cards" in out and "hindsight" in out and "upper bound" in out
    assert "position: winnable in 5 of 5 (100.0%, 95% 56.6%-100.0%), 0 hit a limit" in out
    lines = out.splitlines()
    assert lines[-3].endswith("waste A♥ -> column 4") and lines[-3].split()[1] == "-"  # no plan begins with it
    assert lines[-2].startswith("plan of move 1, up to the next card shown: ")
    assert lines[-2].split(": ", 1)[1].split("; ")[0] == lines[-5].split("  ")[-1]
    # Unlimited passes and a hidden stock card: seeing it first costs nothing.
    assert lines[-1].startswith("first, draw the stock through: it hides 1 card, and a whole pass brings")
    hindsight = run_cli("hint", str(path), "--rules", "pysolfc", "--draw", "1", "--moves", "any", "--samples", "5",
                        "--seed", "7", "-j", "1", "--method", "hindsight").out
    assert hindsight.splitlines()[-1].endswith("waste A♥ -> column 4") and "plan" not in hindsight
    limited = run_cli("hint", str(path), "--rules", "pysolfc", "--draw", "1", "--moves", "any", "--samples", "5",
                      "--seed", "7", "-j", "1", "--passes", "3").out
    assert limited.splitlines()[-1].startswith("plan of move 1") and "draw the stock through" not in limited
    exact = run_cli("hint", "CF1-D3-AAAAAAE", "-q").out
    assert "no hidden card: the solver's verdict after each move" in exact
    assert exact.splitlines()[1] == "position: unwinnable"


def test_cli_bad_positions_are_one_line_status_2(run_cli, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(SURE_WIN_SURE_LOSS.replace("column 4: 2♠", "column 4: 2♠, ??"))
    result = run_cli("hint", str(path))
    assert result.status == 2 and result.out == "" and result.err.count("\n") == 1
    assert "column 4 cards are always seen" in result.err


def test_json_choices_name_their_plan_under_the_plan_method_even_when_none_has_one():
    from canfield_solver.solving.hint import Choice, choices_json

    position, _ = parse_position_text(SURE_WIN_SURE_LOSS)
    choices = [Choice(move, Tally(0, 0, 5)) for move in legal_moves(position, NO_RETURN)]  # no sample won: no plan
    assert [choice["plan"] for choice in choices_json(choices, position, NO_RETURN, "plan")] == [None] * len(choices)
    assert all("plan" not in choice for choice in choices_json(choices, position, NO_RETURN, "hindsight"))
