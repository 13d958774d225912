"""The referee: every rule of docs/rules.md and its edges, with the reasons it gives for illegal moves."""

import random

import pytest

from canfield_solver.core.cards import HEARTS, SPADES, parse_card
from canfield_solver.core.errors import InputError
from canfield_solver.core.position import builds_on
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, IllegalMove, Move, apply, legal_moves, why_illegal
from canfield_solver.core.rules import Rules, check_tableau_order, crosses_base
from canfield_solver.formats.codes import position_from_number

ANY = Rules()


def cards(*names):
    return tuple(parse_card(name) for name in names)


def column_move(source, target, count=1):
    return Move(COLUMN, COLUMN, source - 1, target - 1, count)


def to_column(kind, target, source_index=-1):
    return Move(kind, COLUMN, source_index, target - 1)


def play(position, rules, *moves):
    for move in moves:
        position = apply(position, move, rules)
    return position


def test_worked_example_of_rules_md(worked_example):
    after = play(worked_example, ANY,
                 to_column(RESERVE, 2), Move(RESERVE, FOUNDATION), column_move(2, 4, count=2))
    assert after.tableau == (cards("6C"), cards("QS"), cards("QH"), cards("AS", "KH", "QC"))
    assert after.reserve[-1] == parse_card("JS") and len(after.reserve) == 10
    assert after.foundations == (0, 0, 2, 0) and len(after.stock) == 34 and after.waste == ()
    assert after.score == 5


def test_legal_moves_at_the_start_of_the_worked_example(worked_example):
    # Q♣ on K♥, K♥ on A♠ (wrap), or draw; nothing fits a foundation and 7♥ has no black 8 to go on.
    assert legal_moves(worked_example, ANY) == [Move(DRAW), to_column(RESERVE, 2), column_move(2, 4)]


def test_building_down_in_alternating_colours_with_wrap():
    assert builds_on(parse_card("6H"), parse_card("7S")) and builds_on(parse_card("6H"), parse_card("7C"))
    assert not builds_on(parse_card("6H"), parse_card("7D"))
    assert not builds_on(parse_card("6H"), parse_card("8S"))
    assert not builds_on(parse_card("7S"), parse_card("6H"))
    assert builds_on(parse_card("KH"), parse_card("AS"))  # K on A
    assert not builds_on(parse_card("KS"), parse_card("AC"))
    assert not builds_on(parse_card("AH"), parse_card("KS"))  # but no A on K: that is up, not down


def test_foundation_wraps_from_king_to_ace(make_position):
    # Base 7♥: spades went 7..K (height 7); A♠ comes next, then 2♠.
    position = make_position("7H", [["AS"], ["2S"], ["5D"], ["9C"]], reserve=["QC"], foundations=["7H", "KS"])
    assert position.foundation_next(SPADES) == parse_card("AS")
    after = apply(position, Move(COLUMN, FOUNDATION, 0), ANY)
    assert after.foundations[SPADES] == 8 and after.foundation_top(SPADES) == parse_card("AS")
    after = apply(after, Move(COLUMN, FOUNDATION, 1), ANY)
    assert after.foundation_top(SPADES) == parse_card("2S")


def test_empty_foundation_takes_only_the_starting_rank(worked_example, make_position):
    # docs/rules.md: with base 7♥ an A♠ cannot start the spade foundation; only 7♠ can.
    assert why_illegal(worked_example, Move(COLUMN, FOUNDATION, 3), ANY) == (
        "A♠ does not fit its foundation, which takes 7♠ next")
    position = make_position("7H", [["7S"], ["2S"], ["5D"], ["9C"]], reserve=["QC"])
    assert apply(position, Move(COLUMN, FOUNDATION, 0), ANY).foundations[SPADES] == 1


def test_win_when_all_four_foundations_hold_13_cards(make_position):
    full = make_position("7H", [["7C"], ["2S"], ["5C"], ["9C"]], reserve=["QC"], foundations=["6H", "6D"])
    assert full.foundation_next(HEARTS) is None and full.foundation_top(HEARTS) == parse_card("6H")
    assert not full.is_won
    one_left = make_position("7H", [["6C"], [], [], []], foundations=["6H", "6D", "6S", "5C"], stock=())
    won = apply(one_left, Move(COLUMN, FOUNDATION, 0), ANY)
    assert won.is_won and not one_left.is_won and won.score == 5


def test_tableau_wrap_king_on_ace(worked_example):
    after = apply(worked_example, column_move(2, 4), ANY)
    assert after.tableau[3] == cards("AS", "KH")


def test_tail_runs_move_as_one_unit(make_position):
    position = make_position("2D", [["10S", "9H", "8C"], ["10H"], ["JD"], ["4C"]], reserve=["QC", "KD"])
    # The whole column 10♠ 9♥ 8♣ goes on J♦ as one unit.
    assert why_illegal(position, column_move(1, 3, count=3), ANY) is None
    after = apply(position, column_move(1, 3, count=3), ANY)
    assert after.tableau[2] == cards("JD", "10S", "9H", "8C")
    assert after.tableau[0] == cards("KD")  # refilled from the reserve at once
    # The tail 9♥..8♣ goes on a black 10 only.
    assert why_illegal(position, column_move(1, 2, count=2), ANY) == (
        "9♥ cannot go on 10♥: build down by one rank in alternating colours")
    ok = make_position("2D", [["10S", "9H", "8C"], ["10C"], ["JD"], ["4C"]], reserve=["QC"])
    after = apply(ok, column_move(1, 2, count=2), ANY)
    assert after.tableau[:2] == (cards("10S"), cards("10C", "9H", "8C"))


def test_moves_whole_allows_only_the_top_card_or_the_whole_column(make_position):
    whole = Rules(moves="whole")
    position = make_position("2D", [["10S", "9H", "8C"], ["10C"], ["9D"], ["JD"]], reserve=["QC"])
    assert why_illegal(position, column_move(1, 2, count=2), whole) == (
        "with --moves whole a column moves only its top card or all of its cards")
    assert why_illegal(position, column_move(1, 2, count=2), ANY) is None
    assert why_illegal(position, column_move(1, 3, count=1), whole) is None   # 8♣ on 9♦
    assert why_illegal(position, column_move(1, 4, count=3), whole) is None   # 10♠..8♣ on J♦
    assert column_move(1, 2, count=2) in legal_moves(position, ANY)
    assert column_move(1, 2, count=2) not in legal_moves(position, whole)


def test_moves_pile_allows_only_the_whole_column_onto_a_column(make_position):
    pile = Rules(moves="pile")
    position = make_position("2D", [["10S", "9H", "8C"], ["10C"], ["9D"], ["JD"]], reserve=["QC"])
    assert why_illegal(position, column_move(1, 3, count=1), pile) == (
        "with --moves pile a column moves onto another column only as a whole")  # 8♣ alone on 9♦
    assert why_illegal(position, column_move(1, 2, count=2), pile) == (
        "with --moves pile a column moves onto another column only as a whole")
    assert why_illegal(position, column_move(1, 4, count=3), pile) is None   # 10♠..8♣ on J♦
    assert why_illegal(position, column_move(3, 2, count=1), pile) is None   # 9♦, a whole column, on 10♣
    on_foundation = Move(COLUMN, FOUNDATION, 0)
    assert why_illegal(make_position("2D", [["4S", "3D"], ["10C"], ["9D"], ["JD"]], reserve=["QC"]),
                       on_foundation, pile) is None  # the top card still plays to its foundation
    moves = legal_moves(position, pile)
    assert column_move(1, 4, count=3) in moves and column_move(1, 3, count=1) not in moves
    assert set(moves) <= set(legal_moves(position, Rules(moves="whole")))


def test_refill_at_once_after_a_column_move(worked_example):
    after = play(worked_example, ANY, to_column(RESERVE, 2), column_move(2, 4, count=2))
    assert after.tableau[1] == cards("8H") and after.reserve[-1] == parse_card("QS")


def test_refill_at_once_after_a_move_to_a_foundation(make_position):
    position = make_position("7H", [["8H"], ["2S"], ["5D"], ["9C"]], reserve=["QC", "KD"])
    after = apply(position, Move(COLUMN, FOUNDATION, 0), ANY)
    assert after.tableau[0] == cards("KD") and after.reserve == cards("QC") and after.score == 5


def test_the_last_reserve_card_fills_a_column_too(make_position):
    position = make_position("7H", [["8H"], ["2S"], ["5D"], ["9C"]], reserve=["KD"])
    after = apply(position, Move(COLUMN, FOUNDATION, 0), ANY)
    assert after.tableau[0] == cards("KD") and after.reserve == ()


def test_empty_column_takes_any_card_only_once_the_reserve_is_empty(make_position):
    position = make_position("7H", [["8H"], ["2S"], [], ["9C"]], waste=["QD"], foundations=["7H", "8S"])
    assert why_illegal(position, to_column(WASTE, 3), ANY) is None        # any card: Q♦
    assert apply(position, to_column(WASTE, 3), ANY).tableau[2] == cards("QD")
    assert why_illegal(position, column_move(1, 3), ANY) is None           # a column's card
    assert apply(position, to_column(FOUNDATION, 3, SPADES), ANY).tableau[2] == cards("8S")
    # With the reserve not empty an empty column cannot exist: the referee refuses to fill one.
    with_reserve = position.with_changes(reserve=cards("QD"), waste=())
    assert why_illegal(with_reserve, column_move(1, 3), ANY) == "an empty column is filled from the reserve first"


SPACES_WASTE = Rules(spaces="waste")
ONLY_WASTE = "with --spaces waste an empty column takes only the waste top card"


def test_spaces_waste_fills_an_empty_column_only_from_the_waste(make_position):
    position = make_position("7H", [["8H"], ["KS"], [], ["9C", "8D"]], waste=["QD"], foundations=["7H", "8S"])
    assert why_illegal(position, column_move(4, 3, count=2), SPACES_WASTE) == ONLY_WASTE  # a column run
    assert why_illegal(position, column_move(1, 3), SPACES_WASTE) == ONLY_WASTE            # a column card
    assert why_illegal(position, to_column(FOUNDATION, 3, SPADES), SPACES_WASTE) == ONLY_WASTE  # a return
    for move in (column_move(4, 3, count=2), column_move(1, 3), to_column(FOUNDATION, 3, SPADES)):
        assert why_illegal(position, move, ANY) is None
        with pytest.raises(IllegalMove, match="takes only the waste top card"):
            apply(position, move, SPACES_WASTE)
    assert why_illegal(position, to_column(WASTE, 3), SPACES_WASTE) is None                # the waste top
    assert apply(position, to_column(WASTE, 3), SPACES_WASTE).tableau[2] == cards("QD")
    # The only moves onto the empty column are the waste top's; the column may stay empty.
    onto_space = [m for m in legal_moves(position, SPACES_WASTE) if m.target == COLUMN and m.target_index == 2]
    assert onto_space == [to_column(WASTE, 3)]
    assert Move(DRAW) in legal_moves(position, SPACES_WASTE)
    # Building on cards is unchanged, and with the reserve not empty the reason is the reserve's.
    assert why_illegal(position, to_column(WASTE, 2), SPACES_WASTE) is None                # Q♦ onto K♠
    assert why_illegal(position, column_move(4, 2), SPACES_WASTE).startswith("8♦ cannot go on K♠")
    with_reserve = position.with_changes(reserve=cards("QD"), waste=())
    reserve_first = "an empty column is filled from the reserve first"
    assert why_illegal(with_reserve, column_move(1, 3), SPACES_WASTE) == reserve_first


WASTE_FIRST = Rules(spaces="waste-first")
WAIT_FOR_WASTE = "with --spaces waste-first an empty column takes the waste top before any other card moves onto a column"


def test_spaces_waste_first_blocks_column_building_while_a_column_is_empty(make_position):
    position = make_position("7H", [["8H"], ["KS"], [], ["9C", "8D"]], waste=["QD"], foundations=["7H", "8S"])
    # While column 3 is empty, nothing but the waste top moves onto any column, empty or not.
    assert why_illegal(position, column_move(4, 3, count=2), WASTE_FIRST) == WAIT_FOR_WASTE
    assert why_illegal(position, column_move(1, 3), WASTE_FIRST) == WAIT_FOR_WASTE
    assert why_illegal(position, to_column(FOUNDATION, 3, SPADES), WASTE_FIRST) == WAIT_FOR_WASTE
    built = position.with_changes(tableau=(cards("9C"), cards("KS"), (), cards("8D")))
    assert why_illegal(built, column_move(4, 1), Rules(spaces="waste")) is None  # 8♦ onto 9♣
    assert why_illegal(built, column_move(4, 1), WASTE_FIRST) == WAIT_FOR_WASTE
    # The waste top goes onto the empty column or onto a card it builds on; foundation moves stay.
    assert why_illegal(position, to_column(WASTE, 3), WASTE_FIRST) is None
    assert why_illegal(position, to_column(WASTE, 2), WASTE_FIRST) is None  # Q♦ onto K♠
    assert why_illegal(position, Move(COLUMN, FOUNDATION, 0), WASTE_FIRST) is None  # 8♥ up
    # Once no column is empty, building is as usual.
    filled = apply(position, to_column(WASTE, 3), WASTE_FIRST)
    assert why_illegal(filled, column_move(4, 2), WASTE_FIRST).startswith("8♦ cannot go on K♠")
    assert why_illegal(filled, column_move(1, 4), ANY) == why_illegal(filled, column_move(1, 4), WASTE_FIRST)
    assert apply(built, to_column(WASTE, 3), WASTE_FIRST).tableau[2] == cards("QD")


BASE_ORDER = Rules(tableau_order="base")


def test_tableau_order_base_refuses_only_the_last_card_of_a_foundation_onto_a_base_rank_card(make_position):
    # Base 7♥: 6♠ (relative rank 12, the last card of its foundation) onto 7♥ (relative 0) is the one
    # cyclic build that base refuses; K♠ onto A♥ (relative 6 onto 7) is fine under both.
    position = make_position("7C", [["7H"], ["AH"], ["6S", "5H"], ["KS"]], reserve=["2C"])
    assert why_illegal(position, column_move(3, 1, count=2), BASE_ORDER) == (
        "with --tableau-order base 6♠ (the last card of its foundation) cannot go on 7♥")
    assert why_illegal(position, column_move(3, 1, count=2), ANY) is None
    assert why_illegal(position, column_move(4, 2), BASE_ORDER) is None
    assert why_illegal(position, column_move(4, 2), ANY) is None
    # A card that does not build at all keeps the usual reason.
    assert why_illegal(position, column_move(3, 2), BASE_ORDER) == (
        "5♥ cannot go on A♥: build down by one rank in alternating colours")
    # Base A: K onto A crosses the base, also from the reserve, the waste and a foundation.
    ace = make_position("AD", [["AS"], ["AH"], ["2C"], ["3H"]], reserve=["KH"], waste=["KC"], foundations=["KD"])
    across = [to_column(RESERVE, 1), to_column(WASTE, 2), to_column(FOUNDATION, 1, source_index=1)]
    for move in across:
        assert why_illegal(ace, move, ANY) is None
        assert why_illegal(ace, move, BASE_ORDER).startswith("with --tableau-order base K")
    assert [m for m in legal_moves(ace, ANY) if m not in legal_moves(ace, BASE_ORDER)] == across


def test_crosses_base_is_exactly_relative_rank_12_onto_relative_rank_0():
    for base_rank in range(13):
        for card in range(52):
            for onto in range(52):
                crossing = (card % 13 - base_rank) % 13 == 12 and (onto % 13 - base_rank) % 13 == 0
                assert crosses_base(card, onto, base_rank) == crossing


def test_columns_must_be_runs_under_the_tableau_order(make_position):
    position = make_position("7C", [["7H", "6S", "5H"], ["AH", "KS"], ["2D"], ["KC"]], reserve=["2C"])
    check_tableau_order(position, ANY)
    with pytest.raises(InputError) as error:
        check_tableau_order(position, BASE_ORDER)
    assert str(error.value) == (
        "column 1 holds 6♠ on 7♥, which --tableau-order base does not allow (6♠ is the last card of its "
        "foundation); play this position with --tableau-order cyclic")
    check_tableau_order(position.with_changes(tableau=((parse_card("7H"),),) + position.tableau[1:]), BASE_ORDER)
    for number in range(20):  # a fresh deal has one card a column
        check_tableau_order(position_from_number(number), BASE_ORDER)


def test_a_column_emptied_once_the_reserve_is_empty_stays_empty(make_position):
    position = make_position("7H", [["8H"], ["2S"], ["5D"], ["9C"]])
    after = apply(position, Move(COLUMN, FOUNDATION, 0), ANY)
    assert after.tableau[0] == () and after.reserve == ()


def test_draw_three_turns_fewer_when_fewer_remain(make_position):
    start = make_position("7H", [[], [], [], []], foundations=["6D", "6S", "6C", "KH"],
                          stock=["AH", "2H", "3H", "4H", "5H"], waste=["6H"])
    draw3 = Rules(draw=3)
    once = apply(start, Move(DRAW), draw3)
    # The stock top (5♥) is turned first, so the last one turned (3♥) tops the waste.
    assert once.stock == cards("AH", "2H") and once.waste == cards("6H", "5H", "4H", "3H")
    twice = apply(once, Move(DRAW), draw3)
    assert twice.stock == () and twice.waste == cards("6H", "5H", "4H", "3H", "2H", "AH")
    assert why_illegal(twice, Move(DRAW), draw3) == "the stock is empty (recycle the waste instead)"
    one = apply(start, Move(DRAW), Rules(draw=1))
    assert one.stock == cards("AH", "2H", "3H", "4H") and one.waste == cards("6H", "5H")


@pytest.mark.parametrize("draw", [1, 3])
def test_recycle_keeps_the_order(worked_example, draw):
    rules = Rules(draw=draw)
    position = worked_example
    while position.stock:
        position = apply(position, Move(DRAW), rules)
    assert why_illegal(worked_example, Move(RECYCLE), rules) == "the stock is not empty yet"
    recycled = apply(position, Move(RECYCLE), rules)
    assert recycled.stock == worked_example.stock and recycled.waste == ()
    assert recycled.recycles == 1 and recycled.score == 0
    again = apply(recycled, Move(DRAW), rules)
    assert again.waste == apply(worked_example, Move(DRAW), rules).waste


def test_recycle_needs_a_waste(make_position):
    position = make_position("7H", [["5H"], ["6H"], [], []], stock=(), foundations=["6D", "6S", "6C", "4H"])
    assert why_illegal(position, Move(RECYCLE), ANY) == "the stock and the waste are both empty"


@pytest.mark.parametrize("passes, recycles_allowed", [(1, 0), (2, 1), (3, 2), (None, 5)])
def test_passes_limit(worked_example, passes, recycles_allowed):
    rules = Rules(draw=3, passes=passes)
    position = worked_example
    recycles = 0
    for _ in range(recycles_allowed):
        while position.stock:
            position = apply(position, Move(DRAW), rules)
        position = apply(position, Move(RECYCLE), rules)
        recycles += 1
    while position.stock:
        position = apply(position, Move(DRAW), rules)
    reason = why_illegal(position, Move(RECYCLE), rules)
    if passes is None:
        assert reason is None
    else:
        assert reason == f"the passes limit ({passes}) is used up"
        with pytest.raises(IllegalMove, match=r"passes limit"):
            apply(position, Move(RECYCLE), rules)
        assert Move(RECYCLE) not in legal_moves(position, rules)
    assert position.recycles == recycles


def test_worrying_back_on_and_off(make_position):
    position = make_position("7H", [["9C"], ["2S"], ["5D"], ["KC"]], reserve=["QC"], foundations=["8H"], score=5)
    back = to_column(FOUNDATION, 1, HEARTS)
    after = apply(position, back, ANY)
    assert after.tableau[0] == cards("9C", "8H") and after.foundations[HEARTS] == 1
    assert after.score == 5  # a return keeps its points ...
    again = apply(after, Move(COLUMN, FOUNDATION, 0), ANY)
    assert again.score == 10  # ... and placing the card again scores again
    off = Rules(worry_back=False)
    assert why_illegal(position, back, off) == "foundation returns are off (--no-worry-back)"
    assert back in legal_moves(position, ANY)
    assert not any(move.kind == FOUNDATION for move in legal_moves(position, off))


def test_foundation_return_follows_the_tableau_rules(make_position):
    position = make_position("7H", [["9D"], ["2S"], ["5D"], ["KC"]], reserve=["QC"], foundations=["8H"])
    assert why_illegal(position, to_column(FOUNDATION, 1, HEARTS), ANY) == (
        "8♥ cannot go on 9♦: build down by one rank in alternating colours")
    assert why_illegal(position, to_column(FOUNDATION, 1, SPADES), ANY) == "foundation has no such card to play"


def test_the_base_card_may_be_returned(make_position):
    """docs/rules.md: the top card of any foundation may go back; the emptied foundation takes it again."""
    position = make_position("7H", [["8S"], ["2S"], ["5D"], ["KC"]], reserve=["QC"])
    after = apply(position, to_column(FOUNDATION, 1, HEARTS), ANY)
    assert after.foundations[HEARTS] == 0 and after.tableau[0] == cards("8S", "7H")
    assert after.foundation_next(HEARTS) == parse_card("7H")
    assert apply(after, Move(COLUMN, FOUNDATION, 0), ANY).foundations[HEARTS] == 1


def test_only_the_top_cards_play_and_other_illegal_moves(worked_example):
    cases = [
        (Move(COLUMN, COLUMN, 0, 0), "a run cannot move onto its own column"),
        (Move(WASTE, FOUNDATION), "waste has no such card to play"),
        (Move(COLUMN, COLUMN, 0, 1, count=2), "column 1 has no such card to play"),
        (Move(FOUNDATION, FOUNDATION, HEARTS), "a card cannot move from a foundation to a foundation"),
        (Move(RESERVE, COLUMN, target_index=4), "there are only columns 1 to 4"),
        (Move(RESERVE), "a move needs a target: a foundation or a column"),
        (to_column(RESERVE, 3), "Q♣ cannot go on Q♥: build down by one rank in alternating colours"),
        (Move(RESERVE, FOUNDATION), "Q♣ does not fit its foundation, which takes 7♣ next"),
    ]
    for move, reason in cases:
        assert why_illegal(worked_example, move, ANY) == reason, move
        with pytest.raises(IllegalMove) as info:
            apply(worked_example, move, ANY)
        assert str(info.value) == reason


def test_only_one_card_at_a_time_to_a_foundation(make_position):
    position = make_position("7H", [["9C", "8H"], ["2S"], ["5D"], ["KC"]], reserve=["QC"])
    assert why_illegal(position, Move(COLUMN, FOUNDATION, 0, count=2), ANY) == (
        "only one card at a time goes to a foundation")


def test_only_the_waste_top_plays(make_position):
    position = make_position("7H", [["9C"], ["2S"], ["5D"], ["KC"]], reserve=["QC"], waste=["8H", "6S"])
    assert why_illegal(position, Move(WASTE, FOUNDATION), ANY) == (
        "6♠ does not fit its foundation, which takes 7♠ next")
    assert why_illegal(position, to_column(WASTE, 1), ANY) == (
        "6♠ cannot go on 9♣: build down by one rank in alternating colours")


def test_score_is_five_per_foundation_placement_and_never_falls():
    """Random games under both worry-back settings: +5 for each card placed, no other move scores."""
    rng = random.Random(3)
    placements = returns = 0
    for game in range(10):
        rules = Rules(draw=(1, 3)[game % 2], worry_back=game % 5 != 4)
        position = position_from_number(rng.randrange(26**7))
        for _ in range(150):
            move = rng.choice(legal_moves(position, rules))
            after = apply(position, move, rules)
            assert after.score - position.score == (5 if move.target == FOUNDATION else 0), move
            placements += move.target == FOUNDATION
            returns += move.kind == FOUNDATION
            position = after
    assert placements > 50 and returns > 5


def test_rules_reject_bad_options():
    with pytest.raises(ValueError, match="draw must be 1 or 3, not 2"):
        Rules(draw=2)
    with pytest.raises(ValueError, match="moves must be one of any, whole, pile, not 'some'"):
        Rules(moves="some")
    with pytest.raises(ValueError, match="passes must be from 1 to 1000000, not 0"):
        Rules(passes=0)
    with pytest.raises(ValueError, match="spaces must be one of any, waste, waste-first, not 'some'"):
        Rules(spaces="some")
    with pytest.raises(ValueError, match="tableau_order must be one of cyclic, base, not 'wrap'"):
        Rules(tableau_order="wrap")


def test_rules_label_names_spaces_only_when_not_the_default():
    assert Rules().label == "worry-back moves-any passes-unlimited"
    assert Rules(spaces="any").label == Rules().label
    assert Rules(worry_back=False, spaces="waste").label == "no-worry-back moves-any passes-unlimited spaces-waste"
    assert Rules(spaces="waste-first").label == "worry-back moves-any passes-unlimited spaces-waste-first"


def test_rules_label_names_tableau_order_only_when_not_the_default():
    assert Rules(tableau_order="cyclic").label == Rules().label
    assert Rules(tableau_order="base").label == "worry-back moves-any passes-unlimited tableau-order-base"
    assert Rules(worry_back=False, spaces="waste", tableau_order="base").label == (
        "no-worry-back moves-any passes-unlimited spaces-waste tableau-order-base")
