"""Batch runs: many deals solved on all cores, each result appended to a results file as it finishes.

This module chooses the deals (``select_tasks``), solves them (``solve_locally`` on a
``pool``, or Dask) and runs the whole batch into its results file (``run_batch``; the file's
format, writing and resume are ``results``'s). ``run_batch`` and the deal choice serve every
command that works through many deals into a results file (``batch``, ``play``).

A deal's identity is ``(code, draw, rules)``: the same file can hold one deal
under several rule sets, and resuming with other rules solves the deals again
under those.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import replace
from typing import Callable, Iterable, Iterator, NamedTuple

from .codes import DEAL_COUNT, format_code, parse_code, random_codes
from .errors import InputError
from .limits import DEFAULT_MEMORY, Limits
from .outcomes import Verdict
from .pool import run_each
from .presets import RuleOptions, resolve_rules
from .results import BATCH, ResultsKind, ResultsWriter, Row, check_results_file, open_for_resume
from .source import setup_game

WARM_UP_DEAL = "CF1-D3-AAAAAAA"

SolveFunction = Callable  # solve(setup, *, limits) -> result (see solver.solve)


# --- what to solve --------------------------------------------------------------------------


class Task(NamedTuple):
    """One deal to solve: ``source`` is what ``setup_game`` reads; the rest is its results-file identity."""

    source: str
    code: str
    draw: int
    rules: str

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.code, self.draw, self.rules)


def range_sources(start: str, count: int, options: RuleOptions) -> list[str]:
    """The codes of ``count`` consecutive deal numbers from ``start``, in the draw mode in force."""
    start_draw, first = parse_code(start)
    if first + count > DEAL_COUNT:
        raise InputError(f"--start {start} --count {count} runs past the last deal number ({DEAL_COUNT - 1})")
    draw = resolve_rules(options, source_draw=start_draw).draw
    return [format_code(number, draw) for number in range(first, first + count)]


def random_sources(count: int, seed: int | None, options: RuleOptions) -> list[str]:
    """``count`` random codes (reproducible with ``seed``) in the draw mode in force."""
    return random_codes(count, resolve_rules(options).draw, seed)


def file_sources(path: str) -> list[tuple[int, str]]:
    """``(line number, source)`` for each code or deal-file path listed in ``path``.

    Blank lines and ``#`` comments are skipped; a relative deal-file path is
    taken relative to the list's own folder.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the deal list {path}: {getattr(error, 'strerror', None) or error}") from None
    folder = os.path.dirname(path)
    sources = []
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if not text.upper().startswith(("CF1-", "PYSOL:")) and not os.path.isabs(text):
            text = os.path.normpath(os.path.join(folder, text))
        sources.append((number, text))
    return sources


def make_tasks(sources: Iterable[str | tuple[int, str]], options: RuleOptions, where: str = "") -> list[Task]:
    """Check each source and settle its rules; a deal listed twice is solved once.

    ``sources`` holds plain sources or ``(line number, source)`` pairs from the
    file ``where``, so a bad entry is reported by its line.
    """
    tasks: dict[tuple[str, int, str], Task] = {}
    for item in sources:
        line, source = item if isinstance(item, tuple) else (None, item)
        try:
            setup = setup_game(source, options)
        except InputError as error:
            raise InputError(f"{where} line {line}: {error}" if line else str(error)) from None
        task = Task(source, setup.game.name, setup.rules.draw, setup.rules.label)
        tasks.setdefault(task.key, task)
    return list(tasks.values())


def select_tasks(
    options: RuleOptions,
    start: str | None = None,
    count: int | None = None,
    random_count: int | None = None,
    seed: int | None = None,
    deal_list: str | None = None,
) -> list[Task]:
    """The deals of a batch from exactly one of: ``start`` with ``count``, ``random_count``, ``deal_list``."""
    chosen = [name for name, value in (("--start", start), ("--random", random_count), ("--file", deal_list))
              if value is not None]
    if len(chosen) != 1:
        raise InputError("choose the deals with one of --start CODE --count N, --random N or --file FILE"
                         + (f" (not {' and '.join(chosen)} together)" if chosen else ""))
    if (start is None) != (count is None):
        raise InputError("--start and --count go together: --start CF1-D3-AAAAAAA --count 1000")
    if seed is not None and random_count is None:
        raise InputError("--seed only applies to --random")
    if start is not None:
        return make_tasks(range_sources(start, count, options), options)
    if random_count is not None:
        return make_tasks(random_sources(random_count, seed, options), options)
    tasks = make_tasks(file_sources(deal_list), options, deal_list)
    if not tasks:
        raise InputError(f"the deal list {deal_list} names no deal (one code or deal-file path per line)")
    return tasks


# --- solving one deal -----------------------------------------------------------------------


def default_solve() -> SolveFunction:
    """The real solver, imported only where deals are solved (it loads numba)."""
    from .solver import solve

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


def warm_up(solve: SolveFunction) -> None:
    """Compile (or load from numba's cache) the solver's kernels once, before the first timed deal."""
    solve(setup_game(WARM_UP_DEAL), limits=Limits(time_limit=5.0, max_nodes=2000, memory=1 << 20))


def worker_memory(jobs: int) -> int:
    """Each worker's transposition-table bytes: the solver's default, lowered so that ``jobs``
    workers together stay within half of this machine's RAM."""
    from .engine.driver import MIN_TABLE_BYTES

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
    warm_up(solve)
    return functools.partial(solve_task, options=options, limits=limits, solve=solve)


def solve_locally(
    tasks: list[Task], options: RuleOptions, limits: Limits, jobs: int, solve: SolveFunction | None = None
) -> Iterator[Row]:
    """Rows of ``tasks`` as they finish, on ``jobs`` worker processes (in this process for one job)."""
    return run_each(tasks, jobs, _batch_worker, (options, limits, solve))


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
        from .dask_runner import check_scheduler, solve_on_dask

        check_scheduler(scheduler)
        return lambda todo: solve_on_dask(todo, options, limits, scheduler, jobs)
    return lambda todo: solve_locally(todo, options, limits, jobs)


# --- the whole batch ------------------------------------------------------------------------


def run_batch(
    tasks: list[Task],
    solve_tasks: Callable[[list[Task]], Iterable[NamedTuple]],
    out: str | None = None,
    resume: bool = False,
    quiet: bool = False,
    warn: Callable[[str], None] = lambda text: print(f"warning: {text}", file=sys.stderr),
    kind: ResultsKind = BATCH,
) -> list:
    """Do the tasks not yet in ``out`` and return the rows of all ``tasks``.

    ``solve_tasks`` takes the tasks still to do and yields their rows (of ``kind``) as
    they finish (``solve_locally``, the Dask runner, or ``play_batch``'s player); each row is
    written to ``out`` the moment it arrives. Ctrl-C stops the run, saying how to go on.
    """
    if out:
        check_results_file(out, resume, kind)
    existing = open_for_resume(out, kind, warn) if out and resume else []
    wanted = {task.key for task in tasks}
    done = {row.key: row for row in existing if row.key in wanted}
    todo = [task for task in tasks if task.key not in done]
    if done and not quiet:
        print(f"resuming: {len(done)} of {len(tasks)} deals already in {out}", file=sys.stderr)
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
            print(f"{out} holds every finished deal: run the same command with --resume to go on", file=sys.stderr)
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
