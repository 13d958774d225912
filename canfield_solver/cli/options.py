"""The options of the commands, each declared once: the rule options, the search limits
(``--time-limit``, ``--max-nodes``, ``--memory``, and ``--threads`` where one search at a time
runs), how a command over many deals chooses them and keeps its results, the board and page
options. Every number has its range: a value outside it is a usage error (one line, exit status
2), so no limit reaches a search as NaN, infinity or a number the engine cannot hold.
"""

from __future__ import annotations

import functools
import math
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from canfield_solver.core.errors import quote, shorten
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import PRESETS, RuleOptions
from canfield_solver.core.rules import MAX_PASSES, MOVES, SPACES, TABLEAU_ORDERS
from canfield_solver.formats.codes import MAX_DEALS
from canfield_solver.formats.numbers import decimal_number, whole_number

from .board import COLOR_CHOICES
from .streams import shows_suits

MAX_NODES = 2**62
MAX_SEED = 2**63 - 1  # a seed of Python's random number generator, as hint prints it
MAX_THREADS = 64
EVERY_CORE = "every core"  # ``limit_options(threads=...)``: ``--threads`` defaults to every usable core ...
ONE_EACH = "one each"  # ... or to one, where ``--jobs`` workers each run a search
MIN_MEMORY = 64 << 10
_SIZE_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def machine_ram() -> int | None:
    """Bytes of RAM of this machine, None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def parse_size(text: str) -> int:
    """Bytes from ``512M``, ``2G``, ``64K`` or a plain number; ``ValueError`` unless a finite size above 0."""
    cleaned = text.strip().upper().removesuffix("IB").removesuffix("B")
    number, unit = (cleaned[:-1], cleaned[-1]) if cleaned and cleaned[-1] in _SIZE_UNITS else (cleaned, "")
    amount = decimal_number(number)
    if amount is None:
        raise ValueError(text)
    value = amount * _SIZE_UNITS[unit]
    if not math.isfinite(value) or value <= 0:
        raise ValueError(text)
    return int(value)


def _size_text(size: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if size >= _SIZE_UNITS[unit]:
            return f"{size / _SIZE_UNITS[unit]:.3g}{unit}"
    return str(size)


class Size(click.ParamType):
    """A memory size from ``MIN_MEMORY`` to this machine's RAM, in bytes."""

    name = "size"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            size = parse_size(value)
        except ValueError:
            self.fail(f"{quote(value)} is not a size: write a number with K, M or G, "
                      "for example 512M or 2G", param, ctx)
        ram = machine_ram()
        if size < MIN_MEMORY or (ram is not None and size > ram):
            top = f"this machine's RAM ({_size_text(ram)})" if ram is not None else "the machine's RAM"
            self.fail(f"{shorten(value)} is not from 64K to {top}", param, ctx)
        return size


class Seconds(click.ParamType):
    """A finite number of seconds above 0."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        seconds = value if isinstance(value, float) else decimal_number(str(value))
        if seconds is None or not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{quote(value)} is not a number of seconds above 0", param, ctx)
        return seconds


class WholeNumber(click.ParamType):
    """A whole number from ``low`` to ``high`` (None: no top), written in the digits 0-9 alone
    (``formats.numbers``): ``１００`` or ``1_000`` is no number here, and a thousand digits one too
    large, not a crash."""

    name = "integer"

    def __init__(self, low: int, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = value if isinstance(value, int) and not isinstance(value, bool) else whole_number(str(value))
        if number is None or number < self.low or (self.high is not None and number > self.high):
            span = f"from {self.low} to {self.high}" if self.high is not None else f"of {self.low} or more"
            self.fail(f"{quote(value)} is not a whole number {span}", param, ctx)
        return number


def usable_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def limit_options(*, time_limit: float | None = None, max_nodes: int | None = None, scope: str = "",
                  memory_default: str = "1G", threads: str | None = None) -> Callable:
    """The three limit options of a command: ``time_limit`` its default seconds and ``max_nodes``
    its default states (None: none),
    ``scope`` how the limits apply ("per deal", "per search"; "" for one search),
    ``memory_default`` the table size it uses when none is given, for the help;
    with ``threads``, ``--threads`` too: its default every usable core (``EVERY_CORE``, for a
    command that runs one search at a time) or one (``ONE_EACH``, for one that runs a search on
    each of ``--jobs`` workers); None: no such option, one thread.

    The command takes them as one ``limits`` (``limits.Limits``; ``memory`` in bytes, or None).
    """
    each = f" {scope}" if scope else ""
    options = [
        click.option("--time-limit", type=Seconds(), metavar="SECONDS", default=time_limit,
                     show_default=time_limit is not None,
                     help=f"Seconds{each}: a search that reaches it ends 'unknown' (a finite number above 0)."),
        click.option("--max-nodes", type=WholeNumber(1, MAX_NODES), metavar="N", default=max_nodes,
                     show_default=max_nodes is not None,
                     help=f"States searched{each}: a search that reaches it ends 'unknown'; "
                          "unlike time, the same on any machine and load."),
        click.option("--memory", type=Size(), metavar="SIZE",
                     help=f"Transposition table size{each}, from 64K to this machine's RAM, "
                          f"e.g. 512M or 2G (default {memory_default})."),
    ]
    if threads == EVERY_CORE:
        options.append(click.option(
            "--threads", type=WholeNumber(1, MAX_THREADS), metavar="N",
            help="Threads a long search runs on (default: every core, here "
                 f"{usable_cores()}); with 1 every run prints the same moves."))
    elif threads == ONE_EACH:
        options.append(click.option(
            "--threads", type=WholeNumber(1, MAX_THREADS), metavar="N",
            help="Threads each deal's long search runs on (default 1). Keep --jobs times --threads within "
                 f"the cores (here {usable_cores()}): past them searches wait on each other, and a time "
                 "limit counts the wait."))

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def with_limits(*args: Any, time_limit: float | None, max_nodes: int | None, memory: int | None,
                        **kwargs: Any) -> Any:
            given = kwargs.pop("threads") if threads else None
            cores = given or (usable_cores() if threads == EVERY_CORE else 1)
            return command(*args, limits=Limits(time_limit, max_nodes, memory, cores), **kwargs)

        for option in reversed(options):
            with_limits = option(with_limits)
        return with_limits

    return decorate

MAX_JOBS = 1024  # worker processes of one batch: more than any machine's cores, fewer than exhaust it


def rule_options(command: Callable) -> Callable:
    """The rule options of every command that plays or solves (None where not given).

    Each option's parameter name is a field of ``presets.RuleOptions``; the command
    takes them as ``**rule_flags`` and passes them to ``options_from_flags``.
    """
    options = [
        click.option("--rules", "preset", type=click.Choice(sorted(PRESETS), case_sensitive=False),
                     help="Rule preset (default: app, or pysolfc for pysol: deals); options below override it."),
        click.option("--draw", type=click.Choice(["1", "3"]), callback=lambda _ctx, _param, value: value and int(value),
                     help="Cards turned per draw (default: the code's, else 3)."),
        click.option("--worry-back/--no-worry-back", default=None,
                     help="Allow moving foundation cards back to the tableau (default on)."),
        click.option("--moves", type=click.Choice(list(MOVES), case_sensitive=False),
                     help="Column moves onto a column: any tail run (any, default), the top card or the whole"
                          " column (whole, PySolFC), or only the whole column (pile, Hoyle)."),
        click.option("--passes", type=WholeNumber(1, MAX_PASSES),
                     help="Passes through the stock (default unlimited)."),
        click.option("--spaces", type=click.Choice(list(SPACES), case_sensitive=False),
                     help="Once the reserve is empty, an empty column takes any card or run (any, default),"
                          " only the waste top card (waste, Hoyle), or the waste top card before any other"
                          " card moves onto a column (waste-first, Solvitaire's auto-reserve-then-waste)."),
        click.option("--tableau-order", type=click.Choice(list(TABLEAU_ORDERS), case_sensitive=False),
                     help="Building down wraps all the way round, a K on an A (cyclic, default), or ranks count"
                          " from the base rank and the last card of a foundation goes on no card (base, Solvitaire)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def color_option(command: Callable) -> Callable:
    """``--color``: red suits in colour on the board."""
    return click.option("--color", type=click.Choice(COLOR_CHOICES, case_sensitive=False), default="auto",
                        show_default=True,
                        help="Red suits in red: auto (on a terminal, unless NO_COLOR is set), always, never.")(command)


def board_options(command: Callable) -> Callable:
    """``--board``, ``--board-every N`` and ``--color`` of the commands that print a move list."""
    command = color_option(command)
    command = click.option("--board-every", type=WholeNumber(1), metavar="N",
                           help="Draw the board after every N-th line only (implies --board).")(command)
    return click.option("--board", is_flag=True, help="Draw the board at the start and after every line.")(command)


def file_options(command: Callable) -> Callable:
    """``--html FILE`` and ``--force``, for the commands that write a page of the moves."""
    command = click.option("--force", is_flag=True, help="Replace the files named by --html (or --position).")(command)
    return click.option("--html", "html_file", metavar="FILE",
                        help="Also write a page to step through the moves in a browser (one self-contained file).")(command)


def options_from_flags(rule_flags: dict[str, object]) -> RuleOptions:
    """The one ``RuleOptions`` of a command's rule flags (choice values in lower case)."""
    values: dict[str, Any] = {name: value.lower() if isinstance(value, str) else value
                              for name, value in rule_flags.items()}
    return RuleOptions(**values)  # click's choices admit only the values each field's type names


def deal_options(command: Callable) -> Callable:
    """How a command over many deals chooses them: ``--start``/``--count``, ``--random``/``--seed`` or ``--file``."""
    options = [
        click.option("--start", metavar="CODE",
                     help="First code of a range of consecutive deal numbers (with --count)."),
        click.option("--count", type=WholeNumber(1, MAX_DEALS),
                     help="How many deals from --start (at most 1000000)."),
        click.option("--random", "random_count", metavar="N", type=WholeNumber(1, MAX_DEALS),
                     help="N random deals (at most 1000000)."),
        click.option("--seed", type=WholeNumber(0, MAX_SEED), help="Make --random reproducible."),
        click.option("--file", "deal_list", metavar="FILE",
                     help="Codes or deal-file paths, one per line (blank lines and # comments are skipped)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def results_options(command: Callable) -> Callable:
    """Where a command over many deals keeps its results: ``--jobs``, ``--out`` and ``--resume``."""
    options = [
        click.option("--jobs", "-j", type=WholeNumber(1, MAX_JOBS), help="Worker processes (default: all cores)."),
        click.option("--out", metavar="FILE", help="Results file (.csv or .jsonl), written as each deal finishes."),
        click.option("--resume", is_flag=True, help="Skip the deals already in --out (an interrupted run goes on)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def ascii_option(command: Callable) -> Callable:
    """``--ascii``: suits written C D H S, as they are anyway where stdout cannot show ♣♦♥♠ (``streams``)."""
    return click.option("--ascii", "ascii_", is_flag=True,
                        callback=lambda _ctx, _param, given: given or not shows_suits(sys.stdout),
                        help="Write suits as C D H S (the default where the output cannot show the suit symbols).")(command)


def method_option(command: Callable) -> Callable:
    """``--method``: how the honest player's moves are ranked (docs/hint.md)."""
    from canfield_solver.core.play_methods import DEFAULT_METHOD, METHODS

    return click.option("--method", type=click.Choice(list(METHODS), case_sensitive=False), default=DEFAULT_METHOD,
                        show_default=True, callback=lambda _ctx, _param, value: value.lower(),
                        help="plan: the line up to the next card shown that wins the most samples together; "
                             "hindsight: the move whose position after it wins the most samples, each solved "
                             "on its own (an upper bound).")(command)
