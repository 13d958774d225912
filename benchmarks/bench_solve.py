"""Solver benchmark: a fixed set of deals under draw 3 and draw 1, with and without foundation returns.

Run by hand (not a test)::

    python benchmarks/bench_solve.py                          # 200 deals, 60 s cap, 4 rule sets
    python benchmarks/bench_solve.py --count 30 --cap 10      # a quick look first
    python benchmarks/bench_solve.py --draws 3 --worry-back off --moves any
    python benchmarks/bench_solve.py --draws 3 --worry-back off --spaces waste-first
    python benchmarks/bench_solve.py --draws 3 --worry-back off --tableau-order base   # Solvitaire's rules

The deals are deal numbers 0.. (CF1-D3-AAAAAAA and the next ones), solved one at a time in this
process. For each rule set it prints the count of each verdict, the win rate, median / p90 / max /
total seconds, nodes per second, and at the end the peak memory of the process. Seconds are the
solver's wall time (what the cap applies to) and, beside them, this process's CPU time: on a
machine shared with other work the CPU time is the fairer figure.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from canfield_solver.core.rules import SPACES, TABLEAU_ORDERS, Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.solving.solver import solve


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_set(rules: Rules, count: int, cap: float, verbose: bool) -> None:
    verdicts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    seconds, cpu, nodes = [], [], 0
    for number in range(count):
        cpu_before = time.process_time()
        result = solve(position_from_number(number), rules, time_limit=cap)
        cpu.append(time.process_time() - cpu_before)
        verdicts[result.verdict] += 1
        seconds.append(result.seconds)
        nodes += result.nodes
        if verbose or result.verdict == "unknown":
            print(f"  {format_code(number, rules.draw)} {result.verdict:10} {result.nodes:>11} nodes "
                  f"{result.seconds:7.2f} s (CPU {cpu[-1]:.2f} s)", flush=True)
    decided = verdicts["winnable"] + verdicts["unwinnable"]
    print(f"draw {rules.draw}, {rules.label}: {count} deals, " + ", ".join(f"{v} {n}" for v, n in verdicts.items())
          + f"; win rate {verdicts['winnable'] / max(decided, 1):.1%} of decided", flush=True)
    for label, values in (("wall", seconds), ("CPU", cpu)):
        print(f"  {label} seconds: median {statistics.median(values):.3f}, p90 {percentile(values, 0.9):.3f}, "
              f"max {max(values):.2f}, total {sum(values):.1f}; {nodes / sum(values) / 1e6:.2f} M nodes/s", flush=True)
    print(f"  {nodes} nodes (states searched)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="deals: numbers 0 .. count-1 (default 200)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per deal (default 60)")
    parser.add_argument("--draws", default="3,1", help="draw modes, e.g. 3 or 3,1 (default 3,1)")
    parser.add_argument("--worry-back", choices=("on", "off", "both"), default="both")
    parser.add_argument("--moves", choices=("any", "whole"), default="any")
    parser.add_argument("--spaces", choices=SPACES, default="any",
                        help="what fills an empty column once the reserve is empty (default any)")
    parser.add_argument("--tableau-order", choices=TABLEAU_ORDERS, default="cyclic",
                        help="building down wraps K on A (cyclic, default) or not across the base rank (base)")
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    solve(position_from_number(2), Rules())  # load the compiled kernels before timing
    began = time.perf_counter()
    backs = {"on": (True,), "off": (False,), "both": (False, True)}[args.worry_back]
    for draw in (int(d) for d in args.draws.split(",")):
        for back in backs:
            rules = Rules(draw=draw, worry_back=back, moves=args.moves, spaces=args.spaces,
                          tableau_order=args.tableau_order)
            run_set(rules, args.count, args.cap, args.verbose)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS) {peak:.0f} MiB; wall {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
