"""Plans: lines up to the next card shown, valued over samples all following the same line."""

import pytest

from canfield_solver.core.hidden import has_hidden, hide, shows_unseen
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import HINDSIGHT, PLAN
from canfield_solver.core.presets import get_preset
from canfield_solver.core.referee import COLUMN, DRAW, Move, apply, legal_moves, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.formats.codes import position_from_number
from canfield_solver.formats.position_text import parse_position_text
from canfield_solver.solving.hint import DEFAULT_MAX_NODES, hint
from canfield_solver.solving.plan import _winning_line, plans, to_reveal
from canfield_solver.solving.sampling import sample_all
from canfield_solver.solving.solver import solve
from canfield_solver.solving.verdict_only import VerdictSolver

APP = Rules(draw=3)
NO_RETURN = Rules(draw=1, worry_back=False)
LIMITS = Limits(max_nodes=50_000)



@pytest.mark.parametrize("rules, number", [(APP, 5), (NO_RETURN, 8)])
def test_a_plan_ends_at_the_first_card_shown_and_its_figure_is_recounted(rules, number):
    view = hide(position_from_number(number), rules.draw)
    samples = sample_all(view, 6, seed=number)
    found = plans(view, samples, rules, LIMITS)
    assert found, "some sample of an app start is won"
    for plan in found:
        positions = [view]
        for move in plan.moves:
            assert move in legal_moves(positions[-1], rules)
            positions.append(apply(positions[-1], move, rules))
        # No move before the last shows a card not seen; the last one does.
        assert not any(shows_unseen(position, rules.draw) for position in positions[1:-1])
        assert shows_unseen(positions[-1], rules.draw)
        # The figure: the samples winnable after the whole line, every sample following it.
        wins = sum(solve(positions_after(sample, list(plan.moves), rules)[-1], rules, limits=LIMITS).verdict == Verdict.WINNABLE
                   for sample in samples)
        assert (plan.tally.wins, plan.tally.samples) == (wins, 6)
    keys = [(-plan.tally.wins, plan.tally.unknown, len(plan.moves)) for plan in found]
    assert keys == sorted(keys) and len({plan.moves for plan in found}) == len(found)


def test_a_samples_own_line_counts_as_won_without_a_search(monkeypatch):
    # Its win goes on from the line's end; the figures are recounted in the test above.
    view = hide(position_from_number(5), APP.draw)
    samples = sample_all(view, 6, seed=5)
    own = [_winning_line(sample, VerdictSolver(APP, LIMITS), view) for sample in samples]
    searched = []
    counted = VerdictSolver.verdicts
    monkeypatch.setattr(VerdictSolver, "verdicts", lambda solver, positions: searched.append(len(positions))
                        or counted(solver, positions))
    found = plans(view, samples, APP, LIMITS)
    lines = {plan.moves for plan in found}
    skipped = sum(line in lines for line in own)
    assert skipped >= 3 and sum(searched) == len(samples) * len(found) - skipped


def test_to_reveal_cuts_a_win_after_its_first_card_shown():
    deal = position_from_number(11)
    view = hide(deal, APP.draw)
    win = solve(deal, APP).moves
    line = to_reveal(view, win, APP)
    assert 1 <= len(line) < len(win) and tuple(win[:len(line)]) == line
    assert shows_unseen(positions_after(view, list(line), APP)[-1], APP.draw)
    assert not any(shows_unseen(positions_after(view, list(line[:cut]), APP)[-1], APP.draw) for cut in range(1, len(line)))
    # With every card known nothing is shown for the first time: the whole line is the plan.
    assert not has_hidden(deal) and to_reveal(deal, win, APP) == tuple(win)


# Found in a real game of the casino's rules (the plan player's CF1-D3-AAAAACH, the stock seen
# by its first pass): 8 reserve cards hidden. Over the 100 samples of seed 1, drawing keeps the
# win in the most samples (66), but only by continuations that differ from sample to sample
# before the reserve's next card comes up: the best one line after it keeps 57. Moving column 2
# onto column 4 keeps 64, all by one line.
FOOLS_HINDSIGHT = """\
base: J♣
draw: 3
foundations: J♣, K♦, Q♥
reserve: 8 hidden, A♠
column 1: 8♦, 7♠, 6♥, 5♠
column 2: A♥, K♣
column 3: 3♠, 2♦, A♣
column 4: 8♣, 7♦, 6♠, 5♦, 4♠, 3♦, 2♣
stock: 3♣, 7♥, 6♣, 9♥, 10♠, 10♦, 4♣, 9♠, K♠, 5♥
waste: 2♠, Q♠, Q♣, 9♦, K♥, 4♥, 5♣, 10♥, 3♥, 2♥, 6♦
score: 25
"""


def test_where_hindsight_is_fooled_by_continuations_that_need_the_reserve_order_plans_are_not():
    rules = get_preset("hoyle").rules
    view, _ = parse_position_text(FOOLS_HINDSIGHT)
    by_hindsight = hint(view, rules, samples=100, seed=1, method=HINDSIGHT)
    by_plan = hint(view, rules, samples=100, seed=1, method=PLAN)
    draw, column = Move(DRAW), by_plan.choices[0].move
    assert by_hindsight.choices[0].move == draw != column and column.kind == COLUMN
    figures = {choice.move: choice for choice in by_plan.choices}
    assert figures[draw].tally.wins > figures[column].tally.wins  # hindsight's figures: draw ahead
    assert figures[column].plan.tally.wins > figures[draw].plan.tally.wins  # one line for all: column ahead
    # Why: of the samples won after the draw, the solver's lines up to the next card shown differ,
    # and none of those lines keeps them all.
    after_draw = [apply(sample, draw, rules) for sample in sample_all(view, 30, seed=1)]
    wins = {index: solve(sample, rules, limits=LIMITS) for index, sample in enumerate(after_draw)}
    won = [index for index, result in wins.items() if result.verdict == Verdict.WINNABLE]
    lines = {to_reveal(apply(view, draw, rules), wins[index].moves, rules) for index in won}
    assert len(lines) > 1
    for line in lines:
        kept = sum(solve(positions_after(after_draw[index], list(line), rules)[-1], rules, limits=LIMITS).verdict
                   == Verdict.WINNABLE for index in won)
        assert kept < len(won)


# Found in a real game of the casino's rules (the plan player's CF1-D3-AAAAABH, the stock seen by
# its first pass): moving column 2 onto column 3 empties it, so the reserve's next card comes up
# at once. Over these 20 samples it keeps the win in 19, more than any line that the solver's
# wins begin with (18), though none of those wins begins with it.
SHOWS_AT_ONCE = """\
base: 5♥
draw: 3
foundations: 9♥, 5♠
reserve: 8 hidden, 6♦
column 1: 4♦
column 2: K♠, Q♥, J♣
column 3: A♥
column 4: A♣, K♦
stock: 2♠, J♦, Q♦, 3♣
waste: 10♥, 2♣, 3♥, 4♥, 4♣, 2♦, 7♠, 10♣, 5♣, J♠, 3♠, 10♠, 7♣, 6♣, 8♠, 3♦, J♥, 8♦, A♦, 9♣, 9♦, A♠, K♥, 7♦, K♣, 6♠
score: 25
recycles: 3
"""


def test_a_move_that_shows_a_card_is_a_plan_of_its_own_valued_by_its_hindsight_figure():
    rules = get_preset("hoyle").rules
    view, _ = parse_position_text(SHOWS_AT_ONCE)
    samples = sample_all(view, 20, seed=1557031968)
    from_wins = plans(view, samples, rules, Limits(max_nodes=DEFAULT_MAX_NODES))  # as hint's below
    result = hint(view, rules, samples=20, seed=1557031968, method=PLAN)
    best = result.choices[0]
    assert best.move.kind == COLUMN and shows_unseen(apply(view, best.move, rules), rules.draw)
    assert best.move not in {plan.moves[0] for plan in from_wins}  # no sample's win begins with it
    assert best.plan.moves == (best.move,) and best.plan.tally == best.tally
    assert best.plan.tally.wins > max(plan.tally.wins for plan in from_wins)
    for choice in result.choices:  # every move that shows a card and wins a sample is such a plan
        if choice.tally.wins and shows_unseen(apply(view, choice.move, rules), rules.draw):
            assert choice.plan.moves == (choice.move,) and choice.plan.tally == choice.tally
