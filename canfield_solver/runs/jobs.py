"""One deal's job in a ``batch``: solve it and make its results row; a worker's warm-up and memory;
the jobs on local worker processes (``solve_locally``; the Dask runner is ``on_dask``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from dataclasses import replace

from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import DEFAULT_MEMORY, Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.verdict import Verdict
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.solving.workers import run_each

from .results import Row
from .tasks import Task

WARM_UP_DEAL = "CF1-D3-AAAAAAA"

SolveFunction = Callable  # solve(setup, *, limits) -> result (see solver.solve)


def default_solve() -> SolveFunction:
    """The real solver, imported only where deals are solved (it loads numba)."""
    from canfield_solver.solving.solver import solve

    return solve


def solve_task(task: Task, options: RuleOptions, limits: Limits, solve: SolveFunction | None = None) -> Row:
    """Solve one deal and return its results row."""
    solve = solve or default_solve()
    setup = setup_game(task.source, options)
    try:
        result = solve(setup, limits=limits)
    except InputError:  # a limit the solver cannot take: the user's to fix
        raise
    except Exception as error:
        raise RuntimeError(f"the solver failed on {task.code}: {error!r}") from error
    moves = len(result.moves) if result.verdict == Verdict.WINNABLE else None
    return Row(task.code, task.draw, task.rules, result.verdict, moves, int(result.nodes),
               round(float(result.seconds), 6))


def warm_up(solve: SolveFunction, options: RuleOptions = RuleOptions()) -> None:
    """Compile (or load from numba's cache) the kernels a solve under ``options`` calls, before the
    first timed deal; of several workers starting at once, one compiles while the others wait."""
    from canfield_solver.engine.first_run.compile_ahead import compiling_alone

    with compiling_alone():
        solve(setup_game(WARM_UP_DEAL, options), limits=Limits(time_limit=5.0, max_nodes=2000, memory=1 << 20))


def worker_memory(jobs: int) -> int:
    """Each worker's transposition-table bytes: the solver's default, lowered so that ``jobs``
    workers together stay within half of this machine's RAM."""
    from canfield_solver.engine.table import MIN_TABLE_BYTES

    if not hasattr(os, "sysconf"):
        return DEFAULT_MEMORY
    ram = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    return max(MIN_TABLE_BYTES, min(DEFAULT_MEMORY, ram // (2 * jobs)))


def worker_limits(limits: Limits, jobs: int) -> Limits:
    """``limits`` for each of ``jobs`` local workers: their ``memory``, else ``worker_memory(jobs)``."""
    return limits if limits.memory is not None else replace(limits, memory=worker_memory(jobs))


def _batch_worker(options: RuleOptions, limits: Limits, solve: SolveFunction | None) -> Callable[[Task], Row]:
    """A worker's job function: the solver warmed up once, then ``solve_task``."""
    solve = solve or default_solve()
    warm_up(solve, options)
    return functools.partial(solve_task, options=options, limits=limits, solve=solve)


def solve_locally(
    tasks: list[Task], options: RuleOptions, limits: Limits, jobs: int, solve: SolveFunction | None = None
) -> Iterator[Row]:
    """Rows of ``tasks`` as they finish, on ``jobs`` worker processes (in this process for one job)."""
    return run_each(tasks, jobs, _batch_worker, (options, limits, solve))
