"""Deal files: the JSON format (bottom to top), optional keys, validation messages, round trips."""

import json

import pytest

from canfield_solver.core.cards import parse_card
from canfield_solver.core.errors import InputError
from canfield_solver.core.position import DealError, validate
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_file import position_from_dict, position_to_dict
from canfield_solver.formats.position_text import read_position_file


def test_worked_example_file_reads_bottom_to_top(worked_example_data):
    position, draw = position_from_dict(worked_example_data)
    assert draw == 3
    assert position.reserve[-1] == parse_card("QC") and position.reserve[-4:-1] == tuple(
        map(parse_card, ["JS", "QS", "8H"]))
    assert position.stock[-1] == parse_card("JC")  # the last listed card is turned first
    assert position.tableau == tuple((parse_card(name),) for name in ("6C", "KH", "QH", "AS"))
    assert position.base == parse_card("7H") and position.foundations == (0, 0, 1, 0)
    assert (position.waste, position.score, position.recycles) == ((), 0, 0)


def take(data, name):
    """Remove card ``name`` from the reserve or the stock of deal-file ``data``."""
    for pile in ("reserve", "stock"):
        if name in data[pile]:
            data[pile].remove(name)
            return name
    raise AssertionError(name)


def test_optional_keys_and_card_spellings(worked_example_data):
    data = worked_example_data
    for name in ("8H", "9H", "7S", "7C", "8C"):
        take(data, name)
    data["waste"] = [take(data, name) for name in ("KC", "AD", "2D", "QC")]  # Q♣ tops the waste
    data["stock"] = [name.lower().replace("10", "T") for name in data["stock"]]
    data.update(foundations=["9h", "7♠", "8♣"], score=15, recycles=2)
    del data["draw"]
    position, draw = position_from_dict(data)
    assert draw is None
    assert position.foundations == (2, 0, 3, 1)  # clubs 7-8, hearts 7-9, spades 7
    assert position.waste == tuple(map(parse_card, ("KC", "AD", "2D", "QC")))
    assert position.stock[0] == parse_card("KS") and parse_card("10S") in position.stock
    assert (position.score, position.recycles) == (15, 2)


def test_foundations_list_every_non_empty_one_so_the_base_card_may_be_in_play(worked_example_data):
    # After a foundation return the base card lies in a column and its foundation is empty.
    data = worked_example_data
    data["tableau"][2] = ["8S", "7H"]
    data["stock"][data["stock"].index("8S")] = "QH"
    data["foundations"] = []
    position, _ = position_from_dict(data)
    assert position.foundations == (0, 0, 0, 0)
    assert position.foundation_next(parse_card("7H") // 13) == parse_card("7H")
    assert position_from_dict(position_to_dict(position))[0] == position


def round_trip(position, draw=None):
    data = json.loads(json.dumps(position_to_dict(position, draw)))
    return position_from_dict(data)


def test_round_trip_of_deals_and_played_positions(played_positions):
    for code in ("CF1-D3-AAAAAAA", "CF1-D1-ZZZZZZZ"):
        assert round_trip(position_from_code(code), 1) == (position_from_code(code), 1)
    assert len(played_positions) > 400
    for _, position in played_positions:
        assert round_trip(position) == (position, None)
        unicode = position_to_dict(position, 3, ascii=False)
        assert position_from_dict(unicode) == (position, 3)


def test_played_positions_cover_the_edges(played_positions):
    """The random play that the round trips use reaches the states that matter."""
    positions = [position for _, position in played_positions]
    assert any(not p.reserve and any(not column for column in p.tableau) for p in positions)
    assert any(p.recycles for p in positions) and any(p.waste for p in positions)
    assert any(len(column) >= 3 for p in positions for column in p.tableau)
    assert any(p.score >= 50 for p in positions)


def test_validate_accepts_every_played_position(played_positions):
    for _, position in played_positions:
        assert validate(position) is position


def write(tmp_path, data, name="deal.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_read_position_file(tmp_path, worked_example_data, worked_example):
    assert read_position_file(write(tmp_path, worked_example_data)) == (worked_example, 3)
    with_bom = write(tmp_path, "\ufeff" + json.dumps(worked_example_data), "bom.json")  # as some editors save
    assert read_position_file(with_bom) == (worked_example, 3)


def bad(data, mutate):
    mutate(data)
    return data


# Each bad deal and the exact reason given.
BAD_DEALS = [
    ("51 cards", lambda d: d["stock"].pop(),
     "1 card(s) missing, all 52 must be placed: J♣"),
    ("a card twice", lambda d: d["stock"].__setitem__(0, "QC"),
     "card placed twice: Q♣ (and 1 card(s) missing: K♠)"),
    ("unknown card name", lambda d: d["tableau"][1].__setitem__(0, "KX"),
     "column 2: unknown card 'KX': write a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣♦♥♠), "
     "for example QC or 10♥"),
    ("3 columns", lambda d: d["tableau"].pop(),
     "'tableau' has 3 columns; Canfield has exactly 4"),
    ("empty column while the reserve has cards", lambda d: d["reserve"].insert(0, d["tableau"][0].pop()),
     "a column is empty while the reserve still has cards; the reserve fills empty columns at once"),
    ("column not a run", lambda d: (d["tableau"][0].append(d["stock"].pop())),
     "column 1 is not a run down in alternating colours: J♣ cannot lie on 6♣"),
    ("two foundation cards of a suit", lambda d: d.update(foundations=["8H", "9H"]),
     "foundations: two cards of hearts; list only the top card of each"),
    ("base card nowhere", lambda d: d.update(foundations=[]),
     "the base card 7♥ is on no pile: 'foundations' lists the top card of every non-empty foundation, "
     "the base suit's too (for example \"7H\")"),
    ("unknown key", lambda d: d.update(colour="red"),
     "unknown key(s) 'colour'; known keys: base, draw, foundations, recycles, reserve, score, stock, "
     "tableau, waste"),
    ("missing key", lambda d: d.pop("stock"), "the deal file lacks 'stock'"),
    ("draw 2", lambda d: d.update(draw=2), "'draw' must be 1 or 3, not 2"),
    ("draw true", lambda d: d.update(draw=True), "'draw' must be 1 or 3, not True"),
    ("draw 3.0", lambda d: d.update(draw=3.0), "'draw' must be 1 or 3, not 3.0"),
    ("negative score", lambda d: d.update(score=-5), "'score' must be a whole number from 0 to 1000000, not -5"),
    ("score text", lambda d: d.update(score="5"), "'score' must be a whole number from 0 to 1000000, not '5'"),
    ("base not a name", lambda d: d.update(base=["7H"]), "'base' must be one card name, for example \"7H\""),
    ("reserve not a list", lambda d: d.update(reserve="QC"), "reserve must be a list of card names, bottom to top"),
    ("tableau not a list", lambda d: d.update(tableau={}),
     "'tableau' must be a list of 4 columns, each a list of cards bottom to top"),
]


@pytest.mark.parametrize("mutate, message", [case[1:] for case in BAD_DEALS], ids=[case[0] for case in BAD_DEALS])
def test_bad_deal_files_are_rejected_with_the_reason(tmp_path, worked_example_data, mutate, message):
    path = write(tmp_path, bad(worked_example_data, mutate))
    with pytest.raises(DealError) as info:
        read_position_file(path)
    assert str(info.value) == f"deal file {path}: {message}"
    assert isinstance(info.value, InputError)


def test_bad_json_missing_file_and_non_object(tmp_path):
    path = write(tmp_path, '{"base": "7H",')
    with pytest.raises(DealError, match=r"^deal file .*deal\.json: not valid JSON: Expecting property name"):
        read_position_file(path)
    missing = str(tmp_path / "missing.json")
    with pytest.raises(InputError) as info:
        read_position_file(missing)
    assert str(info.value) == f"cannot read the deal file {missing}: No such file or directory"
    path = write(tmp_path, "[1, 2]")
    with pytest.raises(DealError) as info:
        read_position_file(path)
    assert str(info.value) == (
        f"deal file {path}: a deal file holds one JSON object with base, reserve, tableau and stock")
