"""Samples of the hidden cards, solved as if every card were known: the tally of a position
over them, and the pool that solves them on several processes.

Each sample is one completion of the hidden cards (``hidden.complete``); the same samples serve
every move or line compared (common random numbers), so the differences between them are not
sampling noise of separate draws. See ``hint`` and ``plan``.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from canfield_solver.core.hidden import complete
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict

from .intervals import wilson_interval
from .verdict_only import VerdictSolver
from .workers import WorkerPool, start_worker

T = TypeVar("T")
Line = Sequence[Move]  # moves played one after another


@dataclass(frozen=True)
class Tally:
    """In how many of ``samples`` completions a position was winnable (``wins``) or undecided
    because a solve hit a limit (``unknown``, counted as not won). ``exact``: there was nothing
    to sample, so the interval is the verdict itself."""

    wins: int
    unknown: int
    samples: int
    exact: bool = False

    @property
    def rate(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``rate``; when exact, the rate itself, or 0-1 for an unknown."""
        if self.exact:
            return (0.0, 1.0) if self.unknown else (self.rate, self.rate)
        return wilson_interval(self.wins, self.samples)

    def as_json(self) -> dict:
        low, high = self.interval
        return {"wins": self.wins, "unknown": self.unknown, "rate": self.rate, "low": low, "high": high}


def sample_all(position: Position, count: int, seed: int) -> list[Position]:
    """``count`` completions of ``position`` drawn with ``seed``."""
    rng = random.Random(seed)
    return [complete(position, rng) for _ in range(count)]


def line_verdicts(sample: Position, solver: VerdictSolver, lines: Sequence[Line],
                  won: Mapping[Position, int] | None = None) -> list[Verdict]:
    """The verdict after each of ``lines`` in the full position ``sample``. ``won`` maps samples to
    the index of a line that keeps their win (a win of theirs begins with it): that one is not
    searched."""
    known = won.get(sample) if won else None
    searched = [i for i in range(len(lines)) if i != known]
    ends = [positions_after(sample, list(lines[i]), solver.rules)[-1] for i in searched]
    verdicts = [Verdict.WINNABLE] * len(lines)
    for i, result in zip(searched, solver.verdicts(ends), strict=True):
        verdicts[i] = result.verdict
    return verdicts


def tally_lines(verdicts: Iterator[list[Verdict]], count: int, samples: int, exact: bool = False) -> list[Tally]:
    """The tally of each of ``count`` lines over the verdict lists of ``samples`` samples."""
    wins, unknown = [0] * count, [0] * count
    for each in verdicts:
        for i, verdict in enumerate(each):
            wins[i] += verdict == Verdict.WINNABLE
            unknown[i] += verdict == Verdict.UNKNOWN
    return [Tally(wins[i], unknown[i], samples, exact) for i in range(count)]


SampleTask = Callable[[Position, VerdictSolver], T]  # a sample's work, with a solver kept by the worker

_worker: tuple | None = None  # (task, solver) of a pool worker


def _init_worker(parent: int, task: SampleTask, rules: Rules, limits: Limits) -> None:
    global _worker
    start_worker(parent)
    _worker = (task, VerdictSolver(rules, limits))


def _in_worker(sample: Position) -> Any:
    assert _worker is not None, "the pool's initializer sets it"
    task, solver = _worker
    return task(sample, solver)


def solve_samples(samples: list[Position], task: SampleTask[T], rules: Rules, limits: Limits, jobs: int,
                  progress: Callable[[], None] | None = None) -> Iterator[T]:
    """``task`` of each sample, in the order of ``samples``, on ``jobs`` processes; ``task`` must
    pickle (a module's function, or a ``functools.partial`` of one). ``progress()`` is called as
    each sample's result comes.

    Samples that are the same position are solved once: with few cards hidden, late in a game,
    completions repeat (a sixth of a game's samples, measured on ``play``), and a task's result
    depends on its sample alone (``VerdictSolver.verdicts`` clears its table first)."""
    distinct = _results(list(dict.fromkeys(samples)), task, rules, limits, jobs)
    done: dict[Position, T] = {}
    for sample in samples:
        if sample not in done:
            done[sample] = next(distinct)
        if progress:
            progress()
        yield done[sample]


def _results(samples: list[Position], task: SampleTask[T], rules: Rules, limits: Limits, jobs: int) -> Iterator[T]:
    if jobs == 1 or len(samples) == 1:
        solver = VerdictSolver(rules, limits)
        for sample in samples:
            yield task(sample, solver)
        return
    # Load the search's kernels here (two states: start and run), so that forked workers have them.
    task(samples[0], VerdictSolver(rules, replace(limits, max_nodes=2)))
    # Elsewhere than on Linux workers are spawned and load the kernels themselves.
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    pool = WorkerPool(max_workers=min(jobs, len(samples)), mp_context=context, initializer=_init_worker,
                      initargs=(os.getpid(), task, rules, limits))
    try:
        futures = [pool.submit(_in_worker, sample) for sample in samples]
        for future in futures:
            yield future.result()
    except BaseException:  # Ctrl-C or a failed solve: end the workers now
        pool.terminate()
        raise
    pool.shutdown()


def verdicts_task(lines: Sequence[Line], won: Mapping[Position, int] | None = None) -> SampleTask[list[Verdict]]:
    """The task giving a sample's verdict after each of ``lines`` (``won``: as ``line_verdicts``)."""
    return functools.partial(line_verdicts, lines=list(lines), won=won)
