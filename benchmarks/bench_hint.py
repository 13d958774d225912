"""Hint benchmark: the start of draw-3 app deals as a player sees them, 100 samples each.

Run by hand (not a test)::

    python benchmarks/bench_hint.py                    # deals 0-9, 100 samples, 2 jobs, method plan
    python benchmarks/bench_hint.py --method hindsight
    python benchmarks/bench_hint.py --count 3 --jobs 1 --method hindsight --compare

Each deal's start is hidden as the app hides it (reserve below its top, the whole stock: 46
cards) and ``hint.hint`` tallies its moves over ``--samples`` completions (seed 1), each solve at
most ``--max-nodes`` states, and under ``--method plan`` also the plans (two more solves a
sample). Printed per deal: wall seconds, CPU seconds (this process and its workers), solves,
samples that hit the limit. Kernels are loaded before the first timing (the command line pays
that once, about 0.5 s). ``--compare`` also times the same solves done with ``solver.solve`` one
by one (a table allocated per solve, the move list replayed), in this process.
"""

from __future__ import annotations

import argparse
import random
import resource
import time

from canfield_solver.core.hidden import complete, hide
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, METHODS
from canfield_solver.core.referee import apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.solving.hint import hint
from canfield_solver.solving.solver import solve


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the hint's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="deals: numbers 0 .. count-1 (default 10)")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD)
    parser.add_argument("--compare", action="store_true", help="also time solver.solve on the same positions")
    args = parser.parse_args()
    rules = Rules(draw=3)
    hint(hide(position_from_number(0), 3), rules, samples=2, seed=1)  # load the kernels
    walls, cpus = [], []
    for number in range(args.count):
        seen = hide(position_from_number(number), 3)
        moves = len(legal_moves(seen, rules))
        began, cpu = time.perf_counter(), cpu_seconds()
        result = hint(seen, rules, samples=args.samples, seed=1, limits=Limits(max_nodes=args.max_nodes), jobs=args.jobs,
                      method=args.method)
        walls.append(time.perf_counter() - began)
        cpus.append(cpu_seconds() - cpu)
        limits = max((choice.tally.unknown for choice in result.choices), default=0)
        plans = f"; best plan {result.choices[0].plan.tally.wins}" if result.choices and result.choices[0].plan else ""
        print(f"{format_code(number, 3)}: {walls[-1]:6.2f} s wall, {cpus[-1]:6.2f} s CPU; {moves} moves x "
              f"{args.samples} samples = {moves * args.samples} hindsight solves; winnable {result.winnable.wins}, "
              f"at most {limits} samples of a move hit the limit{plans}", flush=True)
        if args.compare:
            rng = random.Random(1)
            samples = [complete(seen, rng) for _ in range(args.samples)]
            began, cpu = time.perf_counter(), cpu_seconds()
            for sample in samples:
                for move in legal_moves(seen, rules):
                    solve(apply(sample, move, rules), rules, max_nodes=args.max_nodes)
            print(f"  solver.solve one by one: {time.perf_counter() - began:6.2f} s wall, "
                  f"{cpu_seconds() - cpu:6.2f} s CPU", flush=True)
    ordered = sorted(walls)
    print(f"{args.count} hints: wall median {ordered[len(ordered) // 2]:.2f} s, max {ordered[-1]:.2f} s, "
          f"total {sum(walls):.1f} s; CPU total {sum(cpus):.1f} s")


if __name__ == "__main__":
    main()
