"""Honest-player benchmark: games of draw-3 app deals played by ``honest_player.play``, one after another.

Run by hand (not a test)::

    python benchmarks/bench_play.py                          # deals 0-19, K = 40, method plan
    python benchmarks/bench_play.py --count 50 --samples 10 --method hindsight --worry-back off

Prints each game's end, cards on the foundations, moves and CPU seconds, then the games an hour
of one core (CPU time: the machine is shared) and the win rate with its Wilson interval. Seed 1
for every game's hints.
"""

from __future__ import annotations

import argparse
import time

from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, METHODS, PLAYER_SAMPLES
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import format_code, position_from_number
from canfield_solver.solving.honest_player import play
from canfield_solver.solving.intervals import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="deals: numbers 0 .. count-1 (default 20)")
    parser.add_argument("--samples", type=int, default=PLAYER_SAMPLES, help=f"K, samples per hint (default {PLAYER_SAMPLES})")
    parser.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--worry-back", choices=("on", "off"), default="on")
    args = parser.parse_args()
    rules = Rules(draw=3, worry_back=args.worry_back == "on")
    won, cpu_total, wall_total = 0, 0.0, 0.0
    for number in range(args.count):
        began, cpu = time.perf_counter(), time.process_time()
        game = play(position_from_number(number), rules, samples=args.samples, seed=1,
                    limits=Limits(max_nodes=args.max_nodes), method=args.method)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - began
        cpu_total += cpu
        wall_total += wall
        won += game.won
        print(f"{format_code(number, 3)}: {game.end:5} {game.cards:2} cards (best {game.best_cards:2}), "
              f"{len(game.moves):4} moves, {cpu:6.2f} s CPU, {wall:6.2f} s wall", flush=True)
    low, high = wilson_interval(won, args.count)
    print(f"draw 3, {rules.label}, method {args.method}, K = {args.samples}: won {won} of {args.count} ({won / args.count:.1%}, "
          f"95% {low:.1%}-{high:.1%}); {cpu_total:.1f} s CPU, {wall_total:.1f} s wall in all: "
          f"{3600 * args.count / cpu_total:.0f} games an hour of one core's CPU")


if __name__ == "__main__":
    main()
