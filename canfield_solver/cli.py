"""The ``canfield-solver`` command: thin click commands over the library.

Bad input of any kind ends in one line on stderr and exit status 2, never a
traceback (``main`` turns ``InputError`` and click's usage errors into that).
"""

from __future__ import annotations

import json
import sys
from typing import Callable

import click

from . import __version__
from .codes import random_codes
from .deal import position_to_dict
from .errors import InputError
from .notation import NotationError, describe_position, format_move, parse_move
from .presets import PRESETS
from .rules import IllegalMove, apply
from .source import Setup, setup_game

PROG = "canfield-solver"


def rule_options(command: Callable) -> Callable:
    """The rule options of every command that plays or solves (None where not given)."""
    options = [
        click.option("--rules", "preset", type=click.Choice(sorted(PRESETS), case_sensitive=False),
                     help="Rule preset (default: app, or pysolfc for pysol: deals); options below override it."),
        click.option("--draw", type=click.Choice(["1", "3"]), help="Cards turned per draw (default: the code's, else 3)."),
        click.option("--worry-back/--no-worry-back", default=None,
                     help="Allow moving foundation cards back to the tableau (default on)."),
        click.option("--moves", type=click.Choice(["any", "whole"], case_sensitive=False),
                     help="Column moves: any tail run (default), or only the top card or the whole column."),
        click.option("--passes", type=click.IntRange(min=1),
                     help="Passes through the stock (default unlimited)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def make_setup(deal: str, preset: str | None, draw: str | None, worry_back: bool | None,
               moves: str | None, passes: int | None) -> Setup:
    """Load DEAL and settle its rules from the rule options."""
    return setup_game(
        deal,
        preset.lower() if preset else None,
        draw=int(draw) if draw else None,
        worry_back=worry_back,
        moves=moves.lower() if moves else None,
        passes=passes,
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name=PROG)
def cli() -> None:
    """Solve and analyse Canfield solitaire deals.

    DEAL arguments take a game code (CF1-D3-AAAAACL), a PySolFC deal
    (pysol:123) or a deal file (JSON, see README).
    """


@cli.command()
@click.argument("deal")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="Print the deal as a deal file (JSON).")
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
def show(deal: str, as_json: bool, ascii_: bool, **rule_flags) -> None:
    """Print the starting position of DEAL."""
    setup = make_setup(deal, **rule_flags)
    if as_json:
        click.echo(json.dumps(position_to_dict(setup.position, setup.rules.draw, ascii=True)))
        return
    click.echo(f"Deal {setup.game.name}, draw {setup.rules.draw}.")
    click.echo(describe_position(setup.position, ascii_))


@cli.command("random")
@click.option("--draw", type=click.Choice(["1", "3"]), default="3", show_default=True, help="Draw mode of the codes.")
@click.option("-n", "count", type=click.IntRange(min=1), default=1, show_default=True, help="How many codes.")
@click.option("--seed", type=int, help="Make the codes reproducible.")
def random_command(draw: str, count: int, seed: int | None) -> None:
    """Print N new random game codes."""
    for code in random_codes(count, int(draw), seed):
        click.echo(code)


@cli.command()
@click.argument("deal")
@click.argument("moves_file", metavar="MOVES", type=click.File("r", encoding="utf-8"))
@rule_options
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as C D H S.")
def replay(deal: str, moves_file, ascii_: bool, **rule_flags) -> None:
    """Check the move list MOVES (a file, or - for stdin) on DEAL, printing each state.

    Exit status 1 at the first illegal move, naming it and why.
    """
    setup = make_setup(deal, **rule_flags)
    position = setup.position
    click.echo(describe_position(position, ascii_))
    number = 0
    for line in moves_file:
        if not line.split("#", 1)[0].strip():
            continue
        number += 1
        try:
            move = parse_move(line, position)
            text = format_move(move, position, ascii_)
            position = apply(position, move, setup.rules)
        except IllegalMove as error:
            click.echo(f"move {number} is illegal: {line.strip()}: {error}", err=True)
            sys.exit(1)
        except NotationError as error:
            raise InputError(f"move {number}: {error}") from None
        click.echo(f"{number}. {text}  score {position.score}")
        click.echo("   " + describe_position(position, ascii_))
    click.echo("won" if position.is_won else f"not won: {sum(position.foundations)} of 52 cards on the foundations")


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
