"""The ``canfield-solver`` command: its group of thin click commands over the library, and ``main``.

Bad input of any kind ends in one line on stderr and exit status 2, never a traceback (``main``
turns ``InputError`` and click's usage errors into that); so does an output that cannot be written
(``streams``).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from canfield_solver.core.errors import InputError

from .deal_commands import random_command, replay, show
from .follow.command import follow
from .run_commands import batch, play, stats
from .solve_commands import analyse, hint, solve
from .streams import prepare_streams, silence_stdout

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
            silence_stdout()
            return None


@click.group(cls=QuietPipeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="canfield-solver", prog_name=PROG)
def cli() -> None:
    """Solve and analyse Canfield solitaire deals.

    DEAL arguments take a game code (CF1-D3-AAAAACL), a PySolFC deal
    (pysol:123) or a position file (JSON or position text, see README).
    """


for command in (show, random_command, replay, solve, analyse, hint, follow, batch, play, stats):
    cli.add_command(command)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI: bad input, and an output that cannot be written, end in one line on stderr and
    exit status 2; an interrupt in 130; never a traceback."""
    prepare_streams()
    try:
        status = cli.main(args=argv, prog_name=PROG, standalone_mode=False)
        sys.stdout.flush()  # here, where a failure is caught, rather than at exit
    except click.exceptions.NoArgsIsHelpError as error:
        error.show()
        status = 0
    except click.UsageError as error:
        hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
        status = _failed(f"{error.format_message()}{hint}")
    except click.ClickException as error:
        _failed(error.format_message())
        status = error.exit_code
    except InputError as error:
        status = _failed(str(error))
    except BrokenPipeError:  # the reader went away (``... | head``): nothing more to say
        silence_stdout()
        status = 0
    except OSError as error:  # a file's trouble is an InputError naming it: this is a write to stdout
        silence_stdout()
        status = _failed(f"cannot write the output: {error.strerror or error}")
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("interrupted", err=True)
        status = 130
    sys.exit(status or 0)


def _failed(message: str) -> int:
    """Say what went wrong in one line on stderr; the exit status for it."""
    click.echo(f"error: {message}", err=True)
    return 2
