"""The solver: known small positions, limits, dominances on/off, agreement with a brute-force search."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from canfield_solver import solve as lazy_solve
from canfield_solver.core.errors import SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position, validate
from canfield_solver.core.presets import RuleOptions, get_preset
from canfield_solver.core.referee import COLUMN, Move, apply, moved_cards, positions_after
from canfield_solver.core.rules import MOVES, Rules, crosses_base
from canfield_solver.core.verdict import Verdict
from canfield_solver.engine import driver
from canfield_solver.engine import layout as L
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_from_dict
from canfield_solver.solving.referee_replay import compress, expand_engine_moves, replay_engine_moves
from canfield_solver.solving.solver import SolveResult, solve, win_moves
from tests.oracles.bruteforce import UNKNOWN, bruteforce, replays_to_win

NO_BACK = Rules(draw=3, worry_back=False)
BACK = Rules(draw=3, worry_back=True)


def assert_wins(result: SolveResult) -> None:
    assert result.verdict == "winnable" and result.limit_hit is None
    assert replays_to_win(result.start, result.moves, result.rules)


# Everything up but hearts and spades; the tops 5♥ 9♥ J♥ K♥ and 3♥ take nothing and go nowhere.
def no_move_position(make_position):
    spades = [f"{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    return make_position("AC", [["5H"], ["9H"], ["JH"], ["KH"]], foundations=["KC", "KD"], stock=[],
                         reserve=spades + ["AH", "2H", "4H", "6H", "7H", "8H", "10H", "QH", "3H"])


# Only way on: return J♠ onto Q♥, then 10♥ from the reserve onto it; A♥ under 10♥ starts the hearts.
def return_only_position(make_position):
    return make_position("AC", [["QH"], ["2H"], ["3H"], ["4H"]], foundations=["KC", "KD", "JS"], stock=[],
                         reserve=["KS", "QS", "KH", "JH", "9H", "8H", "7H", "6H", "5H", "AH", "10H"])


# Only way on: move 9♠..8♦ (not the whole column 10♥..8♦) onto 10♦, freeing 10♥ for its foundation.
def partial_run_position(make_position):
    return make_position("AC", [["10H", "9S", "8D"], ["10D"], ["KH"], ["QD"]],
                         foundations=["KC", "9H", "8S", "6D"], stock=[],
                         reserve=["KS", "QS", "JS", "10S", "KD", "QH", "JH", "9D", "7D", "JD"])


# Reserve empty, two empty columns. 2♠ covers 3♥ (next on hearts) and needs A♠, which K♥ covers;
# K♥ needs Q♥, so 3♥ first. Only parking 2♠ (or K♥) on an empty column breaks the circle: allowed
# with --spaces any, not with --spaces waste (no red 3 or black A is left to build on either).
def parking_position(make_position):
    talon = [f"{rank}{suit}" for suit in "HS" for rank in "3 4 5 6 7 8 9 10 J Q K".split()]
    return make_position("AC", [["3H", "2S"], ["AS", "KH"], [], []], foundations=["KC", "KD", "2H"],
                         stock=[card for card in talon if card not in ("3H", "KH")])


def test_parking_on_an_empty_column_needs_spaces_any(make_position):
    position = parking_position(make_position)
    for draw in (1, 3):
        result = solve(position, Rules(draw=draw, worry_back=False))
        assert_wins(result)
        assert any(move.kind == "column" and move.target == "column" for move in result.moves)
        waste = Rules(draw=draw, worry_back=False, spaces="waste")
        for dominance in (True, False):
            assert solve(position, waste, dominance=dominance).verdict == "unwinnable"


def crossings(result: SolveResult) -> int:
    """How many moves of ``result`` put a card on a column across the base (relative 12 onto 0)."""
    count, position = 0, result.start
    for move in result.moves:
        onto = position.tableau[move.target_index] if move.target == COLUMN else ()
        count += bool(onto) and crosses_base(moved_cards(position, move)[0], onto[-1], position.base_rank)
        position = apply(position, move, result.rules)
    return count


def test_tableau_order_base_wins_never_build_across_the_base():
    # The solver replays every win under the rules it was given (a SolverBug otherwise); here also
    # no move of a win under base builds across it, while the cyclic wins of some deals do.
    crossed = won = 0
    for letter in "ABCDEFGHIJ":
        code = f"CF1-D3-AAAAAA{letter}"
        base = solve(setup_game(code, RuleOptions(worry_back=False, tableau_order="base")), max_nodes=20_000)
        assert base.rules == Rules(draw=3, worry_back=False, tableau_order="base")
        assert crossings(base) == 0, code
        won += base.verdict == "winnable"
        cyclic = solve(setup_game(code, RuleOptions(worry_back=False)), max_nodes=20_000)
        crossed += base.verdict == "winnable" and crossings(cyclic) > 0
    assert won >= 4 and crossed >= 2  # deals won both ways, around the base only under cyclic


def test_already_won_position_is_winnable_with_no_moves(make_position):
    won = make_position("AC", [[], [], [], []], foundations=["KC", "KD", "KH", "KS"], stock=[])
    for rules in (NO_BACK, BACK):
        result = solve(won, rules)
        assert (result.verdict, result.moves, result.start) == ("winnable", [], won)


def test_position_without_legal_moves_is_unwinnable(make_position):
    for rules in (NO_BACK, BACK, Rules(draw=1, moves="whole")):
        result = solve(no_move_position(make_position), rules)
        assert (result.verdict, result.moves, result.limit_hit) == ("unwinnable", [], None)


def test_foundation_return_needed(make_position):
    position = return_only_position(make_position)
    assert solve(position, NO_BACK).verdict == "unwinnable"
    result = solve(position, BACK)
    assert_wins(result)
    assert any(move.kind == "foundation" for move in result.moves)
    assert bruteforce(position, NO_BACK).verdict == "unwinnable" and bruteforce(position, BACK).verdict == "winnable"


def test_partial_run_move_needed(make_position):
    position = partial_run_position(make_position)
    for back in (True, False):
        assert solve(position, Rules(worry_back=back, moves="whole")).verdict == "unwinnable"
        result = solve(position, Rules(worry_back=back, moves="any"))
        assert_wins(result)
        assert any(m.kind == "column" and m.target == "column" and m.count == 2 for m in result.moves)
    assert bruteforce(position, Rules(moves="whole")).verdict == "unwinnable"


def test_limits_give_unknown_with_the_limit_named():
    hard = "CF1-D3-AAAAAAA"  # takes far more than these limits under no-worry-back rules
    by_nodes = solve(hard, NO_BACK, max_nodes=500)
    assert (by_nodes.verdict, by_nodes.limit_hit, by_nodes.moves, by_nodes.nodes) == ("unknown", "nodes", [], 500)
    by_time = solve(hard, NO_BACK, time_limit=1e-9)
    assert (by_time.verdict, by_time.limit_hit) == ("unknown", "time")
    by_memory = solve(hard, NO_BACK, memory=8192)
    assert (by_memory.verdict, by_memory.limit_hit) == ("unknown", "memory")
    assert by_memory.nodes <= 1024


def search_to_the_end(code: str, depth: int):
    """Search ``code``'s deal (the app's rules) with a stack of ``depth`` states and the moves
    room that goes with it, doubled whenever it is full: the status, the states searched, the
    path, and how often the stack grew."""
    from canfield_solver.engine.codec import encode
    from canfield_solver.engine.search import NODES, RUNNING, STACK_FULL, SearchArrays
    from canfield_solver.engine.table import new_table
    from canfield_solver.engine.zobrist import make_table

    setup = setup_game(code)
    slots, meta = new_table(1 << 24)
    search = SearchArrays(encode(setup.position, setup.rules), make_table(), slots, meta, depth=depth)
    status, grown = search.start(True), 0
    while status in (RUNNING, STACK_FULL):
        if status == STACK_FULL:
            search.grow()
            grown += 1
        status = search.run(1_000_000, True)
    return status, int(search.control[NODES]), list(search.path_moves()), grown


@pytest.mark.parametrize("code", ["CF1-D3-AAAAAAC", "CF1-D1-AAAAAAC"])
def test_search_stack_grows_and_the_search_goes_on_unchanged(code):
    # A stack of 2 states has to double several times on these paths of over 32 states (under
    # draw 1 once because the moves of the path outgrow their room); the search meets the same
    # states in the same order as with a stack that never fills.
    from canfield_solver.engine.search import WON

    small, full = search_to_the_end(code, 2), search_to_the_end(code, 256)
    assert small[3] >= 4 and full[3] == 0 and full[0] == WON
    assert small[:3] == full[:3] and len(full[2]) > 32


def test_api_takes_codes_setups_positions_and_rule_overrides():
    setup = setup_game("CF1-D1-AAAAAAC")
    from_code = lazy_solve("CF1-D1-AAAAAAC", max_nodes=200_000)
    assert from_code.rules == setup.rules and from_code.rules.draw == 1 and from_code.start == setup.position
    assert_wins(from_code)
    overridden = solve(setup, Rules(draw=3, worry_back=False), max_nodes=200_000)
    assert overridden.rules == Rules(draw=3, worry_back=False)
    bare = solve(setup.position, max_nodes=200_000)
    assert bare.rules == Rules()
    for result in (overridden, bare):
        assert result.verdict != "winnable" or replays_to_win(result.start, result.moves, result.rules)


def test_mid_game_start_with_waste_and_recycles_used():
    setup = setup_game("CF1-D3-AAAAAAC")
    rules = Rules(draw=3, passes=3)
    position = setup.position
    for move in ("draw",) * 12 + ("recycle",) + ("draw",) * 2:
        position = apply(position, Move(move), rules)
    assert position.waste and position.recycles == 1
    result = solve(position, rules, max_nodes=300_000)
    assert result.verdict in ("winnable", "unwinnable")
    if result.verdict == "winnable":
        assert_wins(result)
        assert sum(move.kind == "recycle" for move in result.moves) <= 1  # 3 passes: 1 recycle left


def random_layout(rng: random.Random, in_play: int) -> Position:
    """A random legal position with ``in_play`` cards off the foundations: one card per column, the
    rest split at random between reserve, waste and stock. Many of these are lost, unlike the
    positions random play reaches."""
    base = rng.randrange(52)
    heights = [13, 13, 13, 13]
    for _ in range(in_play):
        suit = rng.choice([s for s in range(4) if heights[s] > (1 if s == base // 13 else 0)])
        heights[suit] -= 1
    cards = [suit * 13 + (base % 13 + h) % 13 for suit in range(4) for h in range(heights[suit], 13)]
    rng.shuffle(cards)
    columns = tuple((cards.pop(),) for _ in range(4))
    reserve = tuple(cards.pop() for _ in range(rng.randrange(len(cards) + 1)))
    waste = tuple(cards.pop() for _ in range(rng.randrange(len(cards) + 1)))
    return validate(Position(base, reserve, columns, tuple(cards), waste, tuple(heights)))


def random_rules(rng: random.Random) -> Rules:
    return Rules(draw=rng.choice((1, 3)), worry_back=rng.random() < 0.5, moves=rng.choice(MOVES),
                 passes=rng.choice((None, 1, 2)))


def test_verdicts_match_brute_force_on_random_positions():
    rng = random.Random(5)
    compared = {"winnable": 0, "unwinnable": 0}
    for number in range(100):
        position = random_layout(rng, rng.randint(14, 22))
        rules = random_rules(rng)
        expected = bruteforce(position, rules, max_nodes=20_000).verdict
        if expected == UNKNOWN:
            continue
        for dominance in (True, False):
            result = solve(position, rules, dominance=dominance)
            assert result.verdict == expected, (number, rules, dominance)
            if expected == "winnable":
                assert_wins(result)
        compared[expected] += 1
    assert compared["winnable"] >= 60 and compared["unwinnable"] >= 10, compared


def searched_column_moves(position, rules, dominance):
    """(count, source, target) of the column-to-column moves ``ordered_moves`` keeps."""
    import numpy as np

    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import COLUMN_T, MAX_MOVES
    from canfield_solver.engine.search import ordered_moves

    out = np.zeros(MAX_MOVES, dtype=np.int32)
    kept = ordered_moves(encode(position, rules), out, dominance)
    fields = [move_fields(m) for m in out[:kept]]
    return {(count, source, target) for kind, source, target, count, _, _ in fields if kind == COLUMN_T}


def test_partial_moves_are_searched_only_when_they_uncover_a_foundation_card(make_position):
    # Q♦ J♠ 10♥: J♠ 10♥ onto Q♥ uncovers Q♦, next on its foundation; 10♥ onto J♣ uncovers J♠, not.
    position = make_position("7H", [["QD", "JS", "10H"], ["QH"], ["JC"], ["KS"]], reserve=["2C", "3C"],
                             foundations=["7H", "JD"])
    whole_columns = {(3, 0, 3), (1, 1, 3), (1, 2, 1)}  # Q♦..10♥ onto K♠, Q♥ onto K♠, J♣ onto Q♥
    for rules in (BACK, NO_BACK, Rules(draw=1, spaces="waste")):
        assert searched_column_moves(position, rules, dominance=False) == whole_columns | {(2, 0, 1), (1, 0, 2)}
        assert searched_column_moves(position, rules, dominance=True) == whole_columns | {(2, 0, 1)}
    # Not with --moves whole (no such runs move) or --spaces waste-first (an order rule).
    for rules in (Rules(moves="whole"), Rules(spaces="waste-first")):
        assert (1, 0, 2) in searched_column_moves(position, rules, dominance=True)


def test_safe_foundation_move_when_the_cards_that_could_use_it_can_go_up_too(make_position):
    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import COLUMN_F
    from canfield_solver.engine.search import safe_foundation_move

    def forced(foundations, rules=NO_BACK):
        position = make_position("AC", [["6S", "5H"], ["KD"], ["QS"], ["JH"]], reserve=["9C"],
                                 foundations=foundations)
        return safe_foundation_move(encode(position, rules))

    # 5♥: the black 4s are next on their foundations, the red 3s are up or next: play it.
    move = forced(["3C", "3S", "4H", "2D"])
    assert move_fields(move)[:2] == (COLUMN_F, 0)
    assert forced(["3C", "3S", "4H", "2D"], BACK) == -1          # not with foundation returns
    assert forced(["2C", "3S", "4H", "2D"]) == -1                # 3♣ still out: 4♣ cannot go up
    assert forced(["3C", "3S", "4H", "AD"]) == -1                # 3♦ not next: it may need a black 4 to sit on


def test_safe_foundation_move_of_low_cards_under_tableau_order_base(make_position):
    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import COLUMN_F
    from canfield_solver.engine.search import safe_foundation_move

    def forced(top, foundations, order):
        under = {"AS": "2D", "2H": "3S", "3H": "4S"}[top]
        position = make_position("AC", [[under, top], ["KD"], ["QS"], ["JH"]], reserve=["9C"], foundations=foundations)
        return safe_foundation_move(encode(position, Rules(draw=3, worry_back=False, tableau_order=order)))

    # Nothing builds on a card of the base rank under base order: A♠ goes up, spades empty or not.
    assert move_fields(forced("AS", ["AC"], "base"))[0] == COLUMN_F
    assert forced("AS", ["AC"], "cyclic") == -1  # a K♦ or K♥ may need it
    # 2♥ (relative rank 1): only the black aces build on it, and they are always next.
    assert move_fields(forced("2H", ["AC", "AH"], "base"))[0] == COLUMN_F
    assert forced("2H", ["AC", "AH"], "cyclic") == -1
    # 3♥: the black 2s build on it; A♠ is not up, so 2♠ may need it.
    assert forced("3H", ["AC", "2H"], "base") == -1
    assert move_fields(forced("3H", ["AC", "2H", "AS"], "base"))[0] == COLUMN_F
    assert forced("3H", ["AC", "2H", "AS"], "cyclic") == -1


def test_returns_that_would_come_straight_back_are_not_searched_under_tableau_order_base(make_position):
    import numpy as np

    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import MAX_MOVES, RETURN_T
    from canfield_solver.engine.search import ordered_moves

    def returns(foundations, order="base", dominance=True):
        position = make_position("AC", [["7C", "6H"], ["KD"], ["QS"], ["JH"]], reserve=["9C"], foundations=foundations)
        out = np.zeros(MAX_MOVES, dtype=np.int32)
        kept = ordered_moves(encode(position, Rules(draw=3, worry_back=True, tableau_order=order)), out, dominance)
        return sum(1 for m in out[:kept] if move_fields(m)[0] == RETURN_T)

    # 5♣ or 5♠ returned onto 6♥ would be safe to play up again (red 3s up, the other black 4 up).
    assert returns(["5C", "5S", "4H", "4D"]) == 0
    assert returns(["5C", "5S", "4H", "4D"], dominance=False) == 2
    assert returns(["5C", "5S", "4H", "4D"], order="cyclic") == 2
    # 3♦ not up: a black 5 may need to hold a red 4, so both returns are searched.
    assert returns(["5C", "5S", "4H", "2D"]) == 2


def kept_talon_plays(position, rules, dominance=True):
    """(card name, target column) of the talon plays onto columns that ``ordered_moves`` keeps."""
    import numpy as np

    from canfield_solver.core.cards import card_name
    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import MAX_MOVES, TALON_T
    from canfield_solver.engine.search import ordered_moves, set_talon_waits

    st = encode(position, rules)
    set_talon_waits(st, dominance)
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    kept = ordered_moves(st, out, dominance)
    fields = [move_fields(m) for m in out[:kept]]
    return {(card_name(st[L.TALON + split - 1], ascii=True), target)
            for kind, _, target, _, split, _ in fields if kind == TALON_T}


def talon_layout(make_position, column_2, reserve=("5S", "6S", "7S", "JD"), diamonds="6D"):
    """9H, the waste top, fits 10S (column 1); only 8S can go on it (8C is up, the top of clubs).
    Nothing in play is safe to play up (spades are at 4S: no red 7, 8 or 9 may go up at once)."""
    return make_position("AC", [["10S"], column_2, ["KD", "QS"], ["KH"]], reserve=list(reserve), waste=["9H"],
                         foundations=["8C", diamonds, "6H", "4S"])  # the cards placed nowhere: the stock


def test_talon_plays_are_searched_only_when_a_card_could_go_on_them(make_position):
    d1, whole = Rules(draw=1, worry_back=False), Rules(draw=1, worry_back=False, moves="whole")
    nine = ("9H", 0)
    # 8S inside column 2 over 9D, which fits its foundation: 8S 7H may move under --moves any.
    middle = talon_layout(make_position, ["9D", "8S", "7H"], diamonds="8D")
    assert nine in kept_talon_plays(middle, d1)
    assert nine not in kept_talon_plays(middle, whole)
    assert nine in kept_talon_plays(middle, whole, dominance=False)
    # Under draw 3 or with limited passes the talon card may not stay reachable: always searched.
    for rules in (Rules(draw=3, worry_back=False, moves="whole"), Rules(draw=1, worry_back=False, moves="whole", passes=2)):
        assert nine in kept_talon_plays(middle, rules)
    # Over 9D that does not fit: moving 8S 7H is a partial move the search leaves out, unless
    # partial moves are all searched (spaces "waste-first").
    stuck = talon_layout(make_position, ["9D", "8S", "7H"])
    assert nine not in kept_talon_plays(stuck, d1)
    assert nine in kept_talon_plays(stuck, Rules(draw=1, worry_back=False, spaces="waste-first"))
    # 8S on top of column 2, on top of the reserve, or in the talon: searched.
    for column_2, reserve in ((["9D", "8S"], ("5S", "6S", "7S", "JD")), (["9D"], ("5S", "6S", "7S", "JD", "8S")),
                              (["9D"], ("5S", "6S", "7S", "JD"))):
        assert nine in kept_talon_plays(talon_layout(make_position, column_2, reserve, "8D"), whole)
    # 8S under the reserve's top: not searched, unless 8C may come back from its foundation.
    buried = talon_layout(make_position, ["9D"], reserve=("5S", "6S", "8S", "7S", "JD"))
    assert nine not in kept_talon_plays(buried, d1)
    assert nine in kept_talon_plays(buried, Rules(draw=1, worry_back=True))


def searched_talon_plays(position, rules):
    """(talon split, recycle) of the talon plays onto columns, in the order ``ordered_moves`` searches them."""
    import numpy as np

    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import MAX_MOVES, TALON_T
    from canfield_solver.engine.search import ordered_moves, set_talon_waits

    st = encode(position, rules)
    set_talon_waits(st, True)
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    fields = [move_fields(m) for m in out[:ordered_moves(st, out, True)]]
    return [(split, recycle) for kind, _, _, _, split, recycle in fields if kind == TALON_T]


def test_with_limited_passes_the_nearest_talon_plays_are_searched_first(make_position):
    # Talon plays onto columns: 9H (the waste top, split 1) onto 10S, JH (split 6) onto QS and QC
    # (split 15) onto KH.
    position = talon_layout(make_position, ["9D"], reserve=("5S", "6S", "7S", "JD", "8S"))
    for passes in (1, 2):
        assert searched_talon_plays(position, Rules(draw=1, worry_back=False, passes=passes)) == [(1, 0), (6, 0), (15, 0)]
    # With unlimited passes a play passes no card for good: the same plays, their order left to the moves' packing.
    assert sorted(searched_talon_plays(position, Rules(draw=1, worry_back=False))) == [(1, 0), (6, 0), (15, 0)]
    # Under draw 3 JH and QC need the recycle and come after the direct play.
    assert searched_talon_plays(position, Rules(draw=3, worry_back=False, passes=2))[0] == (1, 0)
    # Under draw 3 nearness is counted in draws: 7D (split 13, four draws) onto 8S before JC (split
    # 16, five draws) onto QH, though both lie more than nine cards down.
    far = make_position("AC", [["10S"], ["9D", "8S"], ["KD", "QS"], ["QH"]], reserve=["5S", "6S", "7S", "JD"],
                        waste=["9H"], foundations=["8C", "6D", "6H", "4S"])
    assert searched_talon_plays(far, Rules(draw=3, worry_back=False, passes=2))[:3] == [(1, 0), (13, 0), (16, 0)]


def test_after_a_talon_play_only_moves_onto_its_card_are_searched(make_position):
    import numpy as np

    from canfield_solver.core.cards import parse_card
    from canfield_solver.engine.codec import encode, move_fields
    from canfield_solver.engine.movegen import MAX_MOVES, RESERVE_T, TALON_T, make, unmake
    from canfield_solver.engine.search import MOVE_FIELDS, ordered_moves, set_talon_waits
    from canfield_solver.engine.zobrist import full_hash, make_table, state_key

    st = encode(talon_layout(make_position, ["9D"], reserve=("5S", "6S", "7S", "JD", "8S")), Rules(draw=1, worry_back=False))
    set_talon_waits(st, True)
    z, hashes = make_table(), np.zeros(5, dtype=np.uint64)
    full_hash(st, z, hashes)
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    moves = [m & MOVE_FIELDS for m in out[:ordered_moves(st, out, True)]]
    nine = parse_card("9H")
    play = next(m for m in moves if move_fields(m)[0] == TALON_T and st[L.TALON + move_fields(m)[4] - 1] == nine)  # onto 10S
    key = state_key(st, z, hashes)
    undo = make(st, hashes, z, play)
    assert st[L.BUILD_ON] == nine + 1
    # Only 8S from the reserve onto 9H; JD onto Q♠ and the rest wait.
    assert [move_fields(m)[:3] for m in out[:ordered_moves(st, out, True)]] == [(RESERVE_T, 0, 0)]
    played = state_key(st, z, hashes)
    st[L.BUILD_ON] = 0
    assert state_key(st, z, hashes) != played  # the same cards without the wait: another state
    st[L.BUILD_ON] = nine + 1
    unmake(st, hashes, z, play, undo)
    assert st[L.BUILD_ON] == 0 and state_key(st, z, hashes) == key
    assert len(moves) > 2


# Dominances on/off: fixed deals from their start, and larger random positions (beyond the brute
# force) from a fixed seed, so that unwinnable ones are searched to the end in CI time.
@pytest.mark.parametrize("rules", [Rules(draw=3, worry_back=False), Rules(draw=1, worry_back=False),
                                   Rules(draw=1, worry_back=False, moves="whole", passes=2),
                                   Rules(draw=3, worry_back=True), Rules(draw=1, worry_back=False, spaces="waste"),
                                   Rules(draw=1, worry_back=False, tableau_order="base"),
                                   Rules(draw=1, worry_back=True, tableau_order="base"), Rules(draw=1, worry_back=True),
                                   Rules(draw=1, worry_back=False, moves="whole"),
                                   Rules(draw=1, worry_back=False, spaces="waste-first"),
                                   Rules(draw=3, worry_back=False, tableau_order="base"),
                                   Rules(draw=3, worry_back=True, tableau_order="base"),
                                   Rules(draw=3, worry_back=False, moves="whole", spaces="waste"),
                                   Rules(draw=1, worry_back=False, moves="pile"),
                                   Rules(draw=3, worry_back=False, moves="pile", spaces="waste")],
                         ids=["d3", "d1", "d1-whole-passes2", "d3-back", "d1-spaces-waste", "d1-base", "d1-base-back",
                              "d1-back", "d1-whole", "d1-waste-first", "d3-base", "d3-base-back", "d3-whole-waste",
                              "d1-pile", "d3-hoyle"])
def test_dominances_keep_verdicts(rules):
    rng = random.Random(rules.draw * 10 + (rules.passes or 0))
    cases = [setup_game(f"CF1-D3-AAAAAA{letter}").position for letter in "ABCDEF"]
    cases += [random_layout(rng, rng.randint(22, 34)) for _ in range(30)]
    decided = {"winnable": 0, "unwinnable": 0}
    for number, position in enumerate(cases):
        on = solve(position, rules, max_nodes=50_000)
        off = solve(position, rules, max_nodes=50_000, dominance=False)
        if "unknown" not in (on.verdict, off.verdict):
            decided[on.verdict] += 1
            assert on.verdict == off.verdict, number
        for result in (on, off):
            if result.verdict == "winnable":
                assert_wins(result)
    assert decided["winnable"] >= 8 and decided["unwinnable"] >= 5, decided


# Under moves "whole" a search in the other move order (low cards up late) searches beside the
# first on its table, and a side search in that order on a table of its own (docs/engine.md, "Move
# order"). pysol:14 takes the first order alone more than 3 M states and the other 1,447; pysol:39
# takes the first 910 and the other 320,991. Without the side search the two on one table decide
# both as well.
@pytest.mark.parametrize("deal", ["pysol:14", "pysol:39"])
@pytest.mark.parametrize("side_search", [True, False])
def test_moves_whole_decides_deals_that_only_one_move_order_wins_quickly(deal, side_search, monkeypatch):
    if not side_search:
        monkeypatch.setattr(driver, "_with_side_search", lambda together, *rest: together)
    result = solve(deal, max_nodes=400_000)
    assert result.verdict == "winnable" and result.rules.moves == "whole"
    assert_wins(result)


# docs/dominances.md, section 7: CF1-D3-AAAAAKD under Solvitaire's rules is lost under draw 1 in
# 21,931 states; under draw 3 alone its search needs 43.1 M states to prove it lost.
def test_a_deal_lost_under_draw_1_is_proved_lost_under_draw_3_by_the_easier_game():
    rules = Rules(draw=3, worry_back=False, tableau_order="base")
    result = solve("CF1-D3-AAAAAKD", rules, limits=Limits(max_nodes=1_000_000, threads=1))
    assert result.verdict == "unwinnable" and result.nodes < 200_000
    easier = solve("CF1-D3-AAAAAKD", Rules(draw=1, worry_back=False, tableau_order="base"))
    assert easier.verdict == "unwinnable"


def _sides(together) -> list[tuple[int, int, int, bool, bool, bool, int | None]]:
    """Each side search around ``together``, outermost first: its game's draw, passes and returns,
    whether it is in the other move order, whether its wins and its losses count, and its share."""
    from canfield_solver.engine.side_searches import WithSideSearch

    sides = []
    while isinstance(together, WithSideSearch):
        st = together.make_side().kept.st
        sides.append((st[L.DRAW_COUNT], st[L.PASSES], st[L.WORRY_BACK], st[L.LOW_CARDS_LATE] == 1, together.wins_count,
                      together.losses_count, together.share))
        together = together.search
    return sides


OTHER_ORDER = (3, 0, 0, True, True, True, None)  # PASSES 0: unlimited
EASIER_GAME = (1, 0, 0, False, False, True, None)


@pytest.mark.parametrize("rules, sides", [
    (Rules(draw=3, worry_back=False), [OTHER_ORDER]),
    (Rules(draw=3, worry_back=False, tableau_order="base"), [EASIER_GAME]),
    (Rules(draw=3, worry_back=False, moves="whole"), [OTHER_ORDER]),
    (Rules(draw=3, worry_back=False, moves="pile", spaces="waste"), [(1, 0, 0, False, False, True, 2), OTHER_ORDER]),
    (Rules(draw=3, worry_back=False, moves="whole", spaces="waste-first"),
     [(1, 0, 0, False, False, True, 2), OTHER_ORDER]),
    (Rules(draw=3, worry_back=True, moves="pile", spaces="waste"), [(3, 0, 1, True, True, True, None)]),
    (Rules(draw=1, worry_back=False, moves="pile", spaces="waste"), [(1, 0, 0, True, True, True, None)]),  # the easier game itself
    # With returns and limited passes, the same game without returns too: its wins count, its losses do not.
    (Rules(draw=3, worry_back=True, passes=2), [(3, 2, 1, True, True, True, None), (3, 2, 0, False, True, False, None)]),
    (Rules(draw=1, worry_back=True, passes=1, tableau_order="base"),
     [(1, 0, 1, False, False, True, None), (1, 1, 0, False, True, False, None)]),
])
def test_the_side_searches_are_the_other_move_order_the_easier_game_and_the_game_without_returns(rules, sides):
    # docs/dominances.md, section 7: under the cyclic order nearly every deal is won under draw 1,
    # so the side search there is the same game in the other move order (docs/engine.md), whose
    # wins count; under "base", and where cards can be buried for good (the casino's rules), the
    # easier game (draw 1, unlimited passes) searches beside, whose wins do not.
    position = position_from_code("CF1-D3-AAAAAKD")
    search = driver._own_search(position, rules, 1 << 24, 1, True)
    assert _sides(driver._with_side_search(search, position, rules, 1 << 24, 1)) == sides


# Found by the cross-check with another seed (CROSSCHECK_SEED=9050): with foundation returns and one
# pass, the search alone leaves this endgame unknown at 20 M states, its returns refilling the lost
# subtrees of early talon plays; without returns it is won in 1,258 states, and the side search
# without returns (docs/engine.md, "Move order") wins it for the search.
RETURNS_TRAP = {"base": "5D", "reserve": [], "tableau": [[], [], ["2D"], []],
                "stock": ["4H", "2H", "AC", "KC", "4C", "10C", "AD", "3D", "2S", "2C", "4S", "QC", "4D", "KD", "AS"],
                "waste": ["3H", "JC", "3S", "3C"], "foundations": ["9C", "QD", "AH", "KS"]}


@pytest.mark.parametrize("dominance", [True, False])
def test_a_win_without_returns_is_found_beside_a_search_lost_in_its_returns(dominance, monkeypatch):
    position = position_from_dict(RETURNS_TRAP)[0]
    rules = Rules(draw=1, worry_back=True, passes=1)
    result = solve(position, rules, max_nodes=300_000, dominance=dominance)
    assert result.verdict == "winnable"
    assert_wins(result)
    monkeypatch.setattr(driver, "_with_side_search", lambda together, *rest: together)  # the search alone
    assert solve(position, rules, max_nodes=300_000, dominance=dominance).verdict == "unknown"


class _Turns:
    """A search stand-in that searches every state it is given and then reports ``status``."""

    def __init__(self, status: int) -> None:
        self.status, self.count, self.closed = status, 0, False

    def nodes(self) -> int:
        return self.count

    def step(self, budget: int) -> int:
        self.count += budget
        return self.status

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("losses_count", [True, False])
def test_a_side_search_whose_loss_proves_nothing_is_dropped_when_lost(losses_count):
    from canfield_solver.engine.search import EXHAUSTED, RUNNING
    from canfield_solver.engine.side_searches import WithSideSearch

    side = _Turns(EXHAUSTED)
    together = WithSideSearch(_Turns(RUNNING), lambda: side, 1_000, wins_count=True, losses_count=losses_count)
    assert together.step(500) == (EXHAUSTED if losses_count else RUNNING)
    assert side.closed != losses_count and together.dropped != losses_count
    if not losses_count:  # the search goes on alone, the side search's states still counted
        assert together.step(500) == RUNNING and together.nodes() == 1_000


# docs/dominances.md, section 7: CF1-D3-WMUUYXP under the casino's rules is lost under draw 1 in
# 531,912 states; under draw 3 its search alone needs more than 16 M states to prove it lost.
def test_a_casino_deal_lost_under_draw_1_is_proved_lost_by_the_easier_game(monkeypatch):
    hoyle, limits = get_preset("hoyle").rules, Limits(max_nodes=2_000_000, threads=1)
    assert solve("CF1-D3-WMUUYXP", hoyle, limits=limits).verdict == "unwinnable"
    monkeypatch.setattr(driver, "easier_game_beside", lambda rules: False)
    assert solve("CF1-D3-WMUUYXP", hoyle, limits=limits).verdict == "unknown"


# CF1-D3-NNQPNAS (app rules, no returns) takes the search in its own order 16.2 M states (CHANGELOG.md,
# on the side search in the other move order); the other order wins it early.
def test_the_other_orders_win_ends_the_search_and_replays():
    start = position_from_code("CF1-D3-NNQPNAS")
    rules = Rules(draw=3, worry_back=False)
    result = solve(start, rules, limits=Limits(max_nodes=1_000_000, threads=1))
    assert result.verdict == "winnable" and result.nodes < 1_000_000
    assert positions_after(start, result.moves, rules)[-1].is_won


def test_a_lost_deal_pays_the_other_order_at_most_its_bound(monkeypatch):
    monkeypatch.setattr(driver, "OTHER_ORDER_MOST", 30_000)  # the bound driver hands the side search
    rules = Rules(draw=3, worry_back=False)
    with_side = solve("CF1-D3-FVRBCFU", rules, limits=Limits(threads=1))  # lost in 120,568 states alone
    monkeypatch.setattr(driver, "_with_side_search", lambda together, *args: together)
    alone = solve("CF1-D3-FVRBCFU", rules, limits=Limits(threads=1))
    assert with_side.verdict == alone.verdict == "unwinnable"
    assert alone.nodes < with_side.nodes <= alone.nodes + 30_000


@pytest.mark.parametrize("code", ["CF1-D3-AAAAAAC", "CF1-D1-AAAAAAD"])
def test_win_moves_are_solves_moves_replayed_only_as_far_as_they_are_read(code):
    setup, limits = setup_game(code), Limits(max_nodes=200_000)
    result = solve(setup, limits=limits)
    moves = win_moves(setup.position, setup.rules, limits)
    assert result.verdict == Verdict.WINNABLE and moves is not None and list(moves) == result.moves
    start, rules = result.start, result.rules
    path, end = compress(start, result.moves, rules)
    assert end.is_won
    first, reached = replay_engine_moves(start, path[:3], rules)

    def three_moves_then_a_failure():
        yield from path[:3]
        raise AssertionError("read past the third engine move")

    read = list(islice(expand_engine_moves(start, three_moves_then_a_failure(), rules), len(first)))
    assert [move for move, _ in read] == first and read[-1][1] == reached
    with pytest.raises(SolverBug, match="fails replay after"):  # nothing is legal once the game is won
        list(expand_engine_moves(start, [*path, path[-1]], rules))
