"""Side by side with Solvitaire: the same deals under Solvitaire's rules, one solver after the other.

Run by hand (not a test), on an otherwise idle machine, with ``SOLVITAIRE`` naming a Solvitaire
binary (this script builds nothing; ``../shared/solvitaire/build.sh DEST`` builds one into
``DEST/build/bin/solvitaire``)::

    SOLVITAIRE=/work/solvitaire-build/build/bin/solvitaire python benchmarks/vs_solvitaire.py
    ... vs_solvitaire.py --count 30 --cap 10 --rules-sets d1            # a quick look first
    ... vs_solvitaire.py --start 100 --count 5 --rules-sets d1,d1wb --verbose

The deals are deal numbers ``--start`` .. (their CF1 codes under the rule set's draw mode),
written as Solvitaire's JSON deal (its piles bottom to top, like our deal files) and solved under
its ``canfield`` rules with "deal count" 1 or 3 and "removable" foundations for worry back: our
``--rules solvitaire`` with ``--draw`` and ``--worry-back/--no-worry-back``. Rule sets: ``d3``,
``d3wb``, ``d1``, ``d1wb`` (``wb``: foundation returns allowed), and ``d3pile``, ``d1pile``: its
"move built group" "whole-pile", our ``--moves pile`` (the whole column only).

Times compared are each solver's own: our ``SolveResult.seconds`` (the search alone, in this
process, kernels compiled beforehand; ``--threads``, default every core, as ``solve``) and
Solvitaire's "Time Taken", which leaves out its start-up. Both are wall time, which other work on
the machine inflates; so the CPU seconds are given too (ours: every thread of this process,
the replay included; Solvitaire's: its process, start-up included), and the ratio of both. Our
median is also given with the replay of the move list through the referee (the whole ``solve``
call). States: our states entered, its "States Searched". Per rule set it prints totals, medians,
unknowns, states, the ratios of our totals to its totals, and every deal where both decided and
the verdicts differ (there should be none).

``--record FILE`` keeps Solvitaire's outcomes (one JSON line per rule set, deal and cap) and takes
them from there when the same run comes again, so that a new version of ours is measured against
the same Solvitaire runs; ``--only-solvitaire`` fills the file without running ours.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from canfield_solver.cli.options import usable_cores
from canfield_solver.core.cards import card_name
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.solving.solver import solve

RULE_SETS = {"d3": (3, False, "any"), "d3wb": (3, True, "any"), "d1": (1, False, "any"), "d1wb": (1, True, "any"),
             "d3pile": (3, False, "pile"), "d1pile": (1, False, "pile")}
# Its "move built group" for our --moves: its canfield preset's, and "whole-pile" for --moves pile.
MOVE_BUILT_GROUP = {"any": "partial-if-card-above-buildable", "pile": "whole-pile"}
HOW_TO_GET_ONE = ("SOLVITAIRE is not set: build Solvitaire with `bash ../shared/solvitaire/build.sh DEST` "
                  "(outside this repository) and run again with SOLVITAIRE=DEST/build/bin/solvitaire")
_VERDICTS = {"solved": "winnable", "unsolvable": "unwinnable"}  # anything else is "unknown"


@dataclass
class Outcome:
    verdict: str
    states: int
    seconds: float
    with_replay: float  # ours: the whole solve call; Solvitaire: its Time Taken again
    cpu: float  # ours: this process, every thread; Solvitaire: its process


def solvitaire_deal(position: Position) -> dict:
    """Solvitaire's JSON deal of a starting position: every pile bottom to top, ASCII card names."""

    def names(cards) -> list[str]:
        return [card_name(card, ascii=True) for card in cards]

    return {"foundations": names([position.base]), "tableau piles": [names(column) for column in position.tableau],
            "reserve": names(position.reserve), "stock": names(position.stock)}


def solvitaire_rules(draw: int, worry_back: bool, moves: str = "any") -> dict:
    """Its ``canfield`` preset with the draw mode, foundation returns and column moves of a rule set."""
    foundations = {"initial cards": "one", "base card": "random"}
    if worry_back:
        foundations["removable"] = True
    return {"tableau piles": {"count": 4, "build policy": "red-black",
                              "move built group": MOVE_BUILT_GROUP[moves],
                              "spaces policy": "auto-reserve-then-any"},
            "foundations": foundations,
            "stock": {"size": 34, "deal count": draw, "redeal": True},
            "reserve": {"size": 13, "stacked": True}}


def _field(output: str, name: str) -> str:
    found = re.search(rf"^{re.escape(name)}: (\S+)", output, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"Solvitaire printed no {name!r}:\n{output[-2000:]}")
    return found.group(1)


def run_solvitaire(binary: str, rules_file: str, position: Position, cap: float, folder: str) -> Outcome:
    deal_file = os.path.join(folder, "deal.json")
    with open(deal_file, "w") as handle:
        json.dump(solvitaire_deal(position), handle)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    completed = subprocess.run(
        [binary, "--custom-rules", rules_file, "--timeout", str(int(cap * 1000)), "--cache-capacity", "20000000",
         deal_file], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    output = completed.stdout
    seconds = int(_field(output, "Time Taken (milliseconds)")) / 1000
    return Outcome(_VERDICTS.get(_field(output, "Solution Type"), "unknown"), int(_field(output, "States Searched")),
                   seconds, seconds, cpu)


class Record:
    """Solvitaire's outcomes kept in a JSON-lines file (``--record``), keyed by rule set, deal and cap."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.known: dict[tuple[str, int, float], Outcome] = {}
        if path and os.path.exists(path):
            with open(path) as handle:
                for line in handle:
                    entry = json.loads(line)
                    self.known[entry["rules"], entry["deal"], entry["cap"]] = Outcome(**entry["outcome"])

    def outcome(self, key: tuple[str, int, float], run) -> Outcome:
        if key not in self.known:
            self.known[key] = run()
            if self.path:
                with open(self.path, "a") as handle:
                    entry = {"rules": key[0], "deal": key[1], "cap": key[2], "outcome": vars(self.known[key])}
                    handle.write(json.dumps(entry) + "\n")
        return self.known[key]


def run_ours(position: Position, draw: int, worry_back: bool, moves: str, cap: float, threads: int) -> Outcome:
    rules = resolve_rules(RuleOptions("solvitaire", draw=draw, worry_back=worry_back, moves=moves))
    wall, cpu = time.perf_counter(), time.process_time()
    result = solve(position, rules, limits=Limits(time_limit=cap, threads=threads))
    return Outcome(result.verdict, result.nodes, result.seconds, time.perf_counter() - wall, time.process_time() - cpu)


def summary(name: str, outcomes: list[Outcome], ours: bool) -> str:
    seconds = [o.seconds for o in outcomes]
    counts = {v: sum(o.verdict == v for o in outcomes) for v in ("winnable", "unwinnable", "unknown")}
    extra = f" (with the replay {statistics.median(o.with_replay for o in outcomes) * 1000:.1f} ms)" if ours else ""
    return (f"  {name:12} total {sum(seconds):9.2f} s (CPU {sum(o.cpu for o in outcomes):.2f} s), "
            f"median {statistics.median(seconds) * 1000:8.1f} ms{extra}, "
            f"max {max(seconds):7.2f} s; {counts['winnable']} won, {counts['unwinnable']} lost, "
            f"{counts['unknown']} unknown; {sum(o.states for o in outcomes):,} states")


def compare(binary: str, key: str, numbers: range, cap: float, threads: int | None, record: Record,
            verbose: bool) -> None:
    """Both solvers (``threads`` None: Solvitaire alone, into ``record``) on ``numbers`` under rule set ``key``."""
    draw, worry_back, moves = RULE_SETS[key]
    ours, theirs, disagreements = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        rules_file = os.path.join(folder, "rules.json")
        with open(rules_file, "w") as handle:
            json.dump(solvitaire_rules(draw, worry_back, moves), handle)
        for number in numbers:
            position = position_from_number(number)
            them = record.outcome((key, number, cap), functools.partial(run_solvitaire, binary, rules_file, position, cap, folder))
            theirs.append(them)
            if threads is None:
                if verbose:
                    print(f"  {format_code(number, draw)} Solvitaire {them.verdict:10} {them.states:>11,} states "
                          f"{them.seconds:8.3f} s", flush=True)
                continue
            us = run_ours(position, draw, worry_back, moves, cap, threads)
            ours.append(us)
            code = format_code(number, draw)
            if "unknown" not in (us.verdict, them.verdict) and us.verdict != them.verdict:
                disagreements.append(f"{code}: ours {us.verdict}, Solvitaire {them.verdict}")
            if verbose:
                print(f"  {code} ours {us.verdict:10} {us.states:>11,} states {us.seconds:8.3f} s | "
                      f"Solvitaire {them.verdict:10} {them.states:>11,} states {them.seconds:8.3f} s", flush=True)
    label = f"draw {draw}, {'foundation return' if worry_back else 'no foundation return'}" + (
        ", whole piles" if moves == "pile" else "")
    if threads is None:
        print(f"{label} ({key}): deals {numbers.start}..{numbers.stop - 1}, cap {cap:g} s, Solvitaire alone")
        print(summary("Solvitaire", theirs, False), flush=True)
        return
    ratio = sum(o.seconds for o in ours) / max(sum(o.seconds for o in theirs), 1e-3)
    cpu_ratio = sum(o.cpu for o in ours) / max(sum(o.cpu for o in theirs), 1e-3)
    print(f"{label} ({key}): deals {numbers.start}..{numbers.stop - 1}, cap {cap:g} s; ratio {ratio:.2f} "
          f"(CPU {cpu_ratio:.2f})")
    print(summary("ours", ours, True))
    print(summary("Solvitaire", theirs, False))
    print("  verdicts disagree on: " + ("; ".join(disagreements) if disagreements else "no deal"), flush=True)


def _fail(message: str) -> None:
    print(message, file=sys.stderr)
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0, help="first deal number (default 0)")
    parser.add_argument("--count", type=int, default=300, help="how many deals (default 300)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per deal and solver (default 60)")
    parser.add_argument("--rules-sets", default="d3,d3wb,d1,d1wb",
                        help="comma-separated, of d3, d3wb, d1, d1wb, d3pile, d1pile (default the first four)")
    parser.add_argument("--threads", type=int, default=usable_cores(),
                        help="our solver's threads, as solve --threads (default every core)")
    parser.add_argument("--record", metavar="FILE", help="keep Solvitaire's outcomes in FILE and reuse them")
    parser.add_argument("--only-solvitaire", action="store_true", help="run Solvitaire alone (to fill --record)")
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    binary = os.environ.get("SOLVITAIRE")
    if not binary:
        _fail(HOW_TO_GET_ONE)
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        _fail(f"SOLVITAIRE={binary} is not an executable file")
    keys = [key.strip() for key in args.rules_sets.split(",")]
    unknown = [key for key in keys if key not in RULE_SETS]
    if unknown:
        _fail(f"unknown rule set {unknown[0]!r}: choose from {', '.join(RULE_SETS)}")
    solve(position_from_number(2), resolve_rules(RuleOptions("solvitaire")))  # compile before timing
    print(f"our times: the search alone, on {args.threads} thread(s); Solvitaire's: its Time Taken")
    record = Record(args.record)
    threads = None if args.only_solvitaire else args.threads
    for key in keys:
        compare(binary, key, range(args.start, args.start + args.count), args.cap, threads, record, args.verbose)


if __name__ == "__main__":
    main()
