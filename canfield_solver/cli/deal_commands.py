"""The commands on one deal that never search: ``show``, ``random``, ``replay``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from canfield_solver.core.errors import InputError
from canfield_solver.formats.codes import MAX_DEALS, iter_random_codes
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.position_line import describe_position

from .board import Style, use_color
from .options import (
    MAX_SEED,
    WholeNumber,
    ascii_option,
    board_options,
    color_option,
    file_options,
    options_from_flags,
    rule_options,
)
from .output_file import refuse_existing, write_new_file
from .printing import echo_board, echo_lines_with_boards, write_page


@click.command()
@click.argument("deal")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="Print the deal as a deal file (JSON).")
@click.option("--position-text", is_flag=True, help="Print the deal as position text (docs/positions.md).")
@ascii_option
@click.option("--line", is_flag=True, help="Describe the deal in one line instead of drawing the board.")
@color_option
def show(deal: str, as_json: bool, position_text: bool, ascii_: bool, line: bool, color: str, **rule_flags: Any) -> None:
    """Draw the starting position of DEAL as a board (hidden cards, '??', are counted)."""
    from .deal_heading import headline

    options = options_from_flags(rule_flags)
    setup = setup_game(deal, options, hidden_ok=True)
    if as_json:
        click.echo(json.dumps(position_to_dict(setup.position, setup.rules.draw, ascii=True)))
        return
    if position_text:
        from canfield_solver.formats.position_text import format_position_text

        click.echo(format_position_text(setup.position, setup.rules.draw, ascii_), nl=False)
        return
    click.echo(headline(setup, options.preset))
    if line:
        click.echo(describe_position(setup.position, ascii_))
    else:
        echo_board(setup.position, setup.rules.draw, Style(ascii_, use_color(color.lower(), sys.stdout)))


@click.command("random")
@click.option("--draw", type=click.Choice(["1", "3"]), default="3", show_default=True, help="Draw mode of the codes.")
@click.option("-n", "count", type=WholeNumber(1, MAX_DEALS), default=1, show_default=True,
              help="How many codes (at most 1000000).")
@click.option("--seed", type=WholeNumber(0, MAX_SEED), help="Make the codes reproducible.")
def random_command(draw: str, count: int, seed: int | None) -> None:
    """Print N new random game codes."""
    for code in iter_random_codes(count, int(draw), seed):
        click.echo(code)


@click.command()
@click.argument("deal")
@click.argument("moves_file", metavar="MOVES")
@rule_options
@ascii_option
@board_options
@click.option("--upto", type=WholeNumber(0), metavar="N", help="Stop after the first N single moves.")
@click.option("--position", "position_file", metavar="FILE",
              help="Write the position where the replay stops as a deal file (solve, show and replay read it).")
@file_options
def replay(deal: str, moves_file: str, ascii_: bool, board: bool, board_every: int | None, color: str, upto: int | None,
           position_file: str | None, html_file: str | None, force: bool, **rule_flags: Any) -> None:
    """Check the move list MOVES (a file, or - for stdin) on DEAL, printing each state.

    MOVES may be a full list (one move a line) or a compact one (draws joined to the play after
    them); every single move is checked and counted. Exit status 1 at the first illegal move,
    naming it and why.
    """
    from canfield_solver.formats.input_text import read_text
    from canfield_solver.formats.step_text import replay_lines

    setup = setup_game(deal, options_from_flags(rule_flags))
    for path in (position_file, html_file):
        if path:
            refuse_existing(path, force)
    move_lines = read_text(moves_file, "move list").splitlines()
    played = replay_lines(move_lines, setup.position, setup.rules, upto, ascii_)
    if upto is not None and played.illegal is None and len(played.moves) < upto:
        raise InputError(f"--upto {upto}: the move list has only {len(played.moves)} moves")
    style = Style(ascii_, use_color(color.lower(), sys.stdout)) if board or board_every else None
    if style is None:
        click.echo(describe_position(setup.position, ascii_))
    lines = [f"{number}. {text}  score {after.score}"
             for number, (text, after) in enumerate(zip(played.texts, played.positions[1:], strict=True), start=1)]
    if style is None:
        for line, after in zip(lines, played.positions[1:], strict=True):
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
