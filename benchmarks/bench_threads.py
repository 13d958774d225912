"""Threads: hard deals solved on one thread and on several, one run after the other, paired.

Run by hand (not a test), on an otherwise idle machine::

    python benchmarks/bench_threads.py                     # every core against one, 2 rounds
    python benchmarks/bench_threads.py --threads 2 --rounds 3 --cap 60

The deals are fixed: lost deals of Solvitaire's rules under draw 3 (a proof that a deal is lost
visits every state the search reaches, which threads share out) and winnable draw-1 deals of the
app's rules without foundation returns that take a one-thread search millions of states (where a
thread handed another part of the tree can meet a win sooner). Each deal is solved with
``--threads 1`` and with ``--threads N`` in turn, ``--rounds`` times; it prints each deal's median
wall seconds both ways, CPU seconds (every thread), states and verdicts, then the totals and the
median ratio. Kernels are compiled before the first timing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from canfield_solver.cli.options import usable_cores
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.solving.solver import solve

SOLVITAIRE_D3 = resolve_rules(RuleOptions("solvitaire", draw=3))
APP_D1 = Rules(draw=1, worry_back=False)
DEALS = [(code, SOLVITAIRE_D3) for code in ("CF1-D3-AAAAAAM", "CF1-D3-AAAAAHW", "CF1-D3-AAAAAGX", "CF1-D3-AAAAAJL")]
DEALS += [(code, APP_D1) for code in ("CF1-D1-MDWRUGK", "CF1-D1-XKVYJAC", "CF1-D1-CEOUZPJ", "CF1-D1-VLTMNGY")]


def timed(code: str, rules: Rules, threads: int, cap: float) -> tuple[float, float, int, str]:
    """Wall seconds of the search, CPU seconds of the process (all threads), states, verdict."""
    cpu = time.process_time()
    result = solve(position_from_code(code), rules, limits=Limits(time_limit=cap, threads=threads))
    return result.seconds, time.process_time() - cpu, result.nodes, str(result.verdict)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=usable_cores(), help="threads against one (default every core)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each deal each way (default 2)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per solve (default 60)")
    args = parser.parse_args()
    solve("CF1-D3-AAAAAAC", limits=Limits(threads=args.threads))  # compile before timing
    totals = {1: [0.0, 0.0], args.threads: [0.0, 0.0]}
    ratios = []
    for code, rules in DEALS:
        runs = {1: [], args.threads: []}
        for _ in range(args.rounds):
            for threads in (1, args.threads):
                runs[threads].append(timed(code, rules, threads, args.cap))
        line = []
        for threads, results in runs.items():
            wall = statistics.median(r[0] for r in results)
            cpu = statistics.median(r[1] for r in results)
            totals[threads][0] += wall
            totals[threads][1] += cpu
            states = "/".join(f"{r[2]:,}" for r in results)
            verdicts = "/".join(sorted({r[3] for r in results}))
            line.append(f"{threads} thread(s) {wall:6.2f} s wall {cpu:6.2f} s CPU {states} states {verdicts}")
        ratios.append(statistics.median(r[0] for r in runs[args.threads]) / statistics.median(r[0] for r in runs[1]))
        print(f"{code} {rules.label}:\n  " + "\n  ".join(line), flush=True)
    for threads, (wall, cpu) in totals.items():
        print(f"{threads} thread(s): {wall:.2f} s wall, {cpu:.2f} s CPU in all (medians per deal)")
    print(f"wall time with {args.threads} threads / with 1: median {statistics.median(ratios):.2f}, "
          f"total {totals[args.threads][0] / totals[1][0]:.2f}")


if __name__ == "__main__":
    main()
