"""Plans: lines up to the next card shown, valued over samples all following the same line."""

import pytest

from canfield_solver.core.hidden import has_hidden, hide, shows_unseen
from canfield_solver.core.limits import Limits
from canfield_solver.core.referee import apply, legal_moves, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.formats.codes import position_from_number
from canfield_solver.solving.plan import plans, to_reveal
from canfield_solver.solving.sampling import sample_all
from canfield_solver.solving.solver import solve

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
