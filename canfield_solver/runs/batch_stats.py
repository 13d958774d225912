"""Win rates from results files: counts, Wilson 95% intervals and time statistics.

The win rate is that of the decided deals. Unknown verdicts (limits hit) are
neither wins nor losses, so a second interval covers them both ways: its lower
end counts every unknown as lost, its upper end every unknown as won::

    >>> from canfield_solver.runs.results import Row
    >>> rows = [Row(f"CF1-D3-AAAAAA{letter}", 3, "app", verdict, None, 1, 0.5)
    ...         for letter, verdict in zip("ABCD", ["winnable", "winnable", "unwinnable", "unknown"])]
    >>> [(summary.won, summary.lost, summary.unknown) for summary in summarize(rows)]
    [(2, 1, 1)]
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from canfield_solver.core.errors import quote, shown_path
from canfield_solver.core.verdict import Verdict
from canfield_solver.solving.intervals import wilson_interval

from .results import BATCH, LINE_SHOWN, ResultsKind, Row, describe_malformed, read_results


def nearest_rank(sorted_values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile by the nearest-rank method (a value that occurs)."""
    return sorted_values[max(0, math.ceil(fraction * len(sorted_values)) - 1)]


@dataclass
class Summary:
    """The results of one draw mode and rule set."""

    draw: int
    rules: str
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, row: Row) -> None:
        if row.verdict == Verdict.WINNABLE:
            self.won += 1
        elif row.verdict == Verdict.UNWINNABLE:
            self.lost += 1
        else:
            self.unknown += 1
        self.seconds.append(row.seconds)

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def win_rate(self) -> float | None:
        """Wins among decided deals; None when no deal was decided."""
        decided = self.won + self.lost
        return self.won / decided if decided else None

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win rate of the decided deals."""
        return wilson_interval(self.won, self.won + self.lost)

    @property
    def interval_with_unknowns(self) -> tuple[float, float]:
        """Lower end: unknowns counted as lost; upper end: unknowns counted as won (Wilson 95% each)."""
        return (wilson_interval(self.won, self.deals)[0], wilson_interval(self.won + self.unknown, self.deals)[1])

    def time_stats(self) -> dict[str, float]:
        """Seconds per deal: median, p90, max, and the total."""
        values = sorted(self.seconds)
        return {
            "median": statistics.median(values),
            "p90": nearest_rank(values, 0.9),
            "max": values[-1],
            "total": math.fsum(values),
        }


def unique_rows(rows: Iterable[Row], warn: Callable[[str], None]) -> list[Row]:
    """One row per deal: a decided verdict wins over "unknown"; two different decided verdicts are reported."""
    best: dict[tuple[str, int, str], Row] = {}
    repeats = 0
    for row in rows:
        seen = best.get(row.key)
        if seen is None:
            best[row.key] = row
            continue
        repeats += 1
        if seen.verdict == Verdict.UNKNOWN:
            best[row.key] = row
        elif row.verdict not in (Verdict.UNKNOWN, seen.verdict):
            warn(f"{row.code} (draw {row.draw}, {row.rules}) is both {seen.verdict} and {row.verdict}; "
                 f"counting it as {seen.verdict}")
    if repeats:
        warn(f"{repeats} repeated row(s) of a deal already counted were left out")
    return list(best.values())


def summarize(rows: Iterable[Row]) -> list[Summary]:
    """One summary per (draw, rules) in the order they first appear."""
    summaries: dict[tuple[int, str], Summary] = {}
    for row in rows:
        key = (row.draw, row.rules)
        if key not in summaries:
            summaries[key] = Summary(row.draw, row.rules)
        summaries[key].add(row)
    return list(summaries.values())


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def format_summary(summary: Summary) -> str:
    """The summary as a few lines of text."""
    low, high = summary.interval
    wide_low, wide_high = summary.interval_with_unknowns
    rate = summary.win_rate
    times = summary.time_stats()
    decided = summary.won + summary.lost
    return "\n".join([
        f"draw {summary.draw}, {summary.rules}: {summary.deals} deal{'' if summary.deals == 1 else 's'}",
        f"  won {summary.won}, lost {summary.lost}, unknown {summary.unknown}",
        f"  win rate {_percent(rate)} of {decided} decided deals, 95% interval {_percent(low)} to {_percent(high)}"
        if rate is not None else "  win rate: no deal decided",
        f"  with the {summary.unknown} unknown counted as lost / as won: {_percent(wide_low)} to {_percent(wide_high)}",
        f"  seconds per deal: median {times['median']:.3f}, p90 {times['p90']:.3f}, max {times['max']:.3f}, "
        f"total {times['total']:.1f}",
    ])


def summary_json(summary: Summary) -> dict:
    """The summary as one JSON object: the counts, the win rate of the decided deals (None when
    none was decided), both intervals and the seconds per deal, as ``format_summary`` shows them."""
    low, high = summary.interval
    wide_low, wide_high = summary.interval_with_unknowns
    return {
        "draw": summary.draw, "rules": summary.rules, "deals": summary.deals, "won": summary.won,
        "lost": summary.lost, "unknown": summary.unknown, "decided": summary.won + summary.lost,
        "win_rate": summary.win_rate,
        "interval": {"low": low, "high": high},
        "interval_with_unknowns": {"low": wide_low, "high": wide_high},
        "seconds": summary.time_stats(),
    }


def report(rows: Iterable[Row], warn: Callable[[str], None]) -> str:
    """The text ``stats`` and ``batch`` print: one summary per draw mode and rule set."""
    summaries = summarize(unique_rows(rows, warn))
    if not summaries:
        return "no results"
    return "\n".join(format_summary(summary) for summary in summaries)


def file_rows(path: str, warn: Callable[[str], None], kind: ResultsKind = BATCH) -> list:
    """The rows of a results file of ``kind``; a torn last line and malformed lines are reported through ``warn``."""
    read = read_results(path, kind)
    if read.torn:
        warn(f"{shown_path(path)}: ignored an incomplete last line (an interrupted {kind.command} was writing it): "
             f"{quote(read.torn, LINE_SHOWN)}")
    if read.malformed:
        warn(describe_malformed(path, read.malformed) + "; they are not counted")
    return read.rows


def file_report(path: str, warn: Callable[[str], None], as_json: bool = False) -> str:
    """``report`` of a results file, or with ``as_json`` a JSON list of ``summary_json`` objects.

    A results file without rows (a batch has only begun it) is no error: "no results" says so.
    """
    rows = file_rows(path, warn)
    if as_json:
        return json.dumps([summary_json(summary) for summary in summarize(unique_rows(rows, warn))])
    return report(rows, warn) if rows else f"no results: {shown_path(path)} holds no rows yet"
