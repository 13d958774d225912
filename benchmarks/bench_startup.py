"""Start-up benchmark: how long a player waits for one answer, the whole process timed.

Run by hand (not a test)::

    python benchmarks/bench_startup.py                 # show, solve, replay of an easy deal, 7 runs each
    python benchmarks/bench_startup.py --runs 15 --cold
    python benchmarks/bench_startup.py --runs 3 --first-runs 100 --draw 3   # first solves of 100 deals
    python benchmarks/bench_startup.py --command /other/venv/bin/canfield-solver   # another install
    python benchmarks/bench_startup.py --vs /old/venv/bin/canfield-solver          # this against another

Each command runs as its own process (``canfield-solver show|solve|replay``), after one run
that is not counted (it loads or compiles the kernels). Printed per command: the median and the
minimum of the wall time and of the CPU time (user + system, of the child), in seconds.
``--vs`` runs another install's commands in turn with these (one run each, alternately, so a
change in the machine's load hits both) and adds the median of the ratios this / other.
``--cold`` first times commands with an empty compiled-kernel cache (a new temporary
``CANFIELD_SOLVER_CACHE``), the first run on a machine: ``solve`` of the easy deal, which the
kernels run as Python answer while they compile (``cli/first_solve.py``), and of a deal that waits
for the compile; ``analyse`` and ``hint`` of the easy deal; ``batch`` of 20 random deals (the app's
rules; Solvitaire's, whose searches also compile the easier game's; the casino's and PySolFC's,
whose columns move whole, with a search in the other move order beside) and ``play`` of 4 games,
whose workers compile once (``engine.first_run.compile_ahead.compiling_alone``); after each,
when a compile it left running in the background ended. ``--first-runs N``
solves N random deals that way, one after the other, each timed to its answer. Last, whether
``show`` and ``replay``
import numba (they should not: they never search).
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEAL = "CF1-D3-SOLVEME"  # README's quick start: 116 states, a few milliseconds of search
HARD = "CF1-D3-ANOKQUA"  # 40,223 states: past what a first run searches while the kernels compile


def timed(command: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``command`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(command, input=stdin, env=env, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(name: str, runs: list[tuple[float, float]]) -> None:
    walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
    print(f"{name:8s} wall median {statistics.median(walls):.3f} s (min {min(walls):.3f})"
          f"   cpu median {statistics.median(cpus):.3f} s (min {min(cpus):.3f})   {len(runs)} runs")


def report_ratio(name: str, runs: list[tuple[float, float]], others: list[tuple[float, float]]) -> None:
    wall = statistics.median(a[0] / b[0] for a, b in zip(runs, others, strict=True))
    cpu = statistics.median(a[1] / b[1] for a, b in zip(runs, others, strict=True))
    print(f"{name:8s} this / other: wall {wall:.2f}, cpu {cpu:.2f} (median of {len(runs)} pairs)")


def imports_numba(args: list[str], stdin: str | None) -> bool:
    """Whether the command, run in this interpreter, imports numba."""
    code = ("import sys\nfrom canfield_solver.cli import main\ntry:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\nsys.stderr.write(str('numba' in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True)
    return done.stderr.strip().endswith("True")


def wait_for_compile(python: str, env: dict[str, str]) -> None:
    """Return once no compile that a first run left in the background holds ``env``'s cache folder."""
    subprocess.run([python, "-c", "from canfield_solver.engine.first_run.compile_ahead import wait_for_compile; "
                    "wait_for_compile()"], env=env, check=True, cwd=tempfile.gettempdir())


def cold_run(cli: list[str], python: str, command: list[str], env: dict[str, str]) -> None:
    """Time ``command`` (its arguments) with an empty kernel cache, then the compile it leaves running."""
    with tempfile.TemporaryDirectory() as cache:
        cold = dict(env, CANFIELD_SOLVER_CACHE=cache)
        began = time.perf_counter()
        wall, cpu = timed([*cli, *command], cold)
        wait_for_compile(python, cold)
        compiled = time.perf_counter() - began
    print(f"cold     {' '.join(command)} with an empty kernel cache: wall {wall:.1f} s, cpu {cpu:.1f} s"
          f" (the command and the child it waits for); the compile it started ended at {compiled:.1f} s")


def first_runs(cli: list[str], count: int, draw: int, env: dict[str, str]) -> None:
    """First solves of ``count`` random deals, each on an empty kernel cache, each timed to its
    answer (the child's, or the compiled search's once the compile has ended); how many printed
    the compile note (they waited for it). The compile left running after an answer is stopped."""
    from canfield_solver.formats.codes import random_codes

    walls, waited = [], 0
    for code in random_codes(count, draw, seed=99):
        with tempfile.TemporaryDirectory() as cache:
            began = time.perf_counter()
            run = subprocess.Popen([*cli, "solve", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True, env=dict(env, CANFIELD_SOLVER_CACHE=cache))
            waited += run.stderr.read().startswith("compiling")  # type: ignore[union-attr]  # read to the end
            run.wait()
            walls.append(time.perf_counter() - began)
            os.killpg(run.pid, signal.SIGKILL)  # the compile in the background too
    print(f"first    {count} draw-{draw} deals: wall median {statistics.median(walls):.2f} s, "
          f"max {max(walls):.2f} s; over 5 s {sum(wall > 5 for wall in walls)}, over 10 s "
          f"{sum(wall > 10 for wall in walls)}; {waited} printed the compile note")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command (default 7)")
    parser.add_argument("--deal", default=DEAL, help=f"the deal (default {DEAL})")
    parser.add_argument("--command", help="a canfield-solver to time (default: this interpreter's package)")
    parser.add_argument("--vs", metavar="COMMAND", help="another canfield-solver, run in turn with this one")
    parser.add_argument("--cold", action="store_true",
                        help="also time first runs, each with an empty kernel cache (see above)")
    parser.add_argument("--cold-runs", type=int, default=1, help="cold solves of each deal (default 1)")
    parser.add_argument("--first-runs", type=int, metavar="N",
                        help="first solves of N random deals (seed 99), each on an empty kernel cache")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="their draw mode (default 3)")
    args = parser.parse_args()
    cli = [args.command] if args.command else [sys.executable, "-c", "from canfield_solver.cli import main; main()"]
    env = dict(os.environ)
    python = str(Path(args.command).parent / "python") if args.command else sys.executable

    if args.cold:
        commands = (["solve", args.deal], ["solve", HARD], ["analyse", args.deal], ["hint", args.deal],
                    ["batch", "--random", "20", "--seed", "1"],
                    *(["batch", "--random", "20", "--seed", "1", "--rules", rules] for rules in ("solvitaire", "hoyle", "pysolfc")),
                    ["play", "--start", "CF1-D3-AAAAAAB", "--count", "4"])
        for command in commands:
            for _ in range(args.cold_runs):
                cold_run(cli, python, command, env)

    if args.first_runs:
        first_runs(cli, args.first_runs, args.draw, env)
    moves = subprocess.run([*cli, "solve", args.deal], env=env, check=True, capture_output=True, text=True).stdout
    wait_for_compile(python, env)  # that of a first run on this install, which the runs below would meet
    commands = {
        "show": ([*cli, "show", args.deal], None),
        "solve": ([*cli, "solve", args.deal], None),
        "replay": ([*cli, "replay", args.deal, "-"], moves),
    }
    for name, (command, stdin) in commands.items():
        other = [args.vs, *command[len(cli):]] if args.vs else None
        for each in filter(None, (command, other)):
            timed(each, env, stdin)  # not counted
        runs, others = [], []
        for _ in range(args.runs):
            runs.append(timed(command, env, stdin))
            if other:
                others.append(timed(other, env, stdin))
        report(name, runs)
        if other:
            report("  other", others)
            report_ratio("", runs, others)
    for name in ("show", "replay"):
        command, stdin = commands[name]
        print(f"{name} imports numba: {'yes' if imports_numba(command[len(cli):], stdin) else 'no'}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}; PYTHONDONTWRITEBYTECODE="
          f"{env.get('PYTHONDONTWRITEBYTECODE', '')!r}; {Path(cli[0]).name}")


if __name__ == "__main__":
    main()
