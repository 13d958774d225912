"""The easier game's tests (docs/dominances.md, section 9): what they spend on hard lost deals.

Run by hand (not a test), on an otherwise idle machine::

    python benchmarks/bench_easier.py                 # the deals below, Solvitaire's rules
    python benchmarks/bench_easier.py CF1-D3-XBNHQOG --memory 64M
    python benchmarks/bench_easier.py CF1-D3-MIODVSF --no-tests    # the same search without them

Each deal is solved once on one thread (every run searches the same states), after the kernels
are compiled; it prints the verdict, the states the search entered, the tests it made, how many
proved a state lost, the states the tests searched, and the seconds of the solve, then the totals.
"""

from __future__ import annotations

import argparse
import time

from canfield_solver.cli.options import parse_size
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import PRESETS
from canfield_solver.engine import driver
from canfield_solver.engine.lost import easier_game as easier
from canfield_solver.solving.solver import solve

# Lost deals of the 10,000 random ones at 10 s (CHANGELOG.md, on the tests' tables): some
# the tests prove lost in a fraction of their states, some where they prove many states lost
# without cutting much, and one (CF1-D3-OXLVTMK) where no state a talon play enters is lost.
DEALS = ("CF1-D3-XBNHQOG", "CF1-D3-ADZFZUT", "CF1-D3-BVNJNNE", "CF1-D3-NBZJTGP", "CF1-D3-MIODVSF",
         "CF1-D3-LCTHCDF", "CF1-D3-IMARRBH", "CF1-D3-MHXJCGD", "CF1-D3-OXLVTMK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", default=DEALS, help="deal codes (default: the deals above)")
    parser.add_argument("--memory", type=parse_size, default="1G", help="the search's memory, as for solve --memory (default 1G)")
    parser.add_argument("--no-tests", action="store_true", help="search without the tests, to compare")
    args = parser.parse_args()
    if args.no_tests:
        driver.EasierTests = lambda z, memory: None
    made: list[easier.EasierTests] = []
    make = easier.EasierTests.__init__

    def kept(self: easier.EasierTests, *given: object) -> None:
        make(self, *given)
        made.append(self)

    easier.EasierTests.__init__ = kept  # type: ignore[method-assign]
    rules = PRESETS["solvitaire"].rules
    limits = Limits(threads=1, memory=args.memory)
    solve("CF1-D3-AAAAAAA", rules, limits=Limits(threads=1, max_nodes=1000))  # compile before timing
    totals = [0] * 5
    print(f"{'deal':16} {'verdict':11} {'states':>11} {'tests':>10} {'lost':>9} {'test states':>12} {'seconds':>8}")
    for code in args.codes:
        made.clear()
        began = time.perf_counter()
        result = solve(code, rules, limits=limits)
        seconds = time.perf_counter() - began
        row = [result.nodes] + [sum(int(tests.tally[cell]) for tests in made)
                                for cell in (easier.TESTS, easier.LOST, easier.SPENT)] + [seconds]
        totals = [total + value for total, value in zip(totals, row, strict=True)]
        print(f"{code:16} {result.verdict.value:11} {row[0]:>11,} {row[1]:>10,} {row[2]:>9,} {row[3]:>12,} {seconds:>8.2f}")
    print(f"{'total':28} {totals[0]:>11,} {totals[1]:>10,} {totals[2]:>9,} {totals[3]:>12,} {totals[4]:>8.2f}")


if __name__ == "__main__":
    main()
