"""Positions with hidden cards ("??"): where they may stand, how they are refused, and sampling."""

import collections
import json
import random
import re

import pytest

from canfield_solver.core.cards import HIDDEN, parse_card
from canfield_solver.core.hidden import complete, fill, free_draw, hidden_count, hide, unseen_cards
from canfield_solver.core.position import DealError, validate
from canfield_solver.core.referee import DRAW, Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_from_dict


def hidden_example(worked_example_data: dict) -> dict:
    """the worked example of docs/rules.md as the app shows it at the start: only the reserve top is seen."""
    data = dict(worked_example_data)
    data["reserve"] = ["??"] * 12 + data["reserve"][-1:]
    data["stock"] = ["??"] * 34
    return data


@pytest.fixture
def hidden_file(tmp_path, worked_example_data):
    path = tmp_path / "seen.json"
    path.write_text(json.dumps(hidden_example(worked_example_data)))
    return str(path)


def test_a_position_with_hidden_cards_loads(worked_example_data, worked_example):
    position, draw = position_from_dict(hidden_example(worked_example_data))
    assert (hidden_count(position), draw) == (46, 3)
    assert position == hide(worked_example, 3)
    assert sorted(unseen_cards(position)) == sorted(set(range(52)) - set(position.all_cards()))


def test_show_marks_the_hidden_cards_and_json_keeps_them(run_cli, hidden_file, worked_example_data):
    result = run_cli("show", hidden_file, "--ascii", "--line")
    assert result.status == 0
    assert "Stock: 34 cards (34 hidden); waste empty; reserve: 13 cards (12 hidden), top: QC." in result.out
    board = run_cli("show", hidden_file, "--ascii").out.splitlines()
    assert board[2:4] == ["Reserve      [ QC] 13 (12 hidden)", "Stock        [###] 34 (34 hidden)   Waste  [   ]  0"]
    result = run_cli("show", hidden_file, "--json")
    assert json.loads(result.out)["reserve"] == hidden_example(worked_example_data)["reserve"]
    assert json.loads(result.out)["stock"] == ["??"] * 34


@pytest.mark.parametrize("command", [("solve",), ("analyse",), ("replay", "/dev/null"), ("batch", "--file")])
def test_solving_commands_refuse_it_and_point_to_hint(run_cli, hidden_file, tmp_path, command):
    if command[0] == "batch":
        listing = tmp_path / "list.txt"
        listing.write_text(hidden_file + "\n")
        args = ("batch", "--file", str(listing), "-q")
    else:
        args = (command[0], hidden_file, *command[1:])
    result = run_cli(*args)
    assert result.status == 2
    assert len(result.err.splitlines()) == 1
    assert "46 hidden cards" in result.err and f"canfield-solver hint {hidden_file}" in result.err


def _waste_game(worked_example_data, waste):
    """The worked example after draws: ``waste`` holds the waste (bottom to top), the rest hidden."""
    data = hidden_example(worked_example_data)
    data["waste"] = waste
    data["stock"] = ["??"] * (34 - len(waste))
    return data


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["tableau"][0].append("??"), "column 1 cards are always seen"),
    (lambda d: d["foundations"].__setitem__(0, "??") if "foundations" in d else d.update(foundations=["??"]),
     "foundations cards are always seen"),
    (lambda d: d["reserve"].__setitem__(12, "??"), "the reserve's top card is always seen"),
    (lambda d: d["stock"].append("??"), "47 '??' but 46 card(s) not named"),
    (lambda d: d["stock"].pop(), "45 '??' but 46 card(s) not named"),
    (lambda d: d["stock"].__setitem__(0, "QC"), "card named twice: Q♣"),
    (lambda d: d.update(_waste_game(d, ["??", "??", "2D", "??"])), "the waste's top card is always shown"),
])
def test_misplaced_or_miscounted_hidden_cards_are_refused(worked_example_data, mutate, message):
    data = hidden_example(worked_example_data)
    mutate(data)
    with pytest.raises(DealError, match=re.escape(message)):
        position_from_dict(data)


def test_the_fanned_waste_depends_on_the_draw_mode(run_cli, tmp_path, worked_example_data):
    # Three cards turned, the top one played, three more turned: six in the waste.
    path = tmp_path / "waste.json"
    data = _waste_game(worked_example_data, ["??", "??", "??", "2D", "3D", "4D"])
    path.write_text(json.dumps(data))
    assert run_cli("show", str(path), "--draw", "3").status == 0
    data = _waste_game(worked_example_data, ["??", "??", "??", "??", "3D", "4D"])
    path.write_text(json.dumps(data))
    assert run_cli("show", str(path), "--draw", "1").status == 0
    result = run_cli("show", str(path), "--draw", "3")
    assert result.status == 2
    assert result.err == (f"error: {path}: '??' (a card not seen) may stand only in the reserve below its top card, "
                          "in the stock and in the waste below the cards shown fanned; under draw 3 the waste's "
                          "top 3 cards are shown\n")


def test_a_named_card_twice_on_the_cli_is_one_line_and_status_2(run_cli, tmp_path, worked_example_data):
    data = hidden_example(worked_example_data)
    data["stock"][5] = "6C"
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    result = run_cli("show", str(path))
    assert (result.status, result.out) == (2, "")
    assert result.err == f"error: deal file {path}: card named twice: 6♣\n"


def test_a_hidden_position_gets_no_automatic_first_turn(hidden_file):
    assert setup_game(hidden_file, hidden_ok=True).position.waste == ()
    from canfield_solver.core.presets import RuleOptions

    assert setup_game(hidden_file, RuleOptions("pysolfc"), hidden_ok=True).position.waste == ()


def test_hide_hides_what_the_app_does_not_show(worked_example):
    rules = Rules(draw=3)
    position = apply(apply(worked_example, Move(DRAW), rules), Move(DRAW), rules)
    for draw, fanned in ((3, 3), (1, 1)):
        seen = hide(position, draw)
        assert seen.waste[-fanned:] == position.waste[-fanned:] and seen.waste[:-fanned] == (HIDDEN,) * (6 - fanned)
        assert seen.reserve == (HIDDEN,) * 12 + (parse_card("QC"),)
        assert seen.stock == (HIDDEN,) * 28 and seen.tableau == position.tableau
        assert fill(seen, [c for c in position.reserve[:-1] + position.stock + position.waste[:-fanned]]) == position


def test_sampling_fills_only_hidden_slots_with_unseen_cards_and_makes_legal_positions(played_positions):
    rng = random.Random(5)
    for rules, position in played_positions:
        seen = hide(position, rules.draw)
        for _ in range(3):
            sample = complete(seen, rng)
            validate(sample)  # 52 different cards, legal columns: a legal position
            for pile in ("reserve", "stock", "waste"):
                for shown, card in zip(getattr(seen, pile), getattr(sample, pile), strict=True):
                    assert card == shown if shown != HIDDEN else card in unseen_cards(seen)
            assert (sample.tableau, sample.foundations, sample.score) == (seen.tableau, seen.foundations, seen.score)


def test_sampling_is_uniform_over_the_assignments(worked_example):
    # Three hidden stock cards: each of the 6 orders should come up about 1/6 of the time.
    seen = worked_example.with_changes(stock=worked_example.stock[:-3] + (HIDDEN,) * 3)
    rng = random.Random(11)
    counts = collections.Counter(complete(seen, rng).stock[-3:] for _ in range(6000))
    assert len(counts) == 6
    # Each count is Binomial(6000, 1/6): mean 1000, sd 29; 5 sd either side never fails by chance in practice.
    assert all(855 < count < 1145 for count in counts.values()), counts


@pytest.mark.parametrize("draw, waste, passes, free", [
    (3, 0, None, True), (3, 6, None, True), (3, 5, None, False), (1, 5, None, True), (3, 0, 3, False),
])
def test_a_draw_is_free_while_the_stock_hides_cards_and_passes_are_unlimited(draw, waste, passes, free):
    """Free only when a recycle and as many draws bring the waste back as it is: a whole number of
    draws in it (draw 3 can come back to 6 cards, never to 5)."""
    deal = hide(setup_game("CF1-D3-AAAAACL").position, draw=draw)
    shown = deal.with_changes(stock=deal.stock[waste:], waste=tuple(deal.stock[:waste]))
    assert free_draw(shown, draw, passes) is free
    assert not free_draw(deal.with_changes(stock=(), waste=deal.stock), draw, None)
