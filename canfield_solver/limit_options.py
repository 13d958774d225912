"""The search limits every solving command takes, declared once: ``--time-limit``, ``--max-nodes``
and ``--memory`` (and ``--threads`` where one search at a time runs), each with its range. A
value outside it is a usage error (one line, exit status 2), so no limit reaches a search as
NaN, infinity or a number the engine cannot hold.
"""

from __future__ import annotations

import functools
import math
import os
from typing import Callable

import click

from .errors import quote, shorten
from .limits import Limits

MAX_NODES = 2**62
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
    value = float(number) * _SIZE_UNITS[unit]  # ValueError for text that is no number
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

    def convert(self, value, param, ctx) -> int:
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

    def convert(self, value, param, ctx) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = math.nan
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{shorten(value)} is not a number of seconds above 0", param, ctx)
        return seconds


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
        click.option("--max-nodes", type=click.IntRange(1, MAX_NODES), metavar="N", default=max_nodes,
                     show_default=max_nodes is not None,
                     help=f"States searched{each}: a search that reaches it ends 'unknown'; "
                          "unlike time, the same on any machine and load."),
        click.option("--memory", type=Size(), metavar="SIZE",
                     help=f"Transposition table size{each}, from 64K to this machine's RAM, "
                          f"e.g. 512M or 2G (default {memory_default})."),
    ]
    if threads == EVERY_CORE:
        options.append(click.option(
            "--threads", type=click.IntRange(1, MAX_THREADS), metavar="N",
            help="Threads a long search runs on (default: every core, here "
                 f"{usable_cores()}); with 1 every run prints the same moves."))
    elif threads == ONE_EACH:
        options.append(click.option(
            "--threads", type=click.IntRange(1, MAX_THREADS), metavar="N",
            help="Threads each deal's long search runs on (default 1). Keep --jobs times --threads within "
                 f"the cores (here {usable_cores()}): past them searches wait on each other, and a time "
                 "limit counts the wait."))

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def with_limits(*args, time_limit: float | None, max_nodes: int | None, memory: int | None, **kwargs):
            given = kwargs.pop("threads") if threads else None
            cores = given or (usable_cores() if threads == EVERY_CORE else 1)
            return command(*args, limits=Limits(time_limit, max_nodes, memory, cores), **kwargs)

        for option in reversed(options):
            with_limits = option(with_limits)
        return with_limits

    return decorate
