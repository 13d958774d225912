"""Length of the winning move lists ``solve`` prints, on random deals, under 8 rule sets.

Run by hand (not a test)::

    python benchmarks/bench_lengths.py --count 1000 --seed 11 --max-nodes 2000000
    python benchmarks/bench_lengths.py --count 50 --draws 3 --worry-back on --moves whole --verbose

The deals are ``--count`` random game codes (``--seed``), the same deals under every rule set:
draw 3 and 1 x foundation return on and off x ``--moves any`` and ``whole``. Each is solved
the way ``canfield-solver solve`` does by default (``for_people.solve_for_people``) with a per-deal
limit of ``--max-nodes`` states. For each rule set it prints the verdict counts and, over the
won deals, the median, 90th percentile and longest list in single moves (every draw and recycle
counted), the longest over the median, and the lists longer than twice the median or 1,000 moves.
"""

from __future__ import annotations

import argparse
import statistics
import time

from canfield_solver.core.limits import Limits
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code, random_codes
from canfield_solver.solving.for_people import solve_for_people


def percentile(values: list[int], fraction: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_set(rules: Rules, codes: list[str], max_nodes: int, verbose: bool) -> str:
    lengths: list[int] = []
    verdicts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    longest = ""
    began = time.process_time()
    for code in codes:
        result = solve_for_people(position_from_code(code), rules, Limits(max_nodes=max_nodes))
        verdicts[result.verdict] += 1
        if result.moves:
            lengths.append(len(result.moves))
            if len(result.moves) == max(lengths):
                longest = code.replace("-D3-", f"-D{rules.draw}-")
        if verbose:
            print(f"  {code.replace('-D3-', f'-D{rules.draw}-')} {result.verdict:10} {len(result.moves):5} moves {result.nodes:>9} nodes", flush=True)
    cpu = time.process_time() - began
    label = f"draw {rules.draw}, {'worry-back' if rules.worry_back else 'no-worry-back'}, moves {rules.moves}"
    counts = f"{verdicts['winnable']} / {verdicts['unwinnable']} / {verdicts['unknown']}"
    if not lengths:
        return f"| {label} | {counts} | - | - | - | - | - | {cpu:.0f} |"
    median = statistics.median(lengths)
    over = sum(length > 2 * median or length > 1000 for length in lengths)
    return (f"| {label} | {counts} | {median:g} | {percentile(lengths, 0.9)} | {max(lengths)} ({longest}) | "
            f"{max(lengths) / median:.2f} | {over} | {cpu:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="random deals (default 1000)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the random codes (default 11)")
    parser.add_argument("--max-nodes", type=int, default=2_000_000, help="states per solve (default 2,000,000)")
    parser.add_argument("--draws", default="3,1", help="draw modes, e.g. 3 or 3,1 (default 3,1)")
    parser.add_argument("--worry-back", choices=("on", "off", "both"), default="both")
    parser.add_argument("--moves", choices=("any", "whole", "both"), default="both")
    parser.add_argument("--skip", type=int, default=0,
                        help="leave out the first SKIP of the --count deals (to split a run over processes)")
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    codes = random_codes(args.count, 3, args.seed)[args.skip:]  # the cards do not depend on the draw in the code
    print("| rules | won / lost / unknown | median | p90 | longest (deal) | longest / median "
          "| over 2x median or 1000 | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    backs = {"on": (True,), "off": (False,), "both": (True, False)}[args.worry_back]
    moves = ("any", "whole") if args.moves == "both" else (args.moves,)
    for draw in (int(d) for d in args.draws.split(",")):
        for back in backs:
            for move_rule in moves:
                print(run_set(Rules(draw=draw, worry_back=back, moves=move_rule), codes, args.max_nodes,
                              args.verbose), flush=True)


if __name__ == "__main__":
    main()
