"""One report on a deal: winnable or not under draw 1 and draw 3, each with and without foundation
return (a 2×2 table of verdicts, winning lengths and states searched), and where the deal is lost,
the best score reachable with a move list. Winning lists are the solver's (detours already cut).

The other rule options (moves, passes, a preset) apply to all four cells; giving ``draw`` or
``worry_back`` keeps only the cells with that setting. Every limit applies to each search on its
own. A cell whose search hit a limit is "unknown"; the best score is searched only in cells
proven lost, and is a proven maximum only when that search saw every reachable state.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace

from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions
from canfield_solver.core.referee import Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.formats.deal_argument import Setup, load_game, setup_game
from canfield_solver.formats.move_text import format_move
from canfield_solver.formats.step_text import format_steps

from .best_score import BestResult, best_score
from .solver import SolveResult, solve

BEST_SCORE_MEANING = (
    "the most cards on the foundations at one time, 5 points for each card above the base card "
    "(a win: 255); foundation returns, which keep their points in the app, cannot raise it"
)
_LIMIT_WORDS = {LimitHit.TIME: "time limit", LimitHit.NODES: "node limit", LimitHit.MEMORY: "memory limit"}


@dataclass
class Cell:
    """One rule set of the table: the win search (its moves: the winning list, empty unless
    won), and the best-score search when it is lost."""

    setup: Setup
    result: SolveResult
    best: BestResult | None

    @property
    def rules(self) -> Rules:
        return self.setup.rules


@dataclass
class Analysis:
    """The cells in table order (draw 1 before draw 3, foundation return before none), and the
    limits of each search."""

    name: str
    cells: list[Cell]
    limits: Limits


def analyse(
    deal: str,
    options: RuleOptions = RuleOptions(),
    limits: Limits = Limits(),
) -> Analysis:
    """Solve ``deal`` under each cell's rules (``options`` with the cell's draw and foundation
    return), and search the best score where it is lost.

    ``InputError`` for a deal or rule option that cannot be used (before any search starts).
    """
    game = load_game(deal)
    setups = [
        setup_game(game, replace(options, draw=d, worry_back=w))
        for d in ((options.draw,) if options.draw else (1, 3))
        for w in ((options.worry_back,) if options.worry_back is not None else (True, False))
    ]
    cells = []
    for setup in setups:
        result = solve(setup, limits=limits)
        lost = result.verdict == Verdict.UNWINNABLE
        best = best_score(setup.position, setup.rules, limits) if lost else None
        cells.append(Cell(setup, result, best))
    return Analysis(game.name, cells, limits)


def _states(count: int) -> str:
    return f"{count} state{'' if count == 1 else 's'}"


def _return_words(rules: Rules) -> str:
    return "foundation return" if rules.worry_back else "no foundation return"


def _verdict_words(cell: Cell) -> str:
    if cell.result.limit_hit:
        return f"{cell.result.verdict} ({_LIMIT_WORDS[cell.result.limit_hit]})"
    if cell.result.verdict == Verdict.WINNABLE:
        return f"{cell.result.verdict}, {len(cell.result.moves)} moves"
    return cell.result.verdict.value


def _table(analysis: Analysis) -> list[str]:
    """The verdict grid: a row per draw mode, a column per foundation-return setting."""
    columns = list(dict.fromkeys(cell.rules.worry_back for cell in analysis.cells))
    draws = list(dict.fromkeys(cell.rules.draw for cell in analysis.cells))
    grid = {(cell.rules.draw, cell.rules.worry_back): cell for cell in analysis.cells}
    width = 30
    lines = ["        | " + " | ".join(_return_words(Rules(worry_back=w)).ljust(width) for w in columns),
             "--------+-" + "-+-".join("-" * width for _ in columns)]
    for d in draws:
        row = [grid[d, w] for w in columns]
        lines.append(f"draw {d}  | " + " | ".join(_verdict_words(cell).ljust(width) for cell in row))
        lines.append("        | " + " | ".join(f"{_states(cell.result.nodes)}, {cell.result.seconds:.2f} s".ljust(width)
                                               for cell in row))
    return [line.rstrip() for line in lines]


def _best_lines(cell: Cell, ascii: bool) -> list[str]:
    best = cell.best
    where = f"Draw {cell.rules.draw}, {_return_words(cell.rules)}"
    if best is None:
        return [f"{where}: {cell.result.verdict}, so the best score was not searched."]
    proof = "proven maximum" if best.proven or best.limit_hit is None else f"lower bound, not proven ({_LIMIT_WORDS[best.limit_hit]} reached)"
    head = (f"{where}: best score {best.score}, {best.cards} cards on the foundations, {proof} "
            f"({_states(best.nodes)}, {best.seconds:.2f} s)")
    if not best.moves:
        return [head + "; the start already holds them."]
    how = "no shorter list does" if best.shortest else "the shortest found"
    return ([head + f"; {len(best.moves)} moves reach it ({how}):"]
            + format_steps(best.start, best.moves, best.rules, ascii))


def report_text(analysis: Analysis, ascii: bool = False) -> str:
    """The report as printed by ``canfield-solver analyse``."""
    rules = analysis.cells[0].rules
    limits = [f"{analysis.limits.time_limit:g} s" if analysis.limits.time_limit else "",
              f"{analysis.limits.max_nodes} states" if analysis.limits.max_nodes else ""]
    limit_text = ", ".join(text for text in limits if text) or "none"
    shared = " ".join(word for word in rules.label.split() if not word.endswith("worry-back"))  # the cells' own aside
    lines = [f"Analysis of {analysis.name}: {shared}; limits per search: {limit_text}.", ""]
    lines += _table(analysis)
    open_cells = [cell for cell in analysis.cells if cell.result.verdict != Verdict.WINNABLE]
    if open_cells:
        lines += [""] + textwrap.wrap(f"Best score where the deal is lost: {BEST_SCORE_MEANING}.", 100)
        for cell in open_cells:
            lines += [""] + _best_lines(cell, ascii)
    return "\n".join(lines)


def _move_texts(start: Position, moves: list[Move], rules: Rules) -> list[str]:
    texts, position = [], start
    for move in moves:
        texts.append(format_move(move, position, ascii=True))
        position = apply(position, move, rules)
    return texts


def report_json(analysis: Analysis) -> dict:
    """Everything of the report as one JSON object (move lists as replay-able ASCII move texts)."""
    rules = analysis.cells[0].rules
    cells = []
    for cell in analysis.cells:
        result, best = cell.result, cell.best
        cells.append({
            "draw": cell.rules.draw,
            "worry_back": cell.rules.worry_back,
            "verdict": result.verdict,
            "limit_hit": result.limit_hit,
            "length": len(result.moves) if result.verdict == Verdict.WINNABLE else None,
            "nodes": result.nodes,
            "seconds": round(result.seconds, 3),
            "solution": _move_texts(result.start, result.moves, result.rules),
            "best": None if best is None else {
                "cards": best.cards,
                "score": best.score,
                "proven": best.proven,
                "shortest": best.shortest,
                "limit_hit": best.limit_hit,
                "nodes": best.nodes,
                "seconds": round(best.seconds, 3),
                "moves": _move_texts(best.start, best.moves, best.rules),
            },
        })
    return {
        "deal": analysis.name,
        "moves": rules.moves,
        "passes": rules.passes,
        "time_limit": analysis.limits.time_limit,
        "max_nodes": analysis.limits.max_nodes,
        "best_score_meaning": BEST_SCORE_MEANING,
        "cells": cells,
    }
