"""What a results file of ``play`` says: the honest player's win rate beside the full-information
rate of the same deals, the cards it played, how its games ended, and the casino's view.

The casino's view is Mr. Canfield's bargain (Hoyle): a deck is bought for $50 and every card on
the foundations at the end pays $5 back, the base card included, or $500 when all 52 are there.
The mean net per game (payout minus $50) is given with a normal-approximation 95% interval of the
mean (mean ± 1.96 standard errors, the sample standard deviation with n - 1), which needs a few
dozen games to be fair::

    >>> payout(0), payout(1), payout(51), payout(52)
    (0, 5, 255, 500)
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Iterable

from canfield_solver.core.errors import shown_path
from canfield_solver.core.verdict import Verdict
from canfield_solver.solving.intervals import Z95, wilson_interval

from .batch_stats import file_rows, nearest_rank
from .play_results import ENDS, PLAY, PlayRow
from .results import ResultsKind

DECK_PRICE = 50
CARD_PAYS = 5
ALL_CARDS_PAYS = 500


def payout(cards: int) -> int:
    """Dollars paid back for ``cards`` cards on the foundations at the end of a game."""
    return ALL_CARDS_PAYS if cards == 52 else CARD_PAYS * cards


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation interval (the mean itself for one value)."""
    mean = math.fsum(values) / len(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def unique_games(rows: Iterable[PlayRow], warn: Callable[[str], None]) -> list[PlayRow]:
    """The first row of each deal; later rows of a deal already counted are left out, and said so."""
    first: dict[tuple[str, int, str, str], PlayRow] = {}
    repeats = 0
    for row in rows:
        if row.key in first:
            repeats += 1
        else:
            first[row.key] = row
    if repeats:
        warn(f"{repeats} repeated row(s) of a deal already counted were left out")
    return list(first.values())


def summary(rows: list[PlayRow]) -> dict:
    """The figures of the games of one draw mode, rule set and method (``rows``, not empty)."""
    deals = len(rows)
    won = sum(row.won for row in rows)
    full = {verdict: sum(row.verdict == verdict for row in rows) for verdict in Verdict}
    decided = full[Verdict.WINNABLE] + full[Verdict.UNWINNABLE]
    low, high = wilson_interval(won, deals)
    full_low, full_high = wilson_interval(full[Verdict.WINNABLE], decided)
    net, net_low, net_high = mean_interval([payout(row.cards) - DECK_PRICE for row in rows])
    seconds = sorted(row.seconds for row in rows)
    return {
        "kind": "play", "draw": rows[0].draw, "rules": rows[0].rules, "method": rows[0].method, "deals": deals,
        "samples": sorted({row.samples for row in rows}),
        "won": won, "win_rate": won / deals, "interval": {"low": low, "high": high},
        "full_information": {**full, "decided": decided, "win_rate": full[Verdict.WINNABLE] / decided if decided else None,
                             "interval": {"low": full_low, "high": full_high}},
        "won_of_winnable": sum(row.won for row in rows if row.verdict == Verdict.WINNABLE),
        "cards": {"mean": math.fsum(row.cards for row in rows) / deals,
                  "mean_best": math.fsum(row.best_cards for row in rows) / deals},
        "ends": {end: sum(row.end == end for row in rows) for end in ENDS},
        "solves": sum(row.solves for row in rows), "solves_unknown": sum(row.unknown for row in rows),
        "net_dollars": {"mean": net, "interval": {"low": net_low, "high": net_high},
                        "interval_kind": "normal approximation, 95%, of the mean"},
        "seconds": {"median": statistics.median(seconds), "p90": nearest_rank(seconds, 0.9), "max": seconds[-1],
                    "total": math.fsum(seconds)},
    }


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _dollars(value: float) -> str:
    return f"-${-value:.2f}" if value < 0 else f"${value:.2f}"


def format_summary(figures: dict) -> str:
    """A summary as a few lines of text."""
    deals, full = figures["deals"], figures["full_information"]
    interval, full_interval, net = figures["interval"], full["interval"], figures["net_dollars"]
    samples = ", ".join(str(count) for count in figures["samples"])
    full_rate = (f"{_percent(full['win_rate'])} of {full['decided']} decided, 95% interval "
                 f"{_percent(full_interval['low'])} to {_percent(full_interval['high'])}"
                 if full["win_rate"] is not None else "no deal decided")
    times = figures["seconds"]
    return "\n".join([
        f"draw {figures['draw']}, {figures['rules']}: {deals} game{'' if deals == 1 else 's'} of the honest player "
        f"(method {figures['method']}, {samples} samples a hint)",
        f"  honest player: won {figures['won']}, win rate {_percent(figures['win_rate'])}, "
        f"95% interval {_percent(interval['low'])} to {_percent(interval['high'])}",
        f"  full information (same deals): winnable {full['winnable']}, unwinnable {full['unwinnable']}, "
        f"unknown {full['unknown']}; {full_rate}",
        f"  won {figures['won_of_winnable']} of the {full['winnable']} deals winnable with full information",
        f"  cards on the foundations: mean {figures['cards']['mean']:.2f} at the end, "
        f"{figures['cards']['mean_best']:.2f} at best (of 52)",
        "  games ended: " + ", ".join(f"{end} {count}" for end, count in figures["ends"].items()),
        f"  positions solved to choose moves: {figures['solves']}, of which {figures['solves_unknown']} hit a limit "
        "(counted as not won)",
        f"  casino ($50 a deck, $5 a card on the foundations, $500 for all 52): player's mean net "
        f"{_dollars(net['mean'])} a game, 95% interval {_dollars(net['interval']['low'])} to "
        f"{_dollars(net['interval']['high'])} (normal approximation of the mean)",
        f"  seconds per game: median {times['median']:.3f}, p90 {times['p90']:.3f}, max {times['max']:.3f}, "
        f"total {times['total']:.1f}",
    ])


def summaries(rows: Iterable[PlayRow], warn: Callable[[str], None]) -> list[dict]:
    """One summary per (draw, rules, method), in the order they first appear."""
    groups: dict[tuple[int, str, str], list[PlayRow]] = {}
    for row in unique_games(rows, warn):
        groups.setdefault((row.draw, row.rules, row.method), []).append(row)
    return [summary(group) for group in groups.values()]


def report(rows: Iterable[PlayRow], warn: Callable[[str], None]) -> str:
    """The text ``play`` and ``stats`` print."""
    figures = summaries(rows, warn)
    return "\n".join(format_summary(group) for group in figures) if figures else "no results"


def file_report(path: str, warn: Callable[[str], None], as_json: bool = False,
                kind: ResultsKind = PLAY) -> str:
    """``report`` of a results file of ``play`` (``kind``: of today's columns, or of a file written
    before ``--method``), or with ``as_json`` a JSON list of the summaries."""
    rows = file_rows(path, warn, kind)
    if as_json:
        return json.dumps(summaries(rows, warn))
    return report(rows, warn) if rows else f"no results: {shown_path(path)} holds no rows yet"
