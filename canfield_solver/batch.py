"""Batch runs: many deals solved on all cores, each result appended to a results file as it finishes.

The results file is the batch's memory. Each row is written with one ``write``
call and fsync'd, so a batch killed at any moment (``kill -9`` included) leaves
every finished row whole and at most one torn last line; ``--resume`` cuts that
line off (and says so) and solves only the deals not yet in the file.

A deal's identity is ``(code, draw, rules)``: the same file can hold one deal
under several rule sets, and resuming with other rules solves the deals again
under those.
"""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import math
import os
import signal
import sys
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, NamedTuple

from .codes import DEAL_COUNT, format_code, parse_code, random_codes
from .errors import InputError, quote
from .json_input import JsonInputError, loads
from .presets import RuleOptions, resolve_rules
from .source import setup_game

COLUMNS = ("code", "draw", "rules", "verdict", "moves", "nodes", "seconds")
CSV_HEADER = ",".join(COLUMNS) + "\n"
VERDICTS = ("winnable", "unwinnable", "unknown")
FORMATS = {".csv": "csv", ".jsonl": "jsonl"}
JSONL_ROW_START = '{"code": "'  # how every row that format_row writes to a .jsonl file begins
WARM_UP_DEAL = "CF1-D3-AAAAAAA"
LINE_SHOWN = 80  # characters of a results-file line a message quotes (about one row)

SolveFunction = Callable  # solve(setup, *, time_limit, max_nodes, memory) -> result (see solver.solve)


# --- what to solve --------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """Per-deal solver limits; ``memory`` is each worker's own budget (see ``solver.solve``)."""

    time_limit: float | None = None
    max_nodes: int | None = None
    memory: int | None = None


class Task(NamedTuple):
    """One deal to solve: ``source`` is what ``setup_game`` reads; the rest is its results-file identity."""

    source: str
    code: str
    draw: int
    rules: str

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.code, self.draw, self.rules)


class Row(NamedTuple):
    """One line of a results file. ``moves`` is the solution length, None when no solution was found."""

    code: str
    draw: int
    rules: str
    verdict: str
    moves: int | None
    nodes: int
    seconds: float

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
        result = solve(setup, time_limit=limits.time_limit, max_nodes=limits.max_nodes, memory=limits.memory)
    except InputError:  # a limit the solver cannot take: the user's to fix
        raise
    except Exception as error:
        raise RuntimeError(f"the solver failed on {task.code}: {error!r}") from error
    moves = len(result.moves) if result.verdict == "winnable" else None
    return Row(task.code, task.draw, task.rules, result.verdict, moves, int(result.nodes),
               round(float(result.seconds), 6))


def warm_up(solve: SolveFunction) -> None:
    """Compile (or load from numba's cache) the solver's kernels once, before the first timed deal."""
    solve(setup_game(WARM_UP_DEAL), time_limit=5.0, max_nodes=2000, memory=1 << 20)


def worker_memory(jobs: int) -> int:
    """Each worker's transposition-table bytes: the solver's default, lowered so that ``jobs``
    workers together stay within half of this machine's RAM."""
    from .solver import DEFAULT_MEMORY, MIN_MEMORY

    if not hasattr(os, "sysconf"):
        return DEFAULT_MEMORY
    ram = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    return max(MIN_MEMORY, min(DEFAULT_MEMORY, ram // (2 * jobs)))


_worker_context: tuple[RuleOptions, Limits, SolveFunction] | None = None


def _die_with_parent(parent: int) -> None:
    """Linux: have the kernel kill this worker when the batch process dies (kill -9 leaves no orphans)."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


def _init_worker(parent: int, options: RuleOptions, limits: Limits, solve: SolveFunction | None) -> None:
    global _worker_context
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the batch process's to handle
    solve = solve or default_solve()
    warm_up(solve)
    _worker_context = (options, limits, solve)


def _solve_in_worker(task: Task) -> Row:
    return solve_task(task, *_worker_context)


def solve_locally(
    tasks: list[Task], options: RuleOptions, limits: Limits, jobs: int, solve: SolveFunction | None = None
) -> Iterator[Row]:
    """Rows of ``tasks`` as they finish, on ``jobs`` worker processes (in this process for one job)."""
    if not tasks:
        return
    if jobs == 1:
        solve = solve or default_solve()
        warm_up(solve)
        for task in tasks:
            yield solve_task(task, options, limits, solve)
        return
    pending = iter(tasks)
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=min(jobs, len(tasks)), initializer=_init_worker,
        initargs=(os.getpid(), options, limits, solve),
    )
    try:
        running = {pool.submit(_solve_in_worker, task) for task in _take(pending, 2 * jobs)}
        while running:
            done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            running |= {pool.submit(_solve_in_worker, task) for task in _take(pending, len(done))}
            for future in done:
                yield future.result()
    except concurrent.futures.process.BrokenProcessPool:
        _stop_workers(pool)
        raise InputError("a worker process died (out of memory, or killed): every finished deal is in the "
                         "results file; go on with --resume, and a smaller --memory or fewer --jobs if "
                         "memory is short") from None
    except BaseException:  # Ctrl-C, a failed deal, or the caller stopping: end the deals in progress now
        _stop_workers(pool)
        raise
    pool.shutdown()


def _stop_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    if hasattr(pool, "terminate_workers"):  # Python 3.14+
        pool.terminate_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()


def _take(iterator: Iterator[Task], count: int) -> list[Task]:
    return [task for _, task in zip(range(count), iterator)]


# --- the results file -----------------------------------------------------------------------


def results_format(path: str) -> str:
    """``csv`` or ``jsonl``, from the file name's extension."""
    fmt = FORMATS.get(os.path.splitext(path)[1].lower())
    if fmt is None:
        raise InputError(f"results file {path}: name it .csv or .jsonl to choose the format")
    return fmt


def format_row(row: Row, fmt: str) -> str:
    """The row as one line of the file, newline included."""
    if fmt == "jsonl":
        return json.dumps(row._asdict()) + "\n"
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(
        ["" if value is None else value for value in row]
    )
    return buffer.getvalue()


def parse_row(line: str, fmt: str) -> Row:
    """The row on ``line``; ``ValueError`` says what is wrong with it."""
    if fmt == "jsonl":
        try:
            data = loads(line)
        except JsonInputError as error:
            raise ValueError(f"not JSON ({error})") from None
        if not isinstance(data, dict) or set(data) != set(COLUMNS):
            raise ValueError(f"expected an object with the keys {', '.join(COLUMNS)}")
        values = [data[column] for column in COLUMNS]
    else:
        try:
            values = next(csv.reader([line]))
        except csv.Error as error:
            raise ValueError(f"not CSV ({error})") from None
        if len(values) != len(COLUMNS):
            raise ValueError(f"expected {len(COLUMNS)} columns, found {len(values)}")
    code, draw, rules, verdict, moves, nodes, seconds = values
    if not isinstance(code, str) or not code or not isinstance(rules, str) or not rules:
        raise ValueError("empty code or rules")
    if verdict not in VERDICTS:
        raise ValueError(f"verdict {quote(verdict)} is not one of {', '.join(VERDICTS)}")
    row = Row(
        code, _number(draw, int, "draw"), rules, verdict,
        None if moves in ("", None) else _number(moves, int, "moves"),
        _number(nodes, int, "nodes"), _number(seconds, float, "seconds"),
    )
    if row.draw not in (1, 3):
        raise ValueError(f"draw {row.draw} is not 1 or 3")
    if (row.moves is None) != (verdict != "winnable"):
        raise ValueError("moves must be given for a winnable deal and only for it")
    return row


def _number(value, kind: type, column: str):
    try:
        number = kind(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is None or isinstance(value, bool) or not math.isfinite(number) or number < 0:
        raise ValueError(f"{column} {quote(value)} is not a non-negative number")
    return number


@dataclass
class ResultsRead:
    """What a results file holds: its rows, its malformed lines, and a torn last line if any.

    ``complete_bytes`` is the length of the file up to the end of its last
    complete line; ``torn`` is the text after it (a row an interrupted batch
    was writing), empty when the file ends cleanly.
    """

    rows: list[Row]
    malformed: list[tuple[int, str]]
    complete_bytes: int
    torn: str


def read_results(path: str) -> ResultsRead:
    """Read a results file; ``InputError`` if it cannot be read or is not a results file."""
    fmt = results_format(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise InputError(f"cannot read the results file {path}: {error.strerror or error}") from None
    complete_bytes = data.rfind(b"\n") + 1
    torn = data[complete_bytes:].decode("utf-8", "replace")
    try:
        lines = data[:complete_bytes].decode("utf-8").split("\n")[:-1]
    except UnicodeDecodeError:
        raise InputError(f"{path} is not a results file (not UTF-8 text)") from None
    first = 1
    if fmt == "csv" and lines:
        if lines[0] + "\n" != CSV_HEADER:
            raise InputError(f"{path} is not a results file: its first line must be {CSV_HEADER.strip()}")
        first = 2
    rows, malformed = [], []
    for number, line in enumerate(lines[first - 1:], first):
        try:
            rows.append(parse_row(line, fmt))
        except ValueError as error:
            malformed.append((number, f"{error}: {quote(line, LINE_SHOWN)}"))
    if fmt == "jsonl" and malformed and not rows:
        raise InputError(f"{path} is not a results file: no line is a row of 'batch' "
                         f"(line {malformed[0][0]}: {malformed[0][1]})")
    if not lines and not _starts_like(torn, CSV_HEADER if fmt == "csv" else JSONL_ROW_START):
        raise InputError(f"{path} is not a results file: it begins neither like a row of 'batch' nor its header "
                         f"({quote(torn, LINE_SHOWN)})")
    return ResultsRead(rows, malformed, complete_bytes, torn)


def _starts_like(text: str, start: str) -> bool:
    """True when ``text`` begins with ``start`` or is cut short of it (a line torn early)."""
    return text.startswith(start) or start.startswith(text)


def describe_malformed(path: str, malformed: list[tuple[int, str]]) -> str:
    """One line naming the malformed lines of ``path`` (the first few, with why)."""
    shown = "; ".join(f"line {number}: {reason}" for number, reason in malformed[:3])
    more = f" (and {len(malformed) - 3} more)" if len(malformed) > 3 else ""
    return f"{path} has {len(malformed)} malformed line(s): {shown}{more}"


class ResultsWriter:
    """Appends rows to a results file: one ``write`` call per row, then fsync."""

    def __init__(self, path: str) -> None:
        self.fmt = results_format(path)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as error:
            raise InputError(f"cannot write the results file {path}: {error.strerror or error}") from None
        if self.fmt == "csv" and os.fstat(self.fd).st_size == 0:
            self._write(CSV_HEADER)

    def write(self, row: Row) -> None:
        self._write(format_row(row, self.fmt))

    def _write(self, text: str) -> None:
        data = text.encode("utf-8")
        while data:  # a regular file takes it in one call; the loop only guards the rule of write(2)
            data = data[os.write(self.fd, data):]
        os.fsync(self.fd)

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> "ResultsWriter":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def open_for_resume(path: str, warn: Callable[[str], None]) -> list[Row]:
    """The rows already in ``path`` (none if it does not exist), after cutting off a torn last line.

    Only a file that ``read_results`` recognises as a results file is ever cut, and only a last
    line that is no whole row: a JSON row that merely lacks its newline gets it. A malformed complete
    line cannot come from an interrupted batch: it stops the resume with ``InputError`` rather
    than being dropped, the file untouched.
    """
    if not os.path.exists(path):
        return []
    read = read_results(path)
    if read.malformed:
        raise InputError(describe_malformed(path, read.malformed) + "; fix or delete them, then resume")
    last = _whole_row(read.torn, results_format(path))
    if last is not None:
        with open(path, "ab") as handle:
            handle.write(b"\n")
        return read.rows + [last]
    if read.torn:
        os.truncate(path, read.complete_bytes)
        warn(f"{path}: removed an incomplete last line left by an interrupted run "
             f"(that deal is solved again): {quote(read.torn, LINE_SHOWN)}")
    return read.rows


def _whole_row(line: str, fmt: str) -> Row | None:
    """The row on a last line without its newline, None when it is none (a torn row).

    Only a JSON row shows that it is whole (by its closing brace); a CSV row torn inside its
    last column, the seconds, would still read as a row.
    """
    try:
        return parse_row(line, fmt) if line and fmt == "jsonl" else None
    except ValueError:
        return None


def check_results_file(path: str, resume: bool) -> None:
    """Refuse a results file of unknown format, a new batch into a file that already holds
    anything (``resume`` continues it), and a resume of a file that is not a results file."""
    results_format(path)
    if not os.path.exists(path):
        return
    if not resume and os.path.getsize(path) > 0:
        raise InputError(f"{path} already exists: add --resume to continue it, or choose another --out file")
    if resume:
        read_results(path)


# --- the whole batch ------------------------------------------------------------------------


def run_batch(
    tasks: list[Task],
    solve_tasks: Callable[[list[Task]], Iterable[Row]],
    out: str | None = None,
    resume: bool = False,
    quiet: bool = False,
    warn: Callable[[str], None] = lambda text: print(f"warning: {text}", file=sys.stderr),
) -> list[Row]:
    """Solve the tasks not yet in ``out`` and return the rows of all ``tasks``.

    ``solve_tasks`` takes the tasks still to solve and yields their rows as
    they finish (``solve_locally`` or the Dask runner); each row is written to
    ``out`` the moment it arrives.
    """
    if out:
        check_results_file(out, resume)
    existing = open_for_resume(out, warn) if out and resume else []
    wanted = {task.key for task in tasks}
    done = {row.key: row for row in existing if row.key in wanted}
    todo = [task for task in tasks if task.key not in done]
    if done and not quiet:
        print(f"resuming: {len(done)} of {len(tasks)} deals already in {out}", file=sys.stderr)
    finished = list(done.values())
    progress = Progress(len(tasks), finished, quiet)
    writer = ResultsWriter(out) if out else None
    try:
        for row in solve_tasks(todo):
            if writer:
                writer.write(row)
            finished.append(row)
            progress.add(row)
    finally:
        progress.close()
        if writer:
            writer.close()
    return finished


class Progress:
    """The tqdm bar on stderr, with the running win rate (of decided deals) and the unknown count."""

    def __init__(self, total: int, finished: list[Row], quiet: bool) -> None:
        from tqdm import tqdm

        self.won = sum(row.verdict == "winnable" for row in finished)
        self.unknown = sum(row.verdict == "unknown" for row in finished)
        self.count = len(finished)
        self.bar = tqdm(total=total, initial=self.count, disable=quiet, unit="deal", file=sys.stderr,
                        dynamic_ncols=True, smoothing=0.05)

    def add(self, row: Row) -> None:
        self.count += 1
        self.won += row.verdict == "winnable"
        self.unknown += row.verdict == "unknown"
        decided = self.count - self.unknown
        rate = f"{100 * self.won / decided:.1f}%" if decided else "n/a"
        self.bar.set_postfix_str(f"won {rate}, unknown {self.unknown}", refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()
