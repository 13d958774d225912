"""What the commands print besides their own lines: boards after move lines, the step-through
page, and the notes on stderr around a search (compiling, progress).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move
from canfield_solver.core.rules import Rules

from .board import Style, render_board
from .output_file import write_new_file


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


@contextmanager
def searching(hint: str) -> Iterator[None]:
    """Around a command's searches: a note on stderr while numba compiles, a progress line on a terminal."""
    from .compile_note import compile_note
    from .progress_line import progress_line

    with compile_note(), progress_line(hint):
        yield
