"""Two honest players on the same deals: their win rates and McNemar's exact test.

Run by hand (not a test), on two results files of ``play`` (or one file holding both methods)::

    python benchmarks/compare_play.py app-d3-hindsight.csv app-d3-plan.csv
    python benchmarks/compare_play.py games.csv --methods hindsight plan

Each player is the rows of one method (with two files: every row of each); only the deals both
played count. McNemar's exact test looks at the deals exactly one of them won: under the
hypothesis that both players are equally strong, each such deal is the first's with chance 1/2,
so the two-sided p-value is twice the binomial tail of the smaller count (at most 1).
"""

from __future__ import annotations

import argparse
import math

from canfield_solver.runs.play_results import PLAY, PLAY_BEFORE_METHODS
from canfield_solver.runs.results import kind_of, read_results
from canfield_solver.runs.tasks import deal_key
from canfield_solver.solving.intervals import wilson_interval


def mcnemar_exact(first_only: int, second_only: int) -> float:
    """The two-sided exact p-value of McNemar's test for the discordant counts."""
    n, k = first_only + second_only, min(first_only, second_only)
    if n == 0:
        return 1.0
    tail = math.fsum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="one or two results files of play")
    parser.add_argument("--methods", nargs=2, metavar=("FIRST", "SECOND"), help="the two methods of one file")
    args = parser.parse_args()
    rows = [read_results(path, kind_of(path, (PLAY, PLAY_BEFORE_METHODS))).rows for path in args.files]
    if len(rows) == 1:
        if not args.methods:
            parser.error("one file: name its two methods with --methods")
        players = [{deal_key(row): row for row in rows[0] if row.method == method} for method in args.methods]
        names = list(args.methods)
    else:
        players = [{deal_key(row): row for row in each} for each in rows[:2]]
        names = [f"{path} ({', '.join(sorted({row.method for row in each}))})" for path, each in zip(args.files, rows, strict=False)]
    common = sorted(set(players[0]) & set(players[1]))
    if not common:
        parser.error("no deal was played by both")
    won = [[players[i][key].won for key in common] for i in (0, 1)]
    for name, wins in zip(names, won, strict=True):
        low, high = wilson_interval(sum(wins), len(common))
        print(f"{name}: won {sum(wins)} of {len(common)} ({sum(wins) / len(common):.1%}, 95% {low:.1%}-{high:.1%})")
    both = sum(a and b for a, b in zip(*won, strict=True))
    first_only = sum(a and not b for a, b in zip(*won, strict=True))
    second_only = sum(b and not a for a, b in zip(*won, strict=True))
    print(f"both won {both}; only the first {first_only}, only the second {second_only}; "
          f"McNemar's exact test: p = {mcnemar_exact(first_only, second_only):.2g}")


if __name__ == "__main__":
    main()
