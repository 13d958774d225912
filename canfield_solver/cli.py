"""The ``canfield-solver`` command: thin click commands over the library.

Bad input of any kind ends in one line on stderr and exit status 2, never a
traceback (``main`` turns ``InputError`` and click's usage errors into that).
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from dataclasses import replace
from typing import Callable, Iterator

import click

from . import __version__
from .board import COLOR_CHOICES, Style, render_board, use_color
from .codes import MAX_DEALS, iter_random_codes
from .deal import Position, position_to_dict
from .errors import InputError
from .limit_options import EVERY_CORE, MAX_NODES, ONE_EACH, limit_options
from .limits import Limits
from .notation import describe_position, format_move
from .outfile import refuse_existing, write_new_file
from .presets import PRESETS, RuleOptions
from .rules import MAX_PASSES, SPACES, TABLEAU_ORDERS, Move, Rules, apply
from .source import setup_game

PROG = "canfield-solver"
MAX_JOBS = 1024  # worker processes of one batch: more than any machine's cores, fewer than exhaust it


def rule_options(command: Callable) -> Callable:
    """The rule options of every command that plays or solves (None where not given).

    Each option's parameter name is a field of ``presets.RuleOptions``; the command
    takes them as ``**rule_flags`` and passes them to ``options_from_flags``.
    """
    options = [
        click.option("--rules", "preset", type=click.Choice(sorted(PRESETS), case_sensitive=False),
                     help="Rule preset (default: app, or pysolfc for pysol: deals); options below override it."),
        click.option("--draw", type=click.Choice(["1", "3"]), callback=lambda _ctx, _param, value: value and int(value),
                     help="Cards turned per draw (default: the code's, else 3)."),
        click.option("--worry-back/--no-worry-back", default=None,
                     help="Allow moving foundation cards back to the tableau (default on)."),
        click.option("--moves", type=click.Choice(["any", "whole"], case_sensitive=False),
                     help="Column moves: any tail run (default), or only the top card or the whole column."),
        click.option("--passes", type=click.IntRange(1, MAX_PASSES),
                     help="Passes through the stock (default unlimited)."),
        click.option("--spaces", type=click.Choice(list(SPACES), case_sensitive=False),
                     help="Once the reserve is empty, an empty column takes any card or run (any, default),"
                          " only the waste top card (waste, Hoyle), or the waste top card before any other"
                          " card moves onto a column (waste-first, Solvitaire's auto-reserve-then-waste)."),
        click.option("--tableau-order", type=click.Choice(list(TABLEAU_ORDERS), case_sensitive=False),
                     help="Building down wraps all the way round, a K on an A (cyclic, default), or ranks count"
                          " from the base rank and the last card of a foundation goes on no card (base, Solvitaire)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def color_option(command: Callable) -> Callable:
    """``--color``: red suits in colour on the board."""
    return click.option("--color", type=click.Choice(COLOR_CHOICES, case_sensitive=False), default="auto",
                        show_default=True,
                        help="Red suits in red: auto (on a terminal, unless NO_COLOR is set), always, never.")(command)


def board_options(command: Callable) -> Callable:
    """``--board``, ``--board-every N`` and ``--color`` of the commands that print a move list."""
    command = color_option(command)
    command = click.option("--board-every", type=click.IntRange(min=1), metavar="N",
                           help="Draw the board after every N-th line only (implies --board).")(command)
    return click.option("--board", is_flag=True, help="Draw the board at the start and after every line.")(command)


def file_options(command: Callable) -> Callable:
    """``--html FILE`` and ``--force``, for the commands that write a page of the moves."""
    command = click.option("--force", is_flag=True, help="Replace the files named by --html (or --position).")(command)
    return click.option("--html", "html_file", metavar="FILE",
                        help="Also write a page to step through the moves in a browser (one self-contained file).")(command)


def echo_board(position: Position, draw: int, style: Style) -> None:
    """Print the board of ``position`` (red suits only when ``style.color``)."""
    click.echo(render_board(position, draw, style), color=style.color)


def echo_lines_with_boards(lines: list[str], positions: list[Position], draw: int, style: Style | None,
                           every: int) -> None:
    """Print each line; with a ``style``, the board of ``positions[0]`` first and the board of
    ``positions[i]`` after line ``i`` (every ``every``-th line, and the last)."""
    if style:
        echo_board(positions[0], draw, style)
    for number, line in enumerate(lines, start=1):
        click.echo(line)
        if style and (number % every == 0 or number == len(lines)):
            echo_board(positions[number], draw, style)


def write_page(path: str, title: str, start: Position, moves: list[Move], rules: Rules, force: bool) -> None:
    """Write the step-through page of ``moves`` from ``start`` to ``path``."""
    from .page import render_page

    write_new_file(path, render_page(title, start, moves, rules), force)


def options_from_flags(rule_flags: dict[str, object]) -> RuleOptions:
    """The one ``RuleOptions`` of a command's rule flags (choice values in lower case)."""
    return RuleOptions(**{name: value.lower() if isinstance(value, str) else value
                          for name, value in rule_flags.items()})


class QuietPipeGroup(click.Group):
    """A closed output pipe (``canfield-solver ... | head``) ends the command quietly with status 0.

    click itself turns it into exit status 1; this catches it first, and points stdout at the
    null device so that the flush at exit has nowhere to fail.
    """

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return None


@click.group(cls=QuietPipeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name=PROG)
def cli() -> None:
    """Solve and analyse Canfield solitaire deals.

    DEAL arguments take a game code (CF1-D3-AAAAACL), a PySolFC deal
    (pysol:123) or a position file (JSON or position text, see README).
    """


@cli.command()
@click.argument("deal")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="Print the deal as a deal file (JSON).")
@click.option("--position-text", is_flag=True, help="Print the deal as position text (docs/positions.md).")
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
@click.option("--line", is_flag=True, help="Describe the deal in one line instead of drawing the board.")
@color_option
def show(deal: str, as_json: bool, position_text: bool, ascii_: bool, line: bool, color: str, **rule_flags) -> None:
    """Draw the starting position of DEAL as a board (hidden cards, '??', are counted)."""
    from .headline import headline

    options = options_from_flags(rule_flags)
    setup = setup_game(deal, options, hidden_ok=True)
    if as_json:
        click.echo(json.dumps(position_to_dict(setup.position, setup.rules.draw, ascii=True)))
        return
    if position_text:
        from .position_text import format_position_text

        click.echo(format_position_text(setup.position, setup.rules.draw, ascii_), nl=False)
        return
    click.echo(headline(setup, options.preset))
    if line:
        click.echo(describe_position(setup.position, ascii_))
    else:
        echo_board(setup.position, setup.rules.draw, Style(ascii_, use_color(color.lower(), sys.stdout)))


@cli.command("random")
@click.option("--draw", type=click.Choice(["1", "3"]), default="3", show_default=True, help="Draw mode of the codes.")
@click.option("-n", "count", type=click.IntRange(1, MAX_DEALS), default=1, show_default=True,
              help="How many codes (at most 1000000).")
@click.option("--seed", type=int, help="Make the codes reproducible.")
def random_command(draw: str, count: int, seed: int | None) -> None:
    """Print N new random game codes."""
    for code in iter_random_codes(count, int(draw), seed):
        click.echo(code)


@cli.command()
@click.argument("deal")
@click.argument("moves_file", metavar="MOVES", type=click.File("r", encoding="utf-8-sig"))
@rule_options
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
@board_options
@click.option("--upto", type=click.IntRange(min=0), metavar="N", help="Stop after the first N single moves.")
@click.option("--position", "position_file", metavar="FILE",
              help="Write the position where the replay stops as a deal file (solve, show and replay read it).")
@file_options
def replay(deal: str, moves_file, ascii_: bool, board: bool, board_every: int | None, color: str, upto: int | None,
           position_file: str | None, html_file: str | None, force: bool, **rule_flags) -> None:
    """Check the move list MOVES (a file, or - for stdin) on DEAL, printing each state.

    MOVES may be a full list (one move a line) or a compact one (draws joined to the play after
    them); every single move is checked and counted. Exit status 1 at the first illegal move,
    naming it and why.
    """
    from .steps import replay_lines

    setup = setup_game(deal, options_from_flags(rule_flags))
    for path in (position_file, html_file):
        if path:
            refuse_existing(path, force)
    try:
        move_lines = moves_file.read().splitlines()
    except UnicodeDecodeError:
        where = getattr(moves_file, "name", "<stdin>")  # a test runner's stdin has no name
        raise InputError(f"{where}: a move list is UTF-8 text, one move a line") from None
    played = replay_lines(move_lines, setup.position, setup.rules, upto, ascii_)
    if upto is not None and played.illegal is None and len(played.moves) < upto:
        raise InputError(f"--upto {upto}: the move list has only {len(played.moves)} moves")
    style = Style(ascii_, use_color(color.lower(), sys.stdout)) if board or board_every else None
    if style is None:
        click.echo(describe_position(setup.position, ascii_))
    lines = [f"{number}. {text}  score {after.score}"
             for number, (text, after) in enumerate(zip(played.texts, played.positions[1:]), start=1)]
    if style is None:
        for line, after in zip(lines, played.positions[1:]):
            click.echo(line)
            click.echo("   " + describe_position(after, ascii_))
    else:
        echo_lines_with_boards(lines, played.positions, setup.rules.draw, style, board_every or 1)
    if played.illegal:
        click.echo(played.illegal, err=True)
        sys.exit(1)
    position = played.positions[-1]
    click.echo("won" if position.is_won else f"not won: {sum(position.foundations)} of 52 cards on the foundations")
    if position_file:
        data = position_to_dict(position, setup.rules.draw, ascii=True)
        write_new_file(position_file, json.dumps(data) + "\n", force)
    if html_file:
        write_page(html_file, setup.game.name, setup.position, played.moves, setup.rules, force)


def deal_options(command: Callable) -> Callable:
    """How a command over many deals chooses them: ``--start``/``--count``, ``--random``/``--seed`` or ``--file``."""
    options = [
        click.option("--start", metavar="CODE",
                     help="First code of a range of consecutive deal numbers (with --count)."),
        click.option("--count", type=click.IntRange(1, MAX_DEALS),
                     help="How many deals from --start (at most 1000000)."),
        click.option("--random", "random_count", metavar="N", type=click.IntRange(1, MAX_DEALS),
                     help="N random deals (at most 1000000)."),
        click.option("--seed", type=int, help="Make --random reproducible."),
        click.option("--file", "deal_list", metavar="FILE",
                     help="Codes or deal-file paths, one per line (blank lines and # comments are skipped)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def results_options(command: Callable) -> Callable:
    """Where a command over many deals keeps its results: ``--jobs``, ``--out`` and ``--resume``."""
    options = [
        click.option("--jobs", "-j", type=click.IntRange(1, MAX_JOBS), help="Worker processes (default: all cores)."),
        click.option("--out", metavar="FILE", help="Results file (.csv or .jsonl), written as each deal finishes."),
        click.option("--resume", is_flag=True, help="Skip the deals already in --out (an interrupted run goes on)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@cli.command()
@deal_options
@rule_options
@limit_options(scope="per deal", memory_default="1G, less if the RAM is short", threads=ONE_EACH)
@results_options
@click.option("--scheduler", metavar="ADDRESS",
              help="Run on a Dask cluster: tcp://HOST:PORT, or 'local' to start a LocalCluster of --jobs workers.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes, only the summary.")
def batch(start, count, random_count, seed, deal_list, limits, jobs, out, resume, scheduler, quiet,
          **rule_flags) -> None:
    """Solve many deals on all cores and print their win rate; --out keeps every result."""
    from . import batch as batching
    from .results import BATCH, check_results_file
    from .stats import report

    if resume and not out:
        raise click.UsageError("--resume needs --out FILE, the results file to continue")
    if out:
        check_results_file(out, resume, BATCH)  # before choosing what may be a million deals
    options = options_from_flags(rule_flags)
    tasks = batching.select_tasks(options, start, count, random_count, seed, deal_list)
    solve_tasks = batching.batch_solver(options, limits, jobs, scheduler)
    rows = batching.run_batch(tasks, solve_tasks, out, resume, quiet)
    click.echo(report(rows, lambda text: click.echo(f"warning: {text}", err=True)))


@cli.command()
@click.argument("results_file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list, one object per draw mode and rule set: counts, rate, both intervals "
                   "(for a file of 'play': docs/play.md).")
def stats(results_file: str, as_json: bool) -> None:
    """Win rate (Wilson 95% interval), counts and times of a results file of 'batch' or 'play'."""
    from . import play_stats, stats as batch_stats
    from .play_results import PLAY
    from .results import BATCH, kind_of

    module = play_stats if kind_of(results_file, (BATCH, PLAY)) is PLAY else batch_stats
    click.echo(module.file_report(results_file, lambda text: click.echo(f"warning: {text}", err=True), as_json))


@cli.command()
@deal_options
@rule_options
@click.option("--samples", type=click.IntRange(1, MAX_DEALS), default=10, show_default=True,
              help="Completions of the hidden cards each hint solves.")
@limit_options(max_nodes=200_000, scope="per solve", memory_default="1G a worker, less if the RAM is short")
@click.option("--verdict-max-nodes", type=click.IntRange(1, MAX_NODES), metavar="N", default=5_000_000,
              show_default=True, help="States of the full-information solve of each deal, for comparison.")
@results_options
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes, only the summary.")
def play(start, count, random_count, seed, deal_list, samples, limits, verdict_max_nodes, jobs, out, resume, quiet,
         **rule_flags) -> None:
    """Play many deals as an honest player who sees only what the game shows; --out keeps every game.

    Each game is recorded with the full-information verdict of the same deal; 'stats' on the
    results file adds the casino's view (docs/play.md).
    """
    from . import batch as batching
    from .play_batch import play_tasks
    from .play_results import PLAY
    from .play_stats import report
    from .results import check_results_file

    if resume and not out:
        raise click.UsageError("--resume needs --out FILE, the results file to continue")
    if out:
        check_results_file(out, resume, PLAY)
    options = options_from_flags(rule_flags)
    tasks = batching.select_tasks(options, start, count, random_count, seed, deal_list)
    run = play_tasks(options, limits, samples, verdict_max_nodes, jobs)
    rows = batching.run_batch(tasks, run, out, resume, quiet, kind=PLAY)
    click.echo(report(rows, lambda text: click.echo(f"warning: {text}", err=True)))


@cli.command()
@click.argument("deal")
@rule_options
@limit_options(time_limit=60.0, scope="per search")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as one JSON object.")
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
def analyse(deal: str, limits: Limits, as_json: bool, ascii_: bool, **rule_flags) -> None:
    """Winnable or not under draw 1 and 3, with and without foundation return, and the best score where lost.

    --moves, --passes and --rules apply to every cell; --draw or --worry-back/--no-worry-back keep
    only the cells with that setting.
    """
    from .analyse import analyse as run_analysis, report_json, report_text
    from .progress import limit_hint

    with searching(limit_hint(limits.time_limit) + " per search"):
        analysis = run_analysis(deal, options_from_flags(rule_flags), limits)
    click.echo(json.dumps(report_json(analysis), ensure_ascii=False) if as_json else report_text(analysis, ascii_))


@contextmanager
def searching(hint: str) -> Iterator[None]:
    """Around a command's searches: a note on stderr while numba compiles, a progress line on a terminal."""
    from .compiling import compile_note
    from .progress import progress_line

    with compile_note(), progress_line(hint):
        yield


@cli.command()
@click.argument("deal")
@rule_options
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: verdict, draw, rules, moves, nodes, seconds, limit_hit.")
@limit_options(threads=EVERY_CORE)
@click.option("--shortest", is_flag=True,
              help="Keep searching for shorter wins within the limits (default --time-limit 60 here); "
                   "says whether the one printed is proven shortest.")
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
@click.option("--full", is_flag=True, help="One single move a line, every draw on its own line.")
@board_options
@file_options
def solve(deal: str, as_json: bool, limits: Limits, ascii_: bool, full: bool, board: bool, board_every: int | None,
          color: str, html_file: str | None, force: bool, shortest: bool = False, **rule_flags) -> None:
    """Decide DEAL: winnable (with a winning move list), unwinnable, or unknown (a limit was hit).

    The output is a '#' verdict line then the numbered steps: the draws before a play joined to it
    (--full: one move a line), which 'replay' reads as they are. Move counts are single moves.
    Exit status 0 for every verdict, unknown included; 2 for bad input.
    """
    from .notation import format_move_list
    from .progress import limit_hint
    from .solution import solve_for_people as run_solver
    from .steps import format_steps, group_steps, positions_after

    setup = setup_game(deal, options_from_flags(rule_flags))
    if html_file:
        refuse_existing(html_file, force)
    if shortest:
        from .shortest import DEFAULT_TIME_LIMIT, shortest as run_shortest, shortest_summary

        if limits.time_limit is None and limits.max_nodes is None:
            limits = replace(limits, time_limit=DEFAULT_TIME_LIMIT)
        with searching(limit_hint(limits.time_limit)):
            result = run_shortest(setup.position, setup.rules, limits)
    else:
        with searching(limit_hint(limits.time_limit)):
            result = run_solver(setup.position, setup.rules, limits)
    if html_file and result.moves:
        write_page(html_file, setup.game.name, result.start, result.moves, result.rules, force)
    elif html_file:
        click.echo(f"no page written to {html_file}: there is no winning move list to step through", err=True)
    if as_json:
        texts, position = [], result.start
        for move in result.moves:
            texts.append(format_move(move, position, ascii_))
            position = apply(position, move, result.rules)
        click.echo(json.dumps({
            "verdict": result.verdict, "draw": result.rules.draw, "rules": result.rules.label, "moves": texts,
            "nodes": result.nodes, "seconds": round(result.seconds, 3), "limit_hit": result.limit_hit,
            **({"shortest": shortest_summary(result)} if shortest else {}),
        }, ensure_ascii=False))
        return
    found = f"{len(result.moves)} moves, " if result.moves else ""
    limit = f" ({result.limit_hit} limit reached)" if result.limit_hit else ""
    click.echo(f"# {result.verdict}{limit}: {setup.game.name}, draw {result.rules.draw}, {result.rules.label}; "
               f"{found}{result.nodes} states searched in {result.seconds:.2f} s")
    if shortest and result.moves:
        summary = shortest_summary(result)
        click.echo(f"# shortest found: {summary['length']} moves, "
                   + ("proven shortest" if summary["proven"] else "not proven shortest")
                   + f" (first win found: {summary['first_length']} moves; {summary['rounds']} rounds)")
    if full:
        lines = format_move_list(result.start, result.moves, result.rules, ascii_)
        ends = range(1, len(result.moves) + 1)
    else:
        lines = format_steps(result.start, result.moves, result.rules, ascii_)
        ends = [step.stop for step in group_steps(result.moves)]
    style = Style(ascii_, use_color(color.lower(), sys.stdout)) if board or board_every else None
    boards: list[Position] = []
    if style:  # the positions are replayed once more only when boards are drawn
        positions = positions_after(result.start, result.moves, result.rules)
        boards = [positions[0]] + [positions[end] for end in ends]
    echo_lines_with_boards(lines, boards, result.rules.draw, style, board_every or 1)


@cli.command()
@click.argument("position", metavar="POSITION")
@rule_options
@click.option("--samples", type=click.IntRange(1, MAX_DEALS), default=100, show_default=True,
              help="Completions of the hidden cards to solve; the same ones serve every move.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1),
              help="Repeat the samples of an earlier hint (default: a new seed, printed).")
@limit_options(max_nodes=200_000, scope="per solve",
               memory_default="1G a worker, less if the RAM is short")
@click.option("--jobs", "-j", type=click.IntRange(1, MAX_JOBS), help="Worker processes (default: all cores).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: samples, seed, winnable and choices (best first).")
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def hint(position: str, samples: int, seed: int | None, limits: Limits, jobs: int | None, as_json: bool,
         ascii_: bool, quiet: bool, **rule_flags) -> None:
    """Rank every legal move of POSITION (hidden cards as '??' allowed) by how often it keeps the win.

    Each sample of the hidden cards is solved as if every card were known (hindsight), so each
    figure is an upper bound on the move's chance; see docs/hint.md.
    """
    import os

    from tqdm import tqdm

    from .batch import worker_limits
    from .hidden import has_hidden
    from .hint import hint as run_hint, report_json, report_text

    setup = setup_game(position, options_from_flags(rule_flags), hidden_ok=True)
    jobs = jobs or os.cpu_count() or 1
    total = samples if has_hidden(setup.position) else 1
    with tqdm(total=total, unit="sample", file=sys.stderr, disable=quiet, delay=1.0, dynamic_ncols=True) as bar:
        result = run_hint(setup.position, setup.rules, samples=samples, seed=seed, limits=worker_limits(limits, jobs),
                          jobs=jobs, progress=lambda: bar.update(1))
    if as_json:
        click.echo(json.dumps(report_json(result, setup.position, ascii_), ensure_ascii=False))
        return
    limit_text = (", ".join([f"at most {limits.max_nodes} states"]
                            + ([f"{limits.time_limit:g} s"] if limits.time_limit else [])) + " a solve")
    heading = f"hint: {setup.game.name}, draw {setup.rules.draw}, {setup.rules.label}"
    for line in report_text(result, setup.position, heading, limit_text, ascii_):
        click.echo(line)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, mapping bad input to one stderr line and exit status 2."""
    try:
        status = cli.main(args=argv, prog_name=PROG, standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:
        error.show()
        status = 0
    except click.UsageError as error:
        hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
        click.echo(f"error: {error.format_message()}{hint}", err=True)
        status = 2
    except click.ClickException as error:
        click.echo(f"error: {error.format_message()}", err=True)
        status = error.exit_code
    except InputError as error:
        click.echo(f"error: {error}", err=True)
        status = 2
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        status = 130
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        status = 130
    sys.exit(status or 0)
