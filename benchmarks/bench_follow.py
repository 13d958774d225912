"""Responsiveness of ``follow``: how long a player waits for the advice, at the start of a game and later.

Run by hand (not a test)::

    python benchmarks/bench_follow.py                 # draw-3 app deals 0-19, follow's defaults
    python benchmarks/bench_follow.py --count 5 --turns 30 --jobs 1

For each deal, a practice session with ``follow``'s defaults (40 samples, method plan, 200,000 states a solve,
every core) is timed in three ways: the first advice a hint chooses, worked out in this process
(the kernels already loaded; the draws of the free first pass through the stock, which need no
hint, played before it), the advice of each later turn up to ``--turns`` (the advice played each turn),
and the whole command, ``canfield-solver follow CODE --practice --json``, from its start to its
first JSON line (Python, numba's cached kernels and the first hint). Prints each deal's figures,
then the medians and the largest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import PLAYER_SAMPLES
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.formats.session_file import SessionSetup
from canfield_solver.runs.jobs import worker_limits
from canfield_solver.solving.follow import END, MOVE, FollowSession
from canfield_solver.solving.honest_player import game_seed, shown_cards, view

COMMAND = [sys.executable, "-c", "from canfield_solver.cli import main; main()"]


def first_line_seconds(code: str, folder: str) -> float:
    """Wall seconds from starting the command to its first JSON line."""
    began = time.perf_counter()
    process = subprocess.Popen([*COMMAND, "follow", code, "--practice", "--json", "--session",
                                os.path.join(folder, f"{code}.jsonl"), "--force"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None and process.stdin is not None
    process.stdout.readline()
    seconds = time.perf_counter() - began
    process.stdin.close()
    process.wait()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="deals: numbers 0 .. count-1 (default 20)")
    parser.add_argument("--turns", type=int, default=20, help="turns timed after the first (default 20)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="hint workers (default: all cores)")
    args = parser.parse_args()
    rules, limits = Rules(draw=3), worker_limits(Limits(max_nodes=200_000), args.jobs)
    firsts, laters, commands = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(-1, args.count):  # -1: a warm-up, not counted (kernels loaded, workers forked once)
            code = format_code(max(number, 0), 3)
            deal = position_from_number(max(number, 0))
            setup = SessionSetup(code, view(deal, shown_cards(deal)), deal, rules, False, PLAYER_SAMPLES, game_seed(code), limits)
            session = FollowSession(setup, jobs=args.jobs)
            began = time.perf_counter()
            question = session.question()
            while question.asks == MOVE and not question.advice.choices:  # the free pass through the stock
                session.play(question.advice.move)
                began = time.perf_counter()
                question = session.question()
            first = time.perf_counter() - began
            later = []
            while question.asks == MOVE and len(later) < args.turns:
                session.play(question.advice.move)
                began = time.perf_counter()
                question = session.question()
                if question.asks != END:
                    later.append(time.perf_counter() - began)
            command = first_line_seconds(code, folder)
            if number < 0:
                continue
            firsts.append(first)
            laters += later
            commands.append(command)
            print(f"{code}: first advice {first:5.2f} s, later turns median {statistics.median(later or [0]):5.2f} s "
                  f"(largest {max(later or [0]):5.2f} s), command to its first line {command:5.2f} s", flush=True)
    print(f"{args.count} deals, draw 3, app rules, {PLAYER_SAMPLES} samples, method plan, 200,000 states a solve, {args.jobs} jobs: "
          f"first hint's advice median {statistics.median(firsts):.2f} s (largest {max(firsts):.2f} s); "
          f"later turns median {statistics.median(laters):.2f} s (largest {max(laters):.2f} s, {len(laters)} turns); "
          f"command to its first line median {statistics.median(commands):.2f} s (largest {max(commands):.2f} s)")


if __name__ == "__main__":
    main()
