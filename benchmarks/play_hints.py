"""The honest player's hints over games played as ``play`` plays them: where a game is decided.

Run by hand (not a test)::

    python benchmarks/play_hints.py CF1-D3-AAAAACR CF1-D3-AAAAAGW --rules hoyle
    python benchmarks/play_hints.py --file lost.txt --rules hoyle --quiet
    python benchmarks/play_hints.py --file lost.txt --rules hoyle --quiet --real

Each deal is played with the seed ``play`` gives it (made of its code) and the same samples and
limit, so the games are those of ``canfield-solver play`` with the same options. For every move a
hint chose, a line gives the cards still hidden, the legal moves, the samples the best plan keeps
(the plan method) and the best hindsight figure, so a reader sees at which card shown a game was
lost and whether the player had a choice there; a lost game's line names the cards still hidden
at the last hint whose best plan kept some sample. The summary counts, over the hints where some
sample was still won, how many legal moves they had and how often the best plan kept fewer samples
than the best hindsight figure (strategy fusion within reach of the first card shown).

``--real`` also solves the real deal, every card known, where each hint was asked and where the
game ended, from the first on until one is lost (``--real-max-nodes`` states a solve): the deal
was lost by the line chosen at the hint before, and a lost game's line gives that hint's figures,
which are the chances the player saw. A position once lost stays lost, so the hints after it are
not solved.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from canfield_solver.core.errors import InputError
from canfield_solver.core.hidden import hidden_count
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, METHODS, PLAYER_SAMPLES
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.referee import apply
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.formats.deal_argument import load_game, setup_game
from canfield_solver.solving.hint import DEFAULT_MAX_NODES
from canfield_solver.solving.honest_player import Advice, game_seed, play
from canfield_solver.solving.verdict_only import VerdictSolver

Hint = tuple[int, int, int, int]  # (cards hidden, legal moves, the best plan's wins, the best hindsight wins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", help="game codes to play")
    parser.add_argument("--file", type=Path, help="a file of game codes, one a line")
    parser.add_argument("--rules", default="app", help="a preset, as --rules of the commands (default app)")
    parser.add_argument("--samples", type=int, default=PLAYER_SAMPLES, help=f"samples per hint (default {PLAYER_SAMPLES})")
    parser.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD)
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, help="states per sample solve")
    parser.add_argument("--quiet", action="store_true", help="the games' ends and the summary only")
    parser.add_argument("--real", action="store_true", help="where a game was lost: the real deal solved at each hint")
    parser.add_argument("--real-max-nodes", type=int, default=5_000_000, help="states per solve of the real deal")
    args = parser.parse_args()
    try:
        codes = args.codes + (args.file.read_text().split() if args.file else [])
        setups = [setup_game(load_game(code), RuleOptions(args.rules)) for code in codes]  # every code before any game
    except (OSError, InputError) as error:
        print(f"play_hints.py: {error}", file=sys.stderr)
        sys.exit(2)
    live: list[Hint] = []
    losing: list[Hint] = []  # under --real, the hint whose line lost a deal winnable before it
    for code, setup in zip(codes, setups, strict=True):
        hints: list[Hint] = []
        real = [setup.position]  # the real deal as the game goes
        at_hints: list[Position] = []  # the real deal where each hint was asked

        def advised(seen: Position, advice: Advice, hints: list = hints, real: list = real,
                    at_hints: list = at_hints, rules: Rules = setup.rules) -> None:
            if advice.choices:
                best = advice.choices[0]
                plan_wins = best.plan.tally.wins if best.plan else 0
                hints.append((hidden_count(seen), len(advice.choices), plan_wins,
                              max(choice.tally.wins for choice in advice.choices)))
                at_hints.append(real[0])
            real[0] = apply(real[0], advice.move, rules)

        game = play(setup.position, setup.rules, samples=args.samples, seed=game_seed(code),
                    limits=Limits(max_nodes=args.max_nodes), method=args.method, advised=advised)
        kept = [hidden for hidden, _, plan_wins, _ in hints if plan_wins > 0]
        last = f", the last plan keeping a sample with {kept[-1]} cards hidden" if kept and not game.won else ""
        # The game's end too: the line of the last hint may have lost it.
        verdicts = _real_verdicts([*at_hints, real[0]], setup.rules, args.real_max_nodes) if args.real and not game.won else []
        print(f"{code}: {game.end}, {game.cards} cards up, {len(hints)} hints{last}{_where_lost(verdicts, hints)}",
              flush=True)
        lost_by = _losing_hint(verdicts, hints)
        if lost_by is not None:
            losing.append(lost_by)
        if not args.quiet:
            for index, (hidden, moves, plan_wins, hindsight) in enumerate(hints):
                verdict = f"  real deal {verdicts[index].value}" if index < len(verdicts) else ""
                print(f"  hidden {hidden:2}  legal moves {moves}  best plan {plan_wins:3}  best hindsight {hindsight:3}"
                      f"{verdict}")
        live += [hint for hint in hints if hint[3] > 0]
    legal = Counter(hint[1] for hint in live)
    fused = sum(hint[2] < hint[3] for hint in live)
    print(f"hints with some sample won: {len(live)}; legal moves there: "
          + ", ".join(f"{count} with {moves}" for moves, count in sorted(legal.items()))
          + f"; best plan below the best hindsight figure in {fused}")
    if args.real:
        kept_by_losers = sorted(plan_wins for _, _, plan_wins, _ in losing)
        print(f"deals lost by a line chosen while winnable: {len(losing)}; the samples its plan kept: "
              + ", ".join(map(str, kept_by_losers)) + f" (of {args.samples}); the best hindsight figure above the plan's "
              f"in {sum(hint[2] < hint[3] for hint in losing)}")


def _real_verdicts(positions: list[Position], rules: Rules, max_nodes: int) -> list[Verdict]:
    """The verdicts of ``positions`` (one game's, in order) with every card known, up to the first
    that is not a win: once lost, a game stays lost."""
    solver = VerdictSolver(rules, Limits(max_nodes=max_nodes))
    verdicts: list[Verdict] = []
    for position in positions:
        (outcome,) = solver.verdicts([position])
        verdicts.append(outcome.verdict)
        if outcome.verdict != Verdict.WINNABLE:
            break
    return verdicts


def _losing_hint(verdicts: list[Verdict], hints: list[Hint]) -> Hint | None:
    """The hint whose line lost a deal still winnable there, by ``verdicts`` (``_real_verdicts``)."""
    if len(verdicts) < 2 or verdicts[-1] != Verdict.UNWINNABLE:
        return None
    return hints[len(verdicts) - 2]


def _where_lost(verdicts: list[Verdict], hints: list[Hint]) -> str:
    """Where ``verdicts`` (``_real_verdicts``) say the game was lost, as the end of its line."""
    if not verdicts or verdicts[-1] == Verdict.WINNABLE:
        return ""
    if verdicts[-1] == Verdict.UNKNOWN:
        where = "the game's end" if len(verdicts) > len(hints) else f"hint {len(verdicts)}"
        return f"; the real deal undecided at {where}"
    lost_by = _losing_hint(verdicts, hints)
    if lost_by is None:
        return "; the real deal lost at the first hint"
    hidden, legal, plan_wins, hindsight = lost_by
    return (f"; the real deal lost by the line chosen at hint {len(verdicts) - 1} ({hidden} cards hidden, {legal} legal "
            f"moves, its plan keeping {plan_wins} samples, the best hindsight figure {hindsight})")


if __name__ == "__main__":
    main()
