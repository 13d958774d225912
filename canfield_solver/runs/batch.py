"""Batch runs: many deals solved on all cores, each result appended to a results file as it finishes.

``batch_solver`` chooses where the deals of ``batch`` are solved (local worker processes,
``jobs.solve_locally``, or a Dask cluster, ``on_dask``) and ``run_batch`` runs the deals not yet
in the results file into it (the file's format, writing and resume are ``results``'s), for every
command that works through many deals into a results file (``batch``, ``play``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from canfield_solver.core.errors import shown_path
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions

from .jobs import solve_locally, worker_limits
from .results import BATCH, ResultsKind, ResultsWriter, Row, check_results_file, open_for_resume
from .tasks import Task, deal_key


def batch_solver(options: RuleOptions, limits: Limits, jobs: int | None,
                 scheduler: str | None) -> Callable[[list[Task]], Iterable[Row]]:
    """How the ``batch`` command solves its deals: on ``jobs`` local workers (default: all cores),
    or on the Dask ``scheduler``. Unless ``limits.memory`` is given each local worker gets
    ``worker_memory``; a remote cluster's workers keep the solver's default, as their RAM is
    unknown here."""
    jobs = jobs or os.cpu_count() or 1
    if scheduler in (None, "local"):
        limits = worker_limits(limits, jobs)
    if scheduler:
        from .on_dask import check_scheduler, solve_on_dask

        check_scheduler(scheduler)
        return lambda todo: solve_on_dask(todo, options, limits, scheduler, jobs)
    return lambda todo: solve_locally(todo, options, limits, jobs)


def run_batch(
    tasks: list[Task],
    solve_tasks: Callable[[list[Task]], Iterable[NamedTuple]],
    out: str | None = None,
    resume: bool = False,
    quiet: bool = False,
    warn: Callable[[str], None] = lambda text: print(f"warning: {text}", file=sys.stderr),
    kind: ResultsKind = BATCH,
    mine: Callable[[Any], bool] = lambda row: True,
) -> list:
    """Do the tasks not yet in ``out`` and return the rows of all ``tasks``; with ``resume``, the
    rows of ``out`` for which ``mine(row)`` holds (``play``: of the method in force) count as done.

    ``solve_tasks`` takes the tasks still to do and yields their rows (of ``kind``) as
    they finish (``solve_locally``, the Dask runner, or ``play_jobs``'s player); each row is
    written to ``out`` the moment it arrives. Ctrl-C stops the run, saying how to go on.
    """
    if out:
        check_results_file(out, resume, kind)
    existing = [row for row in open_for_resume(out, kind, warn) if mine(row)] if out and resume else []
    wanted = {task.key for task in tasks}
    done = {deal_key(row): row for row in existing if deal_key(row) in wanted}
    todo = [task for task in tasks if task.key not in done]
    if done and not quiet:
        print(f"resuming: {len(done)} of {len(tasks)} deals already in {shown_path(out)}", file=sys.stderr)
    finished = list(done.values())
    progress = Progress(len(tasks), finished, quiet, kind.won)
    writer = ResultsWriter(out, kind) if out else None
    try:
        for row in solve_tasks(todo):
            if writer:
                writer.write(row)
            finished.append(row)
            progress.add(row)
    except KeyboardInterrupt:
        if out:
            print(f"{shown_path(out)} holds every finished deal: run the same command with --resume to go on", file=sys.stderr)
        raise
    finally:
        progress.close()
        if writer:
            writer.close()
    return finished


class Progress:
    """The tqdm bar on stderr, with the running win rate (of decided deals) and the unknown count;
    ``won(row)`` is True, False, or None for undecided."""

    def __init__(self, total: int, finished: list, quiet: bool, won: Callable[[NamedTuple], bool | None]) -> None:
        from tqdm import tqdm

        self.is_won = won
        self.won = sum(won(row) is True for row in finished)
        self.unknown = sum(won(row) is None for row in finished)
        self.count = len(finished)
        self.bar = tqdm(total=total, initial=self.count, disable=quiet, unit="deal", file=sys.stderr,
                        dynamic_ncols=True, smoothing=0.05)

    def add(self, row: NamedTuple) -> None:
        won = self.is_won(row)
        self.count += 1
        self.won += won is True
        self.unknown += won is None
        decided = self.count - self.unknown
        rate = f"{100 * self.won / decided:.1f}%" if decided else "n/a"
        self.bar.set_postfix_str(f"won {rate}, unknown {self.unknown}", refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()
