"""CF1 game codes: parsing, the documented shuffle, and golden layouts that pin our deals forever."""

import re

import pytest

from canfield_solver.formats.codes import DEAL_COUNT, CodeError, format_code, parse_code, position_from_code, random_codes, shuffled_deck, splitmix64
from canfield_solver.formats.deal_file import position_to_dict


@pytest.mark.parametrize("code, parsed", [
    ("CF1-D3-AAAAAAA", (3, 0)),
    ("CF1-D1-AAAAAAB", (1, 1)),
    ("CF1-D3-AAAAACL", (3, 2 * 26 + 11)),
    ("CF1-D1-BAAAAAA", (1, 26**6)),
    ("CF1-D3-ZZZZZZZ", (3, 26**7 - 1)),
    ("  cf1-d1-aaaaacl\n", (1, 63)),
    ("Cf1-D3-zzzzzzz", (3, 26**7 - 1)),
])
def test_parse_code(code, parsed):
    assert parse_code(code) == parsed


def test_format_code_inverts_parse_code():
    for number in (0, 1, 25, 26, 63, 123456789, DEAL_COUNT - 1):
        for draw in (1, 3):
            assert parse_code(format_code(number, draw)) == (draw, number)
    assert format_code(63, 1) == "CF1-D1-AAAAACL"


@pytest.mark.parametrize("code", [
    "", "CF1-D3-AAAAAA", "CF1-D3-AAAAAAAA", "CF1-D2-AAAAAAA", "CF2-D3-AAAAAAA", "CF1-D3-AAAAAA1",
    "CF1D3AAAAAAA", "CF1 D3 AAAAAAA", "CF1-D3-AAAA AAA", "CF1-D3-AAAAAAı", "CF1-D3-ÄAAAAAA",
])
def test_bad_codes_are_rejected_with_an_example(code):
    with pytest.raises(CodeError) as info:
        parse_code(code)
    assert str(info.value) == (
        f"bad game code {code!r}: expected CF1-D1-XXXXXXX or CF1-D3-XXXXXXX "
        "with 7 letters A-Z, for example CF1-D3-AAAAACL"
    )


def test_format_code_rejects_out_of_range_numbers_and_draws():
    with pytest.raises(CodeError, match=r"^deal number 8031810176 is out of range 0\.\.8031810175$"):
        format_code(DEAL_COUNT, 3)
    with pytest.raises(CodeError, match="^draw must be 1 or 3, not 2$"):
        format_code(0, 2)


def test_splitmix64_matches_the_reference_outputs():
    # First outputs of the reference SplitMix64 (Vigna) for seed 0 and for seed 1234567.
    numbers = splitmix64(0)
    assert [next(numbers) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    numbers = splitmix64(1234567)
    assert [next(numbers) for _ in range(2)] == [6457827717110365317, 3203168211198807973]


def readme_deal(code: str) -> dict:
    """An independent re-implementation of docs/formats.md's "Game codes" text, from the text alone."""
    match = re.fullmatch(r"CF1-D([13])-([A-Z]{7})", code.strip().upper())
    n = 0
    for letter in match.group(2):
        n = 26 * n + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(letter)
    names = [rank + suit for suit in "CDHS" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    d = list(range(52))
    mask = 2**64 - 1
    state = n
    for i in range(51, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        j = z % (i + 1)
        d[i], d[j] = d[j], d[i]
    cards = [names[c] for c in d]
    # Deal files list piles bottom to top: the reserve d[0]..d[12], the stock d[51]..d[18].
    return {"base": cards[13], "reserve": cards[0:13], "tableau": [[c] for c in cards[14:18]],
            "stock": cards[18:][::-1], "waste": [], "foundations": [cards[13]]}


# Generated once from the code, checked against ``readme_deal``, then pinned: a change here
# changes every published game code, so it must never happen silently.
GOLDEN = {
    "CF1-D3-AAAAAAA": {
        "base": "8C",
        "reserve": ["8S", "JH", "9C", "2S", "2D", "QD", "6S", "10C", "3D", "AC", "JC", "7C", "9H"],
        "tableau": [["QS"], ["KH"], ["5H"], ["2C"]],
        "stock": ["10H", "KC", "4H", "6D", "5S", "7H", "4C", "KS", "6H", "JS", "7D", "9S", "7S", "AS",
                  "KD", "3C", "9D", "2H", "4D", "3S", "JD", "QC", "10S", "QH", "AD", "8D", "8H", "5D",
                  "10D", "4S", "6C", "AH", "5C", "3H"],
    },
    "CF1-D3-AAAAAAB": {
        "base": "2D",
        "reserve": ["7D", "9C", "4D", "8H", "8D", "5S", "JD", "6D", "9S", "JC", "5D", "KD", "3C"],
        "tableau": [["JH"], ["5H"], ["7H"], ["4H"]],
        "stock": ["7S", "9H", "2S", "3H", "10C", "8C", "2H", "4C", "AC", "3S", "3D", "9D", "QD", "QH",
                  "QS", "6H", "KS", "AH", "5C", "AS", "7C", "6C", "4S", "QC", "8S", "10D", "JS", "10S",
                  "10H", "KH", "KC", "6S", "AD", "2C"],
    },
    "CF1-D1-AAAAACL": {
        "base": "2C",
        "reserve": ["3S", "QS", "JD", "QD", "4H", "5C", "QH", "AD", "2D", "2H", "7H", "9H", "10C"],
        "tableau": [["9C"], ["7S"], ["AH"], ["6H"]],
        "stock": ["6C", "6S", "QC", "JS", "7C", "6D", "7D", "3H", "KD", "4S", "4C", "5H", "10D", "5D",
                  "9D", "8D", "3C", "4D", "8S", "5S", "8C", "8H", "2S", "9S", "JC", "10S", "3D", "10H",
                  "KH", "KS", "JH", "AC", "AS", "KC"],
    },
    "CF1-D1-CANFIEL": {
        "base": "JD",
        "reserve": ["AD", "7S", "KC", "9D", "9C", "8S", "QD", "KD", "2C", "5H", "QS", "2D", "QH"],
        "tableau": [["7H"], ["5S"], ["4S"], ["8H"]],
        "stock": ["6S", "4H", "7C", "KS", "KH", "QC", "3S", "6C", "AC", "2H", "10C", "9H", "JS", "4D",
                  "JC", "2S", "10S", "5D", "3H", "3C", "6H", "AS", "4C", "6D", "5C", "8D", "9S", "10D",
                  "8C", "10H", "JH", "7D", "AH", "3D"],
    },
    "CF1-D3-MMMMMMM": {
        "base": "5C",
        "reserve": ["8D", "QC", "3S", "3H", "2D", "5H", "2S", "8H", "8C", "7D", "2H", "5D", "2C"],
        "tableau": [["3D"], ["10S"], ["3C"], ["KD"]],
        "stock": ["QD", "4H", "7C", "JD", "9S", "6C", "AD", "10D", "KC", "6H", "9D", "8S", "KH", "5S",
                  "9H", "7H", "QH", "AS", "KS", "6D", "JC", "QS", "10H", "4D", "7S", "AH", "10C", "4S",
                  "JH", "9C", "AC", "6S", "JS", "4C"],
    },
    "CF1-D3-ZZZZZZZ": {
        "base": "6H",
        "reserve": ["6S", "5S", "JH", "4D", "4S", "2S", "AC", "7D", "9C", "10C", "AH", "KS", "3C"],
        "tableau": [["8H"], ["10H"], ["JS"], ["6D"]],
        "stock": ["3H", "QD", "5D", "7H", "10D", "10S", "7C", "AD", "QS", "AS", "3D", "JD", "4H", "5C",
                  "7S", "QH", "KC", "2C", "KD", "3S", "9H", "5H", "4C", "KH", "9S", "JC", "6C", "9D",
                  "8C", "8D", "8S", "2D", "QC", "2H"],
    },
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_layouts(code):
    expected = dict(GOLDEN[code], waste=[], foundations=[GOLDEN[code]["base"]])
    assert position_to_dict(position_from_code(code)) == expected


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_layouts_follow_the_readme_algorithm(code):
    assert position_to_dict(position_from_code(code)) == readme_deal(code)


def test_readme_algorithm_on_more_deals():
    for code in random_codes(30, 3, seed=5):
        assert position_to_dict(position_from_code(code)) == readme_deal(code)


def test_the_deck_is_a_permutation_and_depends_on_the_number():
    decks = [shuffled_deck(n) for n in (0, 1, 2, DEAL_COUNT - 1)]
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert len({tuple(deck) for deck in decks}) == 4


def test_draw_mode_does_not_change_the_cards():
    for letters in ("AAAAAAA", "AAAAACL", "QWERTYU"):
        assert position_from_code(f"CF1-D1-{letters}") == position_from_code(f"CF1-D3-{letters}")


def test_random_codes_are_valid_and_reproducible():
    codes = random_codes(50, 1, seed=11)
    assert len(codes) == 50 and len(set(codes)) == 50
    assert all(re.fullmatch(r"CF1-D1-[A-Z]{7}", code) for code in codes)
    assert random_codes(50, 1, seed=11) == codes
    assert random_codes(50, 1, seed=12) != codes
    assert all(code.startswith("CF1-D3-") for code in random_codes(5, 3))
