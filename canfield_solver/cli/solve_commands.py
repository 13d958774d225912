"""The commands that search one deal or position: ``solve``, ``analyse``, ``hint``."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from typing import Any

import click

from canfield_solver.core.errors import shown_path
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import apply
from canfield_solver.formats.codes import MAX_DEALS
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.move_text import format_move

from .board import Style, use_color
from .options import (
    EVERY_CORE,
    MAX_JOBS,
    MAX_SEED,
    WholeNumber,
    ascii_option,
    board_options,
    file_options,
    limit_options,
    method_option,
    options_from_flags,
    rule_options,
)
from .output_file import refuse_existing
from .printing import echo_lines_with_boards, searching, write_page


@click.command()
@click.argument("deal")
@rule_options
@limit_options(time_limit=60.0, scope="per search")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as one JSON object.")
@ascii_option
def analyse(deal: str, limits: Limits, as_json: bool, ascii_: bool, **rule_flags: Any) -> None:
    """Winnable or not under draw 1 and 3, with and without foundation return, and the best score where lost.

    --moves, --passes and --rules apply to every cell; --draw or --worry-back/--no-worry-back keep
    only the cells with that setting.
    """
    from canfield_solver.solving.analyse import analyse as run_analysis
    from canfield_solver.solving.analyse import report_json, report_text

    from .first_solve import first_analysis
    from .progress_line import limit_hint

    options = options_from_flags(rule_flags)
    with searching(limit_hint(limits.time_limit) + " per search"):
        analysis = first_analysis(deal, options, limits) or run_analysis(deal, options, limits)
    click.echo(json.dumps(report_json(analysis), ensure_ascii=False) if as_json else report_text(analysis, ascii_))


@click.command()
@click.argument("deal")
@rule_options
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: verdict, draw, rules, moves, nodes, seconds, limit_hit.")
@limit_options(threads=EVERY_CORE)
@click.option("--shortest", is_flag=True,
              help="Keep searching for shorter wins within the limits (default --time-limit 60 here); "
                   "says whether the one printed is proven shortest.")
@ascii_option
@click.option("--full", is_flag=True, help="One single move a line, every draw on its own line.")
@board_options
@file_options
def solve(deal: str, as_json: bool, limits: Limits, ascii_: bool, full: bool, board: bool, board_every: int | None,
          color: str, html_file: str | None, force: bool, shortest: bool = False, **rule_flags: Any) -> None:
    """Decide DEAL: winnable (with a winning move list), unwinnable, or unknown (a limit was hit).

    The output is a '#' verdict line then the numbered steps: the draws before a play joined to it
    (--full: one move a line), which 'replay' reads as they are. Move counts are single moves.
    Exit status 0 for every verdict, unknown included; 2 for bad input.
    """
    from canfield_solver.core.referee import positions_after
    from canfield_solver.formats.move_text import format_move_list
    from canfield_solver.formats.step_text import format_steps, group_steps
    from canfield_solver.solving.for_people import solve_for_people as run_solver
    from canfield_solver.solving.shortest import ShortestResult
    from canfield_solver.solving.solver import SolveResult

    from .progress_line import limit_hint

    setup = setup_game(deal, options_from_flags(rule_flags))
    if html_file:
        refuse_existing(html_file, force)
    result: SolveResult | ShortestResult
    summary: dict | None = None  # what --shortest adds
    if shortest:
        from canfield_solver.solving.shortest import DEFAULT_TIME_LIMIT, shortest_summary
        from canfield_solver.solving.shortest import shortest as run_shortest

        if limits.time_limit is None and limits.max_nodes is None:
            limits = replace(limits, time_limit=DEFAULT_TIME_LIMIT)
        with searching(limit_hint(limits.time_limit)):
            result = run_shortest(setup.position, setup.rules, limits)
        summary = shortest_summary(result)
    else:
        from .first_solve import first_solve

        with searching(limit_hint(limits.time_limit)):
            result = (first_solve(setup.position, setup.rules, limits)
                      or run_solver(setup.position, setup.rules, limits))
    if html_file and result.moves:
        write_page(html_file, setup.game.name, result.start, result.moves, result.rules, force)
    elif html_file:
        click.echo(f"no page written to {shown_path(html_file)}: there is no winning move list to step through", err=True)
    if as_json:
        texts, position = [], result.start
        for move in result.moves:
            texts.append(format_move(move, position, ascii_))
            position = apply(position, move, result.rules)
        click.echo(json.dumps({
            "verdict": result.verdict, "draw": result.rules.draw, "rules": result.rules.label, "moves": texts,
            "nodes": result.nodes, "seconds": round(result.seconds, 3), "limit_hit": result.limit_hit,
            **({"shortest": summary} if summary is not None else {}),
        }, ensure_ascii=False))
        return
    found = f"{len(result.moves)} moves, " if result.moves else ""
    limit = f" ({result.limit_hit} limit reached)" if result.limit_hit else ""
    click.echo(f"# {result.verdict}{limit}: {setup.game.name}, draw {result.rules.draw}, {result.rules.label}; "
               f"{found}{result.nodes} states searched in {result.seconds:.2f} s")
    if summary is not None and result.moves:
        click.echo(f"# shortest found: {summary['length']} moves, "
                   + ("proven shortest" if summary["proven"] else "not proven shortest")
                   + f" (first win found: {summary['first_length']} moves; {summary['rounds']} rounds)")
    if full:
        lines = format_move_list(result.start, result.moves, result.rules, ascii_)
        ends = list(range(1, len(result.moves) + 1))
    else:
        lines = format_steps(result.start, result.moves, result.rules, ascii_)
        ends = [step.stop for step in group_steps(result.moves)]
    style = Style(ascii_, use_color(color.lower(), sys.stdout)) if board or board_every else None
    boards: list[Position] = []
    if style:  # the positions are replayed once more only when boards are drawn
        positions = positions_after(result.start, result.moves, result.rules)
        boards = [positions[0]] + [positions[end] for end in ends]
    echo_lines_with_boards(lines, boards, result.rules.draw, style, board_every or 1)


@click.command()
@click.argument("position", metavar="POSITION")
@rule_options
@click.option("--samples", type=WholeNumber(1, MAX_DEALS), default=100, show_default=True,
              help="Completions of the hidden cards to solve; the same ones serve every move.")
@click.option("--seed", type=WholeNumber(0, MAX_SEED),
              help="Repeat the samples of an earlier hint (default: a new seed, printed).")
@method_option
@limit_options(max_nodes=200_000, scope="per solve",
               memory_default="1G a worker, less if the RAM is short")
@click.option("--jobs", "-j", type=WholeNumber(1, MAX_JOBS), help="Worker processes (default: all cores).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: samples, seed, winnable and choices (best first).")
@ascii_option
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def hint(position: str, samples: int, seed: int | None, method: str, limits: Limits, jobs: int | None,
         as_json: bool, ascii_: bool, quiet: bool, **rule_flags: Any) -> None:
    """Rank every legal move of POSITION (hidden cards as '??' allowed) by how often it keeps the win.

    Under --method plan (the default) a move is ranked by its plan: the best line beginning with
    it that plays the same moves in every sample of the hidden cards up to the next card shown.
    Each move's hindsight figure (each sample solved on its own, as if every card were known) is
    shown too, as the upper bound it is; see docs/hint.md.
    """

    from tqdm import tqdm

    from canfield_solver.runs.jobs import worker_limits
    from canfield_solver.solving.hint import hint as run_hint
    from canfield_solver.solving.hint import progress_steps, report_json, report_text

    setup = setup_game(position, options_from_flags(rule_flags), hidden_ok=True)
    jobs = jobs or os.cpu_count() or 1
    total = progress_steps(setup.position, samples, method)
    with tqdm(total=total, unit="sample", file=sys.stderr, disable=quiet, delay=1.0, dynamic_ncols=True) as bar:
        result = run_hint(setup.position, setup.rules, samples=samples, seed=seed, limits=worker_limits(limits, jobs),
                          jobs=jobs, progress=lambda: bar.update(1), method=method)
    if as_json:
        click.echo(json.dumps(report_json(result, setup.position, setup.rules, ascii_), ensure_ascii=False))
        return
    limit_text = (", ".join([f"at most {limits.max_nodes} states"]
                            + ([f"{limits.time_limit:g} s"] if limits.time_limit else [])) + " a solve")
    heading = f"hint: {setup.game.name}, draw {setup.rules.draw}, {setup.rules.label}"
    for line in report_text(result, setup.position, setup.rules, heading, limit_text, ascii_):
        click.echo(line)
