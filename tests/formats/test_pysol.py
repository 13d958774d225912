"""PySolFC deals: the generators, the dealing order, the number forms, and pysol: in the CLI."""

import json
import random

import pytest
from pysol_cards.cards import createCards
from pysol_cards.random import shuffle as pysol_cards_shuffle
from pysol_cards.random_base import RandomBase

from canfield_solver.core.cards import parse_card
from canfield_solver.core.errors import InputError
from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.deal_argument import load_game, setup_game
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.pysol import read_pysol_deal, shuffled_talon

# Full starting layouts as PySolFC shows them (3 cards already on the waste), generated once
# with canfield_solver.formats.pysol and cross-checked below by independent routes.
PINNED = {
    "123": {
        "base": "7C",
        "reserve": ["8H", "7D", "6D", "3S", "6H", "KC", "3C", "10C", "8C", "5D", "4C", "AC", "AH"],
        "tableau": [["KD"], ["4H"], ["JC"], ["8D"]],
        "stock": ["5C", "3D", "3H", "QC", "KS", "JD", "5H", "QS", "9C", "9D", "AS", "2D", "9H", "JH", "10D", "QD",
                  "KH", "6C", "8S", "AD", "6S", "2C", "9S", "5S", "7H", "10S", "10H", "2S", "QH", "4D", "2H"],
        "waste": ["4S", "JS", "7S"],
        "foundations": ["7C"],
    },
    "31999": {
        "base": "JD",
        "reserve": ["JH", "AD", "QH", "KH", "6S", "6D", "JC", "AC", "10H", "AS", "8H", "9D", "2H"],
        "tableau": [["7H"], ["AH"], ["6H"], ["8D"]],
        "stock": ["3S", "QD", "2D", "QS", "5S", "KS", "9H", "KD", "2C", "9S", "4D", "10C", "KC", "4S", "3H", "10S",
                  "10D", "4H", "8C", "5H", "7D", "3C", "8S", "2S", "4C", "5C", "3D", "9C", "JS", "QC", "6C"],
        "waste": ["7C", "5D", "7S"],
        "foundations": ["JD"],
    },
    "ms100000": {
        "base": "5C",
        "reserve": ["QS", "8C", "AD", "7D", "10D", "KC", "3S", "6S", "7S", "10H", "7C", "4S", "4D"],
        "tableau": [["9C"], ["JC"], ["AC"], ["AH"]],
        "stock": ["4H", "QC", "AS", "3C", "9S", "6C", "2S", "3D", "6D", "2H", "9D", "8S", "5H", "KH", "8D", "5S",
                  "5D", "10S", "JD", "2C", "KS", "8H", "6H", "7H", "QH", "4C", "QD", "2D", "9H", "JH", "10C"],
        "waste": ["3H", "JS", "KD"],
        "foundations": ["5C"],
    },
    "32000": {
        "base": "7S",
        "reserve": ["4D", "JS", "8D", "6D", "3H", "3D", "10H", "JC", "3C", "2C", "5S", "9D", "AC"],
        "tableau": [["6S"], ["4H"], ["2S"], ["9C"]],
        "stock": ["AS", "KC", "8H", "7C", "5C", "KH", "QC", "KS", "5D", "2D", "2H", "6C", "8C", "7H", "3S", "10D",
                  "JH", "4S", "JD", "AH", "4C", "10C", "QH", "AD", "QS", "5H", "7D", "6H", "QD", "KD", "9H"],
        "waste": ["8S", "9S", "10S"],
        "foundations": ["7S"],
    },
    "#00000000000012345678": {
        "base": "QH",
        "reserve": ["7H", "QC", "KC", "4H", "2H", "3D", "4C", "2S", "7C", "10H", "AC", "KH", "7S"],
        "tableau": [["8C"], ["KS"], ["6H"], ["9D"]],
        "stock": ["2D", "5D", "8D", "8S", "4D", "QD", "JS", "8H", "AD", "AH", "9C", "9S", "AS", "2C", "6D", "6C",
                  "3H", "JC", "4S", "QS", "KD", "5C", "3C", "JH", "10C", "7D", "10S", "5H", "10D", "JD", "9H"],
        "waste": ["6S", "3S", "5S"],
        "foundations": ["QH"],
    },
    "98765432109876543210": {
        "base": "QD",
        "reserve": ["KH", "6D", "8D", "9C", "AH", "9S", "JD", "JC", "8S", "JS", "3D", "2C", "5H"],
        "tableau": [["8C"], ["AD"], ["QS"], ["7H"]],
        "stock": ["10D", "10C", "10H", "KC", "4C", "9D", "KD", "3H", "AC", "7S", "3C", "3S", "QC", "2D", "5C", "AS",
                  "2H", "2S", "9H", "KS", "QH", "4H", "5S", "6S", "6C", "5D", "4S", "7D", "6H", "7C", "8H"],
        "waste": ["10S", "JH", "4D"],
        "foundations": ["QD"],
    },
}


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pinned_layouts(number):
    game = load_game(f"pysol:{number}")
    assert position_to_dict(game.position) == PINNED[number]
    assert (game.draw, game.preset, game.fresh) == (3, "pysolfc", False)


@pytest.mark.parametrize(
    "text, name",
    [("123", "pysol:123"), ("ms123", "pysol:ms123"), ("MS123", "pysol:ms123"), (" #00123 ", "pysol:123"),
     ("#00000000000012345678", "pysol:12345678"), ("12345678", "pysol:12345678")],
)
def test_number_forms_and_names(text, name):
    assert read_pysol_deal(text)[0] == load_game(f"pysol:{text}").name == name


def test_the_prefix_is_read_in_any_case():
    assert load_game(" PYSOL:ms123 ").name == "pysol:ms123"


def test_ms_form_below_32000_is_the_plain_number_and_above_it_is_not():
    assert load_game("pysol:ms123").position == load_game("pysol:123").position
    assert load_game("pysol:ms100000").position != load_game("pysol:100000").position


def _ms_lcg_order(number: int) -> list[int]:
    """The Microsoft FreeCell shuffle written out by hand: deck A♣ A♦ A♥ A♠ 2♣ ..., cards dealt in order."""
    deck = [parse_card("A23456789TJQK"[i // 4] + "CDHS"[i % 4]) for i in range(52)]
    seed = number
    for n in range(51, 0, -1):
        seed = (seed * 214013 + 2531011) % 2**31
        j = (seed >> 16) % (n + 1)
        deck[n], deck[j] = deck[j], deck[n]
    return deck[::-1]


def _mersenne_order(number: int) -> list[int]:
    """PySolFC's Mersenne Twister shuffle by hand: deck ♣ ♠ ♥ ♦, each A..K, cards dealt in order."""
    deck = [parse_card(rank + suit) for suit in "CSHD" for rank in "A23456789TJQK"]
    generator = random.Random(number)
    for n in range(51, 0, -1):
        j = int(generator.random() * (n + 1))
        deck[n], deck[j] = deck[j], deck[n]
    return deck[::-1]


@pytest.mark.parametrize("number", [1, 123, 31999, 100000])
def test_lcg_deals_match_a_hand_written_generator(number):
    assert shuffled_talon(number, ms_form=True)[::-1] == _ms_lcg_order(number)


@pytest.mark.parametrize("number", [32000, 32001, 12345678, 98765432109876543210])
def test_mersenne_deals_match_a_hand_written_generator(number):
    assert shuffled_talon(number)[::-1] == _mersenne_order(number)


def test_game_1_is_microsoft_freecell_deal_1():
    """The published first cards of FreeCell deal #1 (JD 2D 9H JC ...), dealt in Canfield's order."""
    published = "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS".split()
    position = load_game("pysol:1").position
    names = [position.base, *position.reserve, *reversed([c[0] for c in position.tableau]), *position.waste]
    assert names == [parse_card(name) for name in published]


def test_pysol_cards_own_shuffle_switches_too_late_at_32000():
    """pysol-cards' shuffle() uses the LCG for 32000 itself; PySolFC (and we) use the Mersenne Twister."""

    def through_pysol_cards(number):
        deck = pysol_cards_shuffle(createCards(1), number, RandomBase.DEALS_PYSOLFC)
        suits = "CSHD"
        return [parse_card("A23456789TJQK"[card.rank - 1] + suits[card.suit]) for card in deck]

    assert through_pysol_cards(31999) == shuffled_talon(31999)
    assert through_pysol_cards(32001) == shuffled_talon(32001)
    assert through_pysol_cards(32000) != shuffled_talon(32000)
    assert through_pysol_cards(32000) == shuffled_talon(32000, ms_form=True)


@pytest.mark.parametrize(
    "text, message",
    [
        ("0", "PySolFC game number '0' is out of range: use 1 to 100000000000000000000 (PySolFC has no game 0)"),
        ("ms0", "PySolFC game number 'ms0' is out of range: use ms1 to ms8589934591 (PySolFC has no game 0)"),
        ("#00000000000000000000", "is out of range"),
        ("100000000000000000001", "is out of range: use 1 to 100000000000000000000"),
        ("ms8589934592", "is out of range: use ms1 to ms8589934591"),
        ("abc", "bad PySolFC game number 'abc': write pysol:123, pysol:ms123 or the 20-digit form"),
        ("", "bad PySolFC game number ''"),
        ("-5", "bad PySolFC game number '-5'"),
        ("12.5", "bad PySolFC game number '12.5'"),
    ],
)
def test_bad_numbers_are_input_errors(text, message):
    for load, argument in ((load_game, f"pysol:{text}"), (read_pysol_deal, text)):
        with pytest.raises(InputError) as error:
            load(argument)
        assert message in str(error.value)


def test_cli_bad_number_is_one_line_exit_2(run_cli):
    result = run_cli("show", "pysol:0")
    assert result.status == 2 and result.out == ""
    assert result.err == (
        "error: PySolFC game number '0' is out of range: use 1 to 100000000000000000000 (PySolFC has no game 0)\n"
    )


def test_show_json_gives_a_deal_file_with_the_waste(run_cli, tmp_path):
    result = run_cli("show", "pysol:123", "--json")
    assert result.status == 0
    data = json.loads(result.out)
    assert data == {**PINNED["123"], "draw": 3}
    # The deal file loads back to the same position, not fresh (no second automatic turn).
    path = tmp_path / "pysol123.json"
    path.write_text(result.out)
    setup = setup_game(str(path), RuleOptions("pysolfc"))
    assert setup.position == load_game("pysol:123").position


def test_show_names_the_game(run_cli):
    result = run_cli("show", "pysol:ms123", "--ascii", "--line")
    assert result.status == 0
    assert result.out.splitlines()[0] == ("Deal pysol:ms123, draw 3."
                                          " PySolFC's rules: no foundation return, top card or whole column.")
    assert "Stock: 31 cards; waste: 3 cards, top: 7S; reserve: 13 cards, top: AH." in result.out
