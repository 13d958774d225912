"""The deals of a run over many deals (``batch``, ``play``): a range of codes, random codes or a
list in a file, each checked and settled under the rules in force, as ``Task``s.

A deal's identity is ``(code, draw, rules)``: the same results file can hold one deal under
several rule sets, and resuming with other rules solves the deals again under those.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any, NamedTuple

from canfield_solver.core.errors import InputError, shown_path
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.formats.codes import DEAL_COUNT, format_code, is_code, parse_code, random_codes
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.input_text import read_text


class Task(NamedTuple):
    """One deal to solve: ``source`` is what ``setup_game`` reads; the rest is its results-file identity."""

    source: str
    code: str
    draw: int
    rules: str

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.code, self.draw, self.rules)


def deal_key(row: Any) -> tuple[str, int, str]:
    """The task a results row answers: its ``(code, draw, rules)``, as ``Task.key``."""
    return (row.code, row.draw, row.rules)


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
    lines = read_text(path, "deal list").splitlines()
    folder = os.path.dirname(path)
    sources = []
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        # As load_game reads a DEAL: a game code is the code, and a file named like one is found too.
        beside = os.path.normpath(os.path.join(folder, text))
        code_like = text.upper().startswith(("CF1-", "PYSOL:"))
        if not os.path.isabs(text) and not is_code(text) and (os.path.exists(beside) or not code_like):
            text = beside
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
    if start is not None and count is not None:
        return make_tasks(range_sources(start, count, options), options)
    if random_count is not None:
        return make_tasks(random_sources(random_count, seed, options), options)
    assert deal_list is not None, "exactly one way to choose the deals was given"
    tasks = make_tasks(file_sources(deal_list), options, deal_list)
    if not tasks:
        raise InputError(f"the deal list {shown_path(deal_list)} names no deal (one code or deal-file path per line)")
    return tasks
