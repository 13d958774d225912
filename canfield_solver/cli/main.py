"""The ``canfield-solver`` command: its group of thin click commands over the library, and ``main``.

Bad input of any kind ends in one line on stderr and exit status 2, never a
traceback (``main`` turns ``InputError`` and click's usage errors into that).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from canfield_solver.core.errors import InputError

from .deal_commands import random_command, replay, show
from .run_commands import batch, play, stats
from .solve_commands import analyse, hint, solve

PROG = "canfield-solver"


class QuietPipeGroup(click.Group):
    """A closed output pipe (``canfield-solver ... | head``) ends the command quietly with status 0.

    click itself turns it into exit status 1; this catches it first, and points stdout at the
    null device so that the flush at exit has nowhere to fail.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return None


@click.group(cls=QuietPipeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="canfield-solver", prog_name=PROG)
def cli() -> None:
    """Solve and analyse Canfield solitaire deals.

    DEAL arguments take a game code (CF1-D3-AAAAACL), a PySolFC deal
    (pysol:123) or a position file (JSON or position text, see README).
    """


for command in (show, random_command, replay, solve, analyse, hint, batch, play, stats):
    cli.add_command(command)


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
