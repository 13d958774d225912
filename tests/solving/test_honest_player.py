"""The honest player: never uses a card it has not seen, and its games replay on the referee."""

import random
from dataclasses import replace

import pytest

from canfield_solver.core.hidden import fill, has_hidden
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import HINDSIGHT, METHODS, PLAN
from canfield_solver.core.position import validate
from canfield_solver.core.referee import DRAW, RECYCLE, Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_number
from canfield_solver.solving.honest_player import CYCLE, LOST, STUCK, WON, HonestPlayer, play, shown_cards, view

APP = Rules(draw=3)
NO_RETURN = Rules(draw=3, worry_back=False)
SETTINGS = dict(samples=5, seed=3, limits=Limits(max_nodes=20_000))


def _seen_after(position, rules, moves):
    """The cards the player has seen after ``moves``, and the position they lead to."""
    seen = shown_cards(position)
    for move in moves:
        position = apply(position, move, rules)
        seen |= shown_cards(position)
    return seen, position


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("rules, number", [(APP, 2), (NO_RETURN, 3)])
def test_moves_do_not_depend_on_cards_not_yet_seen(rules, number, method):
    deal = position_from_number(number)
    game = play(deal, rules, **SETTINGS, max_turns=60, method=method)
    rng = random.Random(number)
    checked = 0
    for turn in (5, 30, 55):
        seen, _ = _seen_after(deal, rules, game.moves[:turn])
        hidden_then = view(deal, seen)  # the deal with every card unseen at that turn hidden
        if not has_hidden(hidden_then):
            break
        unseen = [card for card in deal.reserve + deal.stock if card not in seen]
        for _ in range(2):
            shuffled = unseen[:]
            while shuffled == unseen and len(unseen) > 1:
                rng.shuffle(shuffled)
            other = validate(fill(hidden_then, shuffled))  # another real deal, the same as far as seen
            assert other != deal or len(unseen) == 1
            assert play(other, rules, **SETTINGS, max_turns=turn, method=method).moves == game.moves[:turn]
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("rules, number", [(APP, 2), (APP, 4), (NO_RETURN, 1), (NO_RETURN, 4)])
def test_a_game_replays_on_the_referee_and_says_how_it_ended(rules, number, method):
    deal = position_from_number(number)
    game = play(deal, rules, **SETTINGS, method=method)
    _, end = _seen_after(deal, rules, game.moves)  # every move legal in turn
    assert game.cards == sum(end.foundations) and game.best_cards >= game.cards
    assert game.won == end.is_won == (game.end == WON)
    assert game.end in (WON, LOST, STUCK, CYCLE)
    if number == 4:  # this deal is lost even with every card known
        assert not game.won


def test_each_move_is_reported_with_the_view_it_was_chosen_from():
    """``advised`` sees every move of the game, in order, each with what the player had seen then."""
    deal = position_from_number(2)
    told = []
    game = play(deal, APP, **SETTINGS, max_turns=40, advised=lambda seen, advice: told.append((seen, advice)))
    assert [advice.move for _, advice in told] == game.moves
    for turn, (seen, _) in enumerate(told):
        cards, now = _seen_after(deal, APP, game.moves[:turn])
        assert seen == view(now, cards)
    assert any(advice.choices for _, advice in told)  # some moves were chosen by a hint


@pytest.mark.parametrize("rules", [APP, NO_RETURN, Rules(draw=1)])
def test_under_plans_the_player_first_draws_the_stock_through_which_costs_nothing(rules):
    """The first pass shows every stock card, and recycling after it brings back the deal as it
    was (so no win is lost by it); with a limit on passes, or under hindsight, there is no such pass."""
    deal = position_from_number(5)
    draws = -(-len(deal.stock) // rules.draw)
    game = play(deal, rules, **SETTINGS, max_turns=draws, method=PLAN)
    assert game.moves == [Move(DRAW)] * draws
    seen, after = _seen_after(deal, rules, game.moves)
    assert not after.stock and set(after.waste) <= seen
    assert apply(after, Move(RECYCLE), rules).with_changes(recycles=deal.recycles) == deal
    start = view(deal, shown_cards(deal))
    assert HonestPlayer(start, rules, method=PLAN).looks()
    assert not HonestPlayer(start, rules, method=HINDSIGHT).looks()
    assert not HonestPlayer(start, replace(rules, passes=3), method=PLAN).looks()
    assert not HonestPlayer(view(after, seen), rules, method=PLAN).looks()
