"""Batch throughput: deals per hour at each job count and draw mode, on a fixed set of deals.

Run by hand (not a test), on an otherwise idle machine::

    python benchmarks/bench_batch.py                      # 200 deals, jobs 1 and 2, draw 3 and 1
    python benchmarks/bench_batch.py --deals 100 --jobs 2 --draws 3 --time-limit 10

The deals are CF1-D<d>-AAAAAAA and the following deal numbers, under the app's rules.
The wall time includes starting the workers and loading the solver, as a real batch does; the
CPU time (this process and its workers) shows the throughput when other programs share the cores.
"""

from __future__ import annotations

import argparse
import resource
import time

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.runs.batch_stats import summarize
from canfield_solver.runs.jobs import solve_locally, worker_memory
from canfield_solver.runs.tasks import select_tasks


def measure(deals: int, draw: int, jobs: int, limits: Limits) -> str:
    options = RuleOptions(draw=draw)
    tasks = select_tasks(options, start="CF1-D3-AAAAAAA", count=deals)
    began, cpu_began = time.perf_counter(), cpu_seconds()
    rows = list(solve_locally(tasks, options, limits, jobs))
    wall, cpu = time.perf_counter() - began, cpu_seconds() - cpu_began
    (summary,) = summarize(rows)
    times = summary.time_stats()
    return (f"draw {draw} jobs {jobs}: {deals} deals in {wall:.1f} s = {deals / wall * 3600:,.0f} deals/hour "
            f"({cpu:.1f} CPU s = {deals / cpu * 3600:,.0f} deals per CPU hour); "
            f"won {summary.won} lost {summary.lost} unknown {summary.unknown}; seconds per deal median "
            f"{times['median']:.3f} p90 {times['p90']:.3f} max {times['max']:.2f} total {times['total']:.1f}")


def cpu_seconds() -> float:
    """CPU time of this process and its finished worker processes: other users of the cores do not count."""
    used = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(usage.ru_utime + usage.ru_stime for usage in used)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts")
    parser.add_argument("--draws", default="3,1", help="comma-separated draw modes")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--memory", type=int, help="MB of transposition table per worker (default: the batch's)")
    args = parser.parse_args()
    for draw in (int(value) for value in args.draws.split(",")):
        for jobs in (int(value) for value in args.jobs.split(",")):
            memory = args.memory * 2**20 if args.memory else worker_memory(jobs)
            print(measure(args.deals, draw, jobs, Limits(args.time_limit, None, memory)), flush=True)


if __name__ == "__main__":
    main()
