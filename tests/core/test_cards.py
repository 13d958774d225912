"""Cards: the integer encoding, names both ways, and rejected names."""

import pytest

from canfield_solver.core.cards import CardError, card_name, is_red, make_card, parse_card, rank_of, suit_of
from canfield_solver.core.errors import InputError


def test_encoding_is_suit_major_clubs_diamonds_hearts_spades():
    assert [card_name(c) for c in (0, 12, 13, 25, 26, 38, 39, 51)] == [
        "A♣", "K♣", "A♦", "K♦", "A♥", "K♥", "A♠", "K♠"]
    assert (rank_of(parse_card("QC")), suit_of(parse_card("QC"))) == (11, 0)
    assert make_card(9, 2) == parse_card("10H") == 35


def test_every_card_name_reads_back_in_both_spellings():
    for card in range(52):
        assert parse_card(card_name(card)) == card
        assert parse_card(card_name(card, ascii=True)) == card
    assert len({card_name(card) for card in range(52)}) == 52


@pytest.mark.parametrize("text, name", [
    ("qc", "Q♣"), (" 10h ", "10♥"), ("TH", "10♥"), ("t♠", "10♠"), ("a♦", "A♦"),
    ("K♥\ufe0f", "K♥"), ("7♡", "7♥"), ("2♤", "2♠"), ("J♧", "J♣"), ("9♢", "9♦"),
])
def test_accepted_spellings(text, name):
    assert card_name(parse_card(text)) == name


def test_colours():
    assert [is_red(parse_card(n)) for n in ("5C", "5D", "5H", "5S")] == [False, True, True, False]


@pytest.mark.parametrize("text", ["", "1H", "11C", "QX", "Q", "10", "QCC", "♣Q", "ZZ"])
def test_unknown_names_are_rejected_with_the_fix(text):
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert str(info.value) == (
        f"unknown card {text!r}: write a rank (A, 2-10, J, Q, K) then a suit "
        "(C, D, H, S or ♣♦♥♠), for example QC or 10♥"
    )
    assert isinstance(info.value, InputError)


def test_non_string_is_rejected():
    with pytest.raises(CardError, match=r"^unknown card 12: a card is a string such as 'QC' or 'Q♣'$"):
        parse_card(12)
