"""The commands over many deals: ``batch``, ``play``, and ``stats`` of their results files."""

from __future__ import annotations

from typing import Any

import click

from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import PLAYER_SAMPLES
from canfield_solver.formats.codes import MAX_DEALS

from .options import (
    MAX_NODES,
    ONE_EACH,
    WholeNumber,
    deal_options,
    limit_options,
    method_option,
    options_from_flags,
    results_options,
    rule_options,
)


@click.command()
@deal_options
@rule_options
@limit_options(scope="per deal", memory_default="1G, less if the RAM is short", threads=ONE_EACH)
@results_options
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on a Dask cluster: tcp://HOST:PORT, or 'local' to start a LocalCluster of --jobs workers.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes, only the summary.")
def batch(start: str | None, count: int | None, random_count: int | None, seed: int | None, deal_list: str | None,
          limits: Limits, jobs: int | None, out: str | None, resume: bool, scheduler: str | None, quiet: bool,
          **rule_flags: Any) -> None:
    """Solve many deals on all cores and print their win rate; --out keeps every result."""
    from canfield_solver.runs.batch import batch_solver, run_batch
    from canfield_solver.runs.batch_stats import report
    from canfield_solver.runs.results import BATCH, check_results_file
    from canfield_solver.runs.tasks import select_tasks

    if resume and not out:
        raise click.UsageError("--resume needs --out FILE, the results file to continue")
    if out:
        check_results_file(out, resume, BATCH)  # before choosing what may be a million deals
    options = options_from_flags(rule_flags)
    tasks = select_tasks(options, start, count, random_count, seed, deal_list)
    solve_tasks = batch_solver(options, limits, jobs, scheduler)
    rows = run_batch(tasks, solve_tasks, out, resume, quiet)
    click.echo(report(rows, lambda text: click.echo(f"warning: {text}", err=True)))


@click.command()
@click.argument("results_file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list, one object per draw mode and rule set: counts, rate, both intervals "
                   "(for a file of 'play': docs/play.md).")
def stats(results_file: str, as_json: bool) -> None:
    """Win rate (Wilson 95% interval), counts and times of a results file of 'batch' or 'play'."""
    from canfield_solver.runs import batch_stats, play_stats
    from canfield_solver.runs.play_results import PLAY, PLAY_BEFORE_METHODS
    from canfield_solver.runs.results import BATCH, kind_of

    def warn(text: str) -> None:
        click.echo(f"warning: {text}", err=True)

    kind = kind_of(results_file, (BATCH, PLAY, PLAY_BEFORE_METHODS))
    if kind is BATCH:
        click.echo(batch_stats.file_report(results_file, warn, as_json))
    else:
        click.echo(play_stats.file_report(results_file, warn, as_json, kind))


@click.command()
@deal_options
@rule_options
@click.option("--samples", type=WholeNumber(1, MAX_DEALS), default=PLAYER_SAMPLES, show_default=True,
              help="Completions of the hidden cards each hint solves.")
@method_option
@limit_options(max_nodes=200_000, scope="per solve", memory_default="1G a worker, less if the RAM is short")
@click.option("--verdict-max-nodes", type=WholeNumber(1, MAX_NODES), metavar="N", default=5_000_000,
              show_default=True, help="States of the full-information solve of each deal, for comparison.")
@results_options
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes, only the summary.")
def play(start: str | None, count: int | None, random_count: int | None, seed: int | None, deal_list: str | None,
         samples: int, method: str, limits: Limits, verdict_max_nodes: int, jobs: int | None, out: str | None,
         resume: bool, quiet: bool, **rule_flags: Any) -> None:
    """Play many deals as an honest player who sees only what the game shows; --out keeps every game.

    Each game is recorded with the full-information verdict of the same deal; 'stats' on the
    results file adds the casino's view (docs/play.md).
    """
    from canfield_solver.runs.batch import run_batch
    from canfield_solver.runs.play_jobs import play_tasks
    from canfield_solver.runs.play_results import PLAY
    from canfield_solver.runs.play_stats import report
    from canfield_solver.runs.results import check_results_file
    from canfield_solver.runs.tasks import select_tasks

    if resume and not out:
        raise click.UsageError("--resume needs --out FILE, the results file to continue")
    if out:
        check_results_file(out, resume, PLAY)
    options = options_from_flags(rule_flags)
    tasks = select_tasks(options, start, count, random_count, seed, deal_list)
    run = play_tasks(options, limits, samples, verdict_max_nodes, jobs, method)
    rows = run_batch(tasks, run, out, resume, quiet, kind=PLAY, mine=lambda row: row.method == method)
    click.echo(report(rows, lambda text: click.echo(f"warning: {text}", err=True)))
