"""Kernel benchmark: what the search spends per state, on states taken from the middle of real searches.

Run by hand (not a test)::

    python benchmarks/bench_kernels.py              # draw 3, no foundation returns
    python benchmarks/bench_kernels.py --draw 1
    python benchmarks/bench_kernels.py --rules solvitaire

It runs the searches of a few hard deals (CF1-D3-AAAAAAM and others) and keeps the state they are
in every 997 states, then times, per kept state (best of several rounds, nanoseconds):
``generate`` (the legal moves), ``ordered_moves`` (the moves searched, with the dominances),
``buried_for_good`` alone (the whole test of docs/dominances.md, section 6, which
``ordered_moves`` makes and the search makes only at its start), and the keys of the states those
moves lead to (``child_keys.child_key`` for each, as ``search.expand_node`` does). A state
entered by ``search.run`` costs these (``search.searched_moves`` instead of ``ordered_moves``)
plus its table probes.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

import numpy as np
from numba import njit

from canfield_solver.core.presets import PRESETS
from canfield_solver.core.rules import Rules
from canfield_solver.engine.child_keys import child_key, column_mixes
from canfield_solver.engine.codec import encode
from canfield_solver.engine.lost.buried_cards import buried_for_good
from canfield_solver.engine.movegen import MAX_MOVES, generate
from canfield_solver.engine.search import RUNNING, TABLE_FULL, SearchArrays, ordered_moves
from canfield_solver.engine.table import new_table
from canfield_solver.engine.zobrist import full_hash, make_table
from canfield_solver.formats.codes import position_from_number

DEALS = (12, 179, 7, 184, 43)  # deal numbers of some of the longest searches of bench_solve
EVERY = 997  # states searched between two kept states


def mid_search_states(number: int, rules: Rules, count: int) -> list[np.ndarray]:
    """Up to ``count`` copies of the state the search of deal ``number`` is in, every ``EVERY`` states."""
    slots, meta = new_table(1 << 31, 1 << 21)
    search = SearchArrays(encode(position_from_number(number), rules), make_table(), slots, meta)
    status, kept = search.start(True), []
    while len(kept) < count and status in (RUNNING, TABLE_FULL):
        if status == TABLE_FULL:
            search.grow_table(1 << 31)
        status = search.run(EVERY, True)
        kept.append(search.st.copy())
    return kept


@njit(cache=True)
def time_moves(states, rounds, ordered):
    """``rounds`` passes of ``ordered_moves`` (``ordered``) or ``generate`` over the states."""
    out = np.zeros(MAX_MOVES, np.int32)
    total = 0
    for _ in range(rounds):
        for i in range(states.shape[0]):
            total += ordered_moves(states[i], out, True) if ordered else generate(states[i], out)
    return total


@njit(cache=True)
def time_buried(states, rounds):
    """``rounds`` passes of ``buried_for_good`` over the states."""
    total = 0
    for _ in range(rounds):
        for i in range(states.shape[0]):
            total += buried_for_good(states[i])
    return total


@njit(cache=True)
def time_child_keys(states, z, rounds):
    out = np.zeros(MAX_MOVES, np.int32)
    hashes = np.zeros(5, np.uint64)
    mixed = np.uint64(0)
    for i in range(states.shape[0]):
        st = states[i]
        full_hash(st, z, hashes)
        count = ordered_moves(st, out, True)
        for _ in range(rounds):
            mixes = column_mixes(hashes)
            for j in range(count):
                mixed ^= child_key(st, z, hashes, mixes, out[j])
    return mixed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--worry-back", action="store_true", help="allow foundation returns")
    parser.add_argument("--rules", choices=sorted(PRESETS), help="a preset's rules, with --draw (overrides --worry-back)")
    parser.add_argument("--rounds", type=int, default=100, help="passes over the states per timing (default 100)")
    args = parser.parse_args()
    rules = Rules(draw=args.draw, worry_back=args.worry_back)
    if args.rules is not None:
        rules = replace(PRESETS[args.rules].rules, draw=args.draw)
    states = np.array([state for number in DEALS for state in mid_search_states(number, rules, 400)])
    z = make_table()
    timed = {
        "generate": lambda: time_moves(states, args.rounds, False),
        "ordered_moves": lambda: time_moves(states, args.rounds, True),
        "buried_for_good": lambda: time_buried(states, args.rounds),
        "child keys": lambda: time_child_keys(states.copy(), z, args.rounds),
    }
    time_moves(states[:1], 1, False), time_buried(states[:1], 1), time_child_keys(states[:1].copy(), z, 1)  # compile first
    best = {name: float("inf") for name in timed}
    for _ in range(5):
        for name, run in timed.items():
            began = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - began)
    out = np.zeros(MAX_MOVES, np.int32)
    searched = np.mean([ordered_moves(state, out, True) for state in states])
    print(f"draw {rules.draw}, {rules.label}: {len(states)} mid-search states, {searched:.2f} moves searched per state")
    for name, seconds in best.items():
        print(f"  {name:15} {seconds / (len(states) * args.rounds) * 1e9:6.0f} ns per state")


if __name__ == "__main__":
    main()
