"""``solve --shortest``: move costs as printed, shortest lengths known by construction and by a
breadth-first search over the referee, proofs and limits, the CLI."""

from __future__ import annotations

import json
import random
from collections import deque

import numpy as np
import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.referee import apply, legal_moves, positions_after
from canfield_solver.core.rules import MOVES, Rules
from canfield_solver.engine import driver
from canfield_solver.engine.codec import encode, referee_moves
from canfield_solver.engine.driver import search_win, shortcut_path
from canfield_solver.engine.movegen import MAX_MOVES, generate
from canfield_solver.engine.paths.bounded import COST, BoundedSearch, BudgetTable, move_cost
from canfield_solver.engine.paths.shortcut import shortcut
from canfield_solver.engine.search import EXHAUSTED, RUNNING, WON
from canfield_solver.engine.zobrist import full_hash, make_table
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.move_text import parse_move
from canfield_solver.solving.referee_replay import compress, replay_engine_moves, shortcut_moves
from canfield_solver.solving.shortest import shortest
from canfield_solver.solving.solver import solve
from tests.oracles.bruteforce import random_endgame, replays_to_win
from tests.solving.test_analyse import RETURN_WINS
from tests.support.positions import SIX_MOVES, build_position

# Four clubs left: Q♣ and K♣ in columns, J♣ and 10♣ in the stock (10♣ turned first), two empty
# columns. Draw 1: draw, 10♣ up, draw, J♣ up, Q♣, K♣ = 6 moves. Draw 3: one draw turns both with
# J♣ on top, which must park on an empty column first: draw, J♣ to a column, 10♣, J♣, Q♣, K♣ up
# = 6 moves, one more than the lower bound (4 cards + 1 draw), so a round must prove 5 impossible.


def shortest_by_referee(position, rules, max_nodes=3000):
    """The fewest referee moves to a win (breadth-first over whole positions), or None (lost, or
    more than ``max_nodes`` positions). Score, and recycles under unlimited passes, never change
    what is legal, so they are left out of the positions compared."""

    def node(p):
        return p.with_changes(score=0, recycles=p.recycles if rules.passes is not None else 0)

    start = node(position)
    depth, seen, queue = {start: 0}, {start}, deque([start])
    while queue:
        current = queue.popleft()
        if current.is_won:
            return depth[current]
        for move in legal_moves(current, rules):
            after = node(apply(current, move, rules))
            if after not in seen:
                if len(seen) >= max_nodes:
                    return None
                seen.add(after)
                depth[after] = depth[current] + 1
                queue.append(after)
    return None


def test_move_cost_counts_the_referee_moves_of_every_engine_move(played_positions):
    out = np.zeros(MAX_MOVES, dtype=np.int32)
    checked = 0
    for rules, position in played_positions:
        st = encode(position, rules)
        for move in out[: generate(st, out)]:
            assert move_cost(st, move) == len(referee_moves(int(move), position, rules))
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("worry_back", [True, False])
def test_shortest_known_by_construction_is_proven(draw, worry_back):
    start, rules = build_position(**SIX_MOVES), Rules(draw=draw, worry_back=worry_back)
    result = shortest(start, rules, Limits(memory=1 << 24))
    assert (result.verdict, len(result.moves), result.proven, result.limit_hit) == ("winnable", 6, True, None)
    assert replays_to_win(start, result.moves, rules)
    if not worry_back:  # foundation returns to the empty columns make the referee's graph too big
        assert shortest_by_referee(start, rules) == 6
    assert bounded_round(start, rules, 5) == (EXHAUSTED, 0)


def test_shortest_win_with_a_foundation_return_known_by_construction():
    start, rules = build_position(**RETURN_WINS), Rules(draw=1, worry_back=True)
    result = shortest(start, rules, Limits(memory=1 << 24))
    assert (len(result.moves), result.proven) == (15, True)
    assert replays_to_win(start, result.moves, rules)


def bounded_round(start, rules, bound, memory=1 << 20):
    """One round of the bounded search run to its end: (status, cost of the win found). The table
    starts at its smallest (1024 slots) and grows up to ``memory`` bytes."""
    search = BoundedSearch(encode(start, rules), make_table(), BudgetTable(memory, 1 << 14), bound, 1)
    status = search.start()
    while status == RUNNING:
        status = search.run(100_000)
    return status, int(search.control[COST])


def test_bounded_rounds_and_shortest_match_breadth_first_search_on_random_endgames():
    rng = random.Random(2024)
    compared = 0
    for _ in range(10):
        # Without foundation returns: with them the referee's graph outgrows the breadth-first search
        # (they are covered by the positions built by hand above).
        start = random_endgame(rng, 45, 48)
        rules = Rules(draw=rng.choice((1, 3)), worry_back=False, moves=rng.choice(MOVES),
                      passes=rng.choice((None, 1, 2)))
        length = shortest_by_referee(start, rules)
        if length is None:
            continue
        # The round's answer at the boundary, whatever the first win found was.
        assert bounded_round(start, rules, length - 1) == (EXHAUSTED, 0)
        assert bounded_round(start, rules, length) == (WON, length)
        # A table too small to grow records only some states: slower, same answers.
        assert bounded_round(start, rules, length - 1, memory=1 << 14) == (EXHAUSTED, 0)
        assert bounded_round(start, rules, length, memory=1 << 14) == (WON, length)
        result = shortest(start, rules, Limits(time_limit=30, memory=1 << 24))
        assert (len(result.moves), result.proven) == (length, True), rules
        assert replays_to_win(start, result.moves, rules)
        compared += 1
    assert compared >= 7


def test_shortcut_cuts_a_detour_out():
    start, rules = build_position(**SIX_MOVES), Rules(draw=1, worry_back=False)
    texts = ["column 2 KC -> column 3", "column 3 KC -> column 2",  # a detour back to the start
             "draw", "waste 10C -> foundation", "draw", "waste JC -> foundation",
             "column 1 QC -> foundation", "column 2 KC -> foundation"]
    moves, position = [], start
    for text in texts:
        moves.append(parse_move(text, position))
        position = apply(position, moves[-1], rules)
    assert position.is_won
    short, end = shortcut_moves(start, rules, moves)
    assert short == moves[2:] and end == position


def test_solver_lists_compress_and_expand_back_and_shortcut_keeps_the_win():
    for code in ("CF1-D3-AAAAAAF", "CF1-D1-AAAAAAD"):
        setup = setup_game(code)
        result = solve(setup, max_nodes=100_000)
        path, end = compress(result.start, result.moves, result.rules)
        assert replay_engine_moves(result.start, path, result.rules) == (result.moves, end) and end.is_won
        short, short_end = shortcut_moves(result.start, result.rules, result.moves)
        assert len(short) <= len(result.moves) and replays_to_win(result.start, short, result.rules)
        assert short_end.is_won


def test_solve_prints_the_search_path_shortcut_until_no_pass_gains():
    for code in ("CF1-D3-AAAAAAC", "CF1-D3-AAAAAAX"):  # a second pass gains on both
        start, rules = position_from_code(code), Rules(draw=3)
        found = search_win(start, rules)
        path = shortcut_path(start, rules, found.moves)
        assert np.array_equal(shortcut_path(start, rules, path), path)  # another pass would gain nothing
        one_pass = shortcut_path_once(start, rules, found.moves)
        printed_length = [len(replay_engine_moves(start, p, rules)[0]) for p in (path, one_pass, found.moves)]
        assert printed_length[0] < printed_length[1] < printed_length[2]
        printed = solve(start, rules).moves
        assert replay_engine_moves(start, path, rules) == (printed, positions_after(start, printed, rules)[-1])


def test_shortcut_paths_are_kept_and_each_caller_gets_a_copy():
    start, rules = position_from_code("CF1-D3-AAAAAAC"), Rules(draw=3)
    found = search_win(start, rules)
    driver._cut_path.cache_clear()
    fresh = shortcut_path(start, rules, found.moves)
    expected = fresh.copy()
    fresh[:] = 0  # a caller's change to its own list
    kept = shortcut_path(start, rules, found.moves)
    assert driver._cut_path.cache_info().hits == 1
    assert np.array_equal(kept, expected) and len(expected) < len(found.moves)


def shortcut_path_once(start, rules, path):
    st = encode(start, rules)
    hashes = np.zeros(5, dtype=np.uint64)
    full_hash(st, make_table(), hashes)
    out = np.zeros(2 * len(path), dtype=np.int32)
    length, _ = shortcut(st, hashes, make_table(), path, out)
    return out[:length]


def test_unwinnable_position_has_no_shortest(make_position):
    start = make_position("AS", [["10C"], ["JC"], ["QC"], ["KC"]], reserve=["6C", "7C", "5C", "4C"],
                          foundations=["KS", "KH", "KD", "3C"], stock=["8C", "9C"])
    result = shortest(start, Rules())
    assert (result.verdict, result.moves, result.proven, result.rounds) == ("unwinnable", [], False, 0)


def test_node_limit_keeps_the_best_found_unproven():
    setup = setup_game("CF1-D3-AAAAAAF")
    result = shortest(setup.position, setup.rules, Limits(max_nodes=30_000, memory=1 << 24))
    assert (result.verdict, result.proven, result.limit_hit) == ("winnable", False, "nodes")
    assert result.rounds >= 2 and len(result.moves) < result.first_length
    assert replays_to_win(setup.position, result.moves, setup.rules)


def test_cli_shortest_text_replays_and_json(run_cli, tmp_path):
    path = tmp_path / "six.json"
    path.write_text(json.dumps(position_to_dict(build_position(**SIX_MOVES), draw=3)))
    run = run_cli("solve", str(path), "--shortest")
    assert run.status == 0, run.err
    assert "# shortest found: 6 moves, proven shortest" in run.out
    replayed = run_cli("replay", str(path), "-", input=run.out)
    assert replayed.status == 0 and replayed.out.rstrip().endswith("won")
    data = json.loads(run_cli("solve", str(path), "--shortest", "--json").out)
    assert len(data["moves"]) == 6
    start, rules = build_position(**SIX_MOVES), Rules(draw=3)
    first_length = len(solve(start, rules).moves)  # the first win, before any round
    summary = data["shortest"]
    assert (summary["length"], summary["proven"], summary["first_length"]) == (6, True, first_length)
    assert 1 <= summary["rounds"] <= first_length - 6 + 1  # each round ends at least one move shorter, the last finds none


def test_cli_shortest_bad_input_exits_2(run_cli):
    run = run_cli("solve", "CF1-D3-AAAAAA!", "--shortest")
    assert run.status == 2 and run.err.startswith("error: ") and run.err.count("\n") == 1
