"""The win search as several searches sharing one table (``engine.parallel``), interleaved on one
thread or one per thread: the same verdicts as one lone search, every state searched exactly once,
the same moves on every one-thread run, wins that replay, limits kept, and an atomic table insert."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from click.testing import CliRunner
from numba import njit

from canfield_solver.cli.main import cli
from canfield_solver.core.limits import Limits
from canfield_solver.core.referee import positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine import driver, parallel
from canfield_solver.engine.search import EXHAUSTED, STATUS, SearchArrays
from canfield_solver.engine.table import insert, new_table
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.solver import solve

SOLVITAIRE = Rules(draw=3, tableau_order="base")


@pytest.fixture
def handovers(monkeypatch):
    """Searches split after 300 states and step every 500: small searches get split many times.
    Yields the list of hand-overs made (True when work was given)."""
    monkeypatch.setattr(parallel, "SOLO_STATES", 300)
    monkeypatch.setattr(driver, "CHUNK", 500)
    made = []
    hand_over = parallel.hand_over

    def counted(busy, idle):
        given = hand_over(busy, idle)
        made.append(given)
        return given

    monkeypatch.setattr(parallel, "hand_over", counted)
    return made


# Lost deals under three passes: there the states a search enters do not depend on the order it
# meets them in. Under draw 3 with unlimited passes they do (a state whose talon split dominates
# another keeps that one out: docs/dominances.md, section 8), so only the verdict is compared there.
SOLVITAIRE_3 = Rules(draw=3, tableau_order="base", passes=3)
LOST = [("CF1-D3-AAAAACP", SOLVITAIRE_3), ("CF1-D3-AAAAACN", SOLVITAIRE_3),
        ("CF1-D3-AAAAAAA", Rules(draw=3, worry_back=False, passes=3)),
        ("CF1-D3-AAAAAAD", Rules(draw=3, worry_back=False, moves="whole", passes=3)),
        ("CF1-D3-AAAAAAI", Rules(draw=3, worry_back=True, passes=3)),
        ("CF1-D3-AAAAACP", Rules(draw=3, worry_back=True, tableau_order="base", passes=3))]
LOST_UNLIMITED = [("CF1-D3-AAAAAAU", SOLVITAIRE), ("CF1-D3-AAAAACP", SOLVITAIRE), ("CF1-D3-AAAAACN", SOLVITAIRE),
                  ("CF1-D3-AAAAAFM", Rules(draw=3, worry_back=False)),
                  ("CF1-D3-AAAAAFM", Rules(draw=3, worry_back=False, moves="whole")),
                  ("CF1-D3-AAAAAAU", Rules(draw=3, worry_back=True, tableau_order="base"))]


@pytest.fixture
def untested(monkeypatch):
    """No easier-game tests on the states entered: which states they prove lost depends on
    which searches, on which threads, made them (docs/dominances.md, section 9)."""
    monkeypatch.setattr(driver, "EasierTests", lambda z, memory: None)


def lone_search(code: str, rules: Rules, monkeypatch):
    """``solve`` with one search that never splits."""
    with monkeypatch.context() as patch:
        patch.setattr(parallel, "SOLO_STATES", 10**15)
        return solve(position_from_code(code), rules)


@pytest.mark.parametrize("code, rules", LOST)
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_shared_searches_prove_a_lost_deal_searching_each_state_once(code, rules, threads, handovers, untested,
                                                                    monkeypatch):
    alone = lone_search(code, rules, monkeypatch)
    together = solve(position_from_code(code), rules, limits=Limits(threads=threads))
    assert alone.verdict == together.verdict == Verdict.UNWINNABLE
    # Every state reachable is searched by exactly one thread: a subtree lost in a hand-over
    # would show as fewer states, one searched twice as more.
    assert together.nodes == alone.nodes
    assert any(handovers)


@pytest.mark.parametrize("code, rules", LOST_UNLIMITED)
@pytest.mark.parametrize("threads", [1, 2])
def test_shared_searches_prove_a_lost_deal_under_unlimited_passes(code, rules, threads, handovers, monkeypatch):
    alone = lone_search(code, rules, monkeypatch)
    together = solve(position_from_code(code), rules, limits=Limits(threads=threads))
    assert alone.verdict == together.verdict == Verdict.UNWINNABLE
    assert any(handovers)


# Under moves "whole" and "pile" a search in the other move order searches beside the first, on
# its table (docs/engine.md, "Move order"): a lost deal costs the states of one proof, as many as
# with that search's place taken by a search of the first's order that only takes hand-overs.
LOST_TWO_ORDERS = [("CF1-D3-AAAAAAD", Rules(draw=3, worry_back=False, moves="whole", passes=3)),
                   ("CF1-D3-AAAAAAD", Rules(draw=3, worry_back=False, moves="pile", spaces="waste", passes=3))]


def _first_order_only(position, rules, first, dominance):
    """In place of ``driver._other_order``: a search in the first's order, idle until handed work."""
    idle = SearchArrays(first.st.copy(), first.z, first.slots, first.meta)
    idle.control[STATUS] = EXHAUSTED
    return idle


@pytest.mark.parametrize("code, rules", LOST_TWO_ORDERS)
@pytest.mark.parametrize("threads", [1, 2])
def test_two_move_orders_on_one_table_prove_a_lost_deal_searching_each_state_once(code, rules, threads, handovers,
                                                                                  monkeypatch):
    both = solve(position_from_code(code), rules, limits=Limits(threads=threads))
    with monkeypatch.context() as patch:
        patch.setattr(driver, "_other_order", _first_order_only)
        one = solve(position_from_code(code), rules, limits=Limits(threads=threads))
    assert both.verdict == one.verdict == Verdict.UNWINNABLE
    assert both.nodes == one.nodes > 1_000
    assert any(handovers)


WON = [("CF1-D3-AAAAACR", Rules(draw=3, worry_back=False)), ("CF1-D3-AAAAAAA", Rules(draw=3, worry_back=True)),
       ("CF1-D1-AAAAABM", Rules(draw=1, worry_back=False)), ("CF1-D1-AAAAABR", Rules(draw=1, worry_back=True)),
       ("CF1-D3-AAAAADL", Rules(draw=3, moves="whole")), ("CF1-D3-AAAAAAW", Rules(draw=3, worry_back=True, tableau_order="base"))]


@pytest.mark.parametrize("code, rules", WON)
@pytest.mark.parametrize("threads", [1, 2])
def test_shared_searches_find_wins_that_replay(code, rules, threads, handovers):
    start = position_from_code(code)
    result = solve(start, rules, limits=Limits(threads=threads))
    assert result.verdict == Verdict.WINNABLE
    assert positions_after(start, result.moves, rules)[-1].is_won
    assert any(handovers)


@pytest.mark.parametrize("code, rules", WON[:3] + LOST[:1])
def test_one_thread_searches_the_same_states_and_finds_the_same_win_every_run(code, rules, handovers):
    runs = [solve(position_from_code(code), rules, limits=Limits(threads=1)) for _ in range(3)]
    assert len({(run.nodes, tuple(run.moves)) for run in runs}) == 1
    assert any(handovers)


@pytest.mark.parametrize("threads", [1, 2])
def test_shared_searches_keep_the_node_limit(threads, handovers):
    result = solve(position_from_code("CF1-D3-AAAAACP"), SOLVITAIRE, limits=Limits(max_nodes=5_000, threads=threads))
    assert (result.verdict, result.limit_hit) == (Verdict.UNKNOWN, LimitHit.NODES)
    assert 300 < result.nodes <= 5_000


def test_shared_searches_grow_the_table_and_stop_at_its_memory(handovers, monkeypatch):
    monkeypatch.setattr(driver, "FIRST_TABLE", 16 << 10)
    grown = solve(position_from_code("CF1-D3-AAAAACP"), SOLVITAIRE_3, limits=Limits(threads=2))
    assert grown.verdict == Verdict.UNWINNABLE
    assert grown.nodes == lone_search("CF1-D3-AAAAACP", SOLVITAIRE_3, monkeypatch).nodes
    full = solve(position_from_code("CF1-D3-AAAAACP"), SOLVITAIRE, limits=Limits(memory=64 << 10, threads=2))
    assert (full.verdict, full.limit_hit) == (Verdict.UNKNOWN, LimitHit.MEMORY)


@njit(nogil=True)
def _insert_all(slots, meta, keys, added):
    for i in range(keys.shape[0]):
        added[i] = insert(slots, meta, keys[i])


def test_two_threads_inserting_the_same_keys_add_each_once():
    generator = np.random.default_rng(5)
    keys = generator.integers(1, 2**63, size=200_000, dtype=np.uint64)
    slots, meta = new_table(8 << 20)
    orders = [keys, keys[::-1].copy()]
    added = [np.zeros(len(keys), dtype=np.int64) for _ in orders]
    _insert_all(slots, meta, keys[:10], added[0][:10])  # compile before the threads start
    slots[:] = 0
    meta[0] = 0
    threads = [threading.Thread(target=_insert_all, args=(slots, meta, order, result))
               for order, result in zip(orders, added, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    first, second = added[0], added[1][::-1]
    assert np.all(first + second == 1)
    assert meta[0] == len(keys) == np.count_nonzero(slots)


def test_solve_takes_threads_and_refuses_zero():
    runner = CliRunner()
    done = runner.invoke(cli, ["solve", "CF1-D3-AAAAACP", "--rules", "solvitaire", "--threads", "2", "--json"])
    assert done.exit_code == 0 and '"verdict": "unwinnable"' in done.output
    refused = runner.invoke(cli, ["solve", "CF1-D3-AAAAACP", "--threads", "0"])
    assert refused.exit_code == 2
    assert "--threads" in refused.output and "Traceback" not in refused.output
