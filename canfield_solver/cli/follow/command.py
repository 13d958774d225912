"""The ``follow`` command: a game followed as it is played, from the options to a running session
(a new one, or one a session file brings back); ``dialogue`` holds the turns themselves."""

from __future__ import annotations

import os
import random
import re
import time
from dataclasses import replace
from typing import Any

import click
from click.core import ParameterSource

from canfield_solver.core.errors import shown_path
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import PLAYER_SAMPLES
from canfield_solver.core.presets import get_preset, resolve_rules
from canfield_solver.core.user_folders import user_folder
from canfield_solver.formats.codes import MAX_DEALS, format_code, is_code, parse_code
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.session_file import SessionSetup, SessionWriter, read_session, setup_of

from ..options import MAX_JOBS, MAX_SEED, WholeNumber, ascii_option, color_option, limit_options, method_option, options_from_flags, rule_options

# What a session file fixes: with --resume none of these may be given.
FIXED_BY_SESSION = ("position", "practice", "samples", "seed", "method", "time_limit", "max_nodes", "memory", "session_path",
                    "force", "preset", "draw", "worry_back", "moves", "passes", "spaces", "tableau_order")


@click.command()
@click.argument("position", metavar="[POSITION]", required=False)
@rule_options
@click.option("--practice", is_flag=True,
              help="POSITION is a whole deal (a game code, pysol:N, a deal file): play it with its cards hidden "
                   "as the app hides them, each card shown when the game would show it.")
@click.option("--samples", type=WholeNumber(1, MAX_DEALS), default=PLAYER_SAMPLES, show_default=True,
              help="Completions of the hidden cards each hint solves (as 'play').")
@click.option("--seed", type=WholeNumber(0, MAX_SEED),
              help="Seed of the hints' samples (default: a practice deal's as 'play' seeds it, else a new one).")
@method_option
@limit_options(max_nodes=200_000, scope="per solve", memory_default="1G a worker, less if the RAM is short")
@click.option("--jobs", "-j", type=WholeNumber(1, MAX_JOBS), help="Worker processes of a hint (default: all cores).")
@click.option("--session", "session_path", metavar="FILE",
              help="Save the session here (default: a new file in the per-user data folder, named on stderr).")
@click.option("--resume", "resume_path", metavar="FILE",
              help="Go on with the session FILE where it stopped; the file holds everything else.")
@click.option("--force", is_flag=True, help="Start a new session over an existing --session FILE.")
@click.option("--json", "as_json", is_flag=True,
              help="Write one JSON object a line to stdout each time an answer is awaited, and one at the end.")
@ascii_option
@color_option
def follow(position: str | None, practice: bool, samples: int, seed: int | None, method: str, limits: Limits,
           jobs: int | None, session_path: str | None, resume_path: str | None, force: bool, as_json: bool,
           ascii_: bool, color: str, **rule_flags: Any) -> None:
    """Follow a game as you play it: each turn the move to play, then the cards the game showed.

    POSITION is what you see (position text or a deal file with '??' for hidden cards); without it
    the session asks for the six cards a new game shows. Type an empty line to play the advice, a
    number for an alternative, any move, or 'help' (docs/follow.md).
    """
    from canfield_solver.solving.follow import FollowSession

    from .dialogue import Dialogue

    jobs = jobs or os.cpu_count() or 1
    if resume_path is not None:
        _refuse_with_resume()
        header, answers = read_session(resume_path)
        setup = setup_of(header, f"session file {shown_path(resume_path)}")
        session = FollowSession(_for_workers(setup, jobs), jobs=jobs)
        session.replay(answers)  # before the file is opened for writing: a file that does not replay stays as it is
        session.writer, path = SessionWriter(resume_path, None), resume_path
    else:
        setup = replace(_new_setup(position, practice, samples, seed, limits, rule_flags), method=method)
        path = session_path or _new_session_path(setup.name)
        writer = SessionWriter(path, setup.header(), force)
        session = FollowSession(_for_workers(setup, jobs), jobs=jobs, writer=writer)
    Dialogue(session, path, as_json, ascii_, color).run(resumed=resume_path is not None)


def _for_workers(setup: SessionSetup, jobs: int) -> SessionSetup:
    """``setup`` with each hint worker's share of the memory (as ``hint`` gives it)."""
    from canfield_solver.runs.jobs import worker_limits

    return replace(setup, limits=worker_limits(setup.limits, jobs))


def _refuse_with_resume() -> None:
    """A usage error naming the options given with ``--resume`` that its session file fixes."""
    context = click.get_current_context()
    given = [param.opts[-1] if param.opts and param.param_type_name == "option" else (param.name or "").upper()
             for param in context.command.params
             if param.name in FIXED_BY_SESSION and context.get_parameter_source(param.name) not in
             (ParameterSource.DEFAULT, None)]
    if given:
        raise click.UsageError(f"--resume takes the game, its rules and its limits from the session file: "
                               f"leave out {', '.join(given)}")


def _new_setup(position: str | None, practice: bool, samples: int, seed: int | None, limits: Limits,
               rule_flags: dict[str, Any]) -> SessionSetup:
    """The setup of a new session: a practice deal, a position as seen, or a start to be asked for."""
    from canfield_solver.solving.honest_player import game_seed, shown_cards, view

    options = options_from_flags(rule_flags)
    if practice:
        if position is None:
            raise click.UsageError("--practice needs a deal: a game code, pysol:N or a deal file")
        game = setup_game(position, options)
        name = game.game.name
        if is_code(name):  # as 'play' names the deal: its code in the draw mode in force
            name = format_code(parse_code(name)[1], game.rules.draw)
        start = view(game.position, shown_cards(game.position))
        return SessionSetup(name, start, game.position, game.rules, False, samples,
                            game_seed(name) if seed is None else seed, limits)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    if position is not None:
        game = setup_game(position, options, hidden_ok=True)
        return SessionSetup(game.game.name, game.position, None, game.rules, False, samples, seed, limits)
    first_turn = options.preset is not None and get_preset(options.preset).first_turn
    return SessionSetup("game", None, None, resolve_rules(options), first_turn, samples, seed, limits)


def _new_session_path(name: str) -> str:
    """A new file in the per-user sessions folder, named by the time and the game."""
    folder = user_folder("data") / "sessions"
    stem = time.strftime("%Y-%m-%d-%H%M%S") + "-" + (re.sub(r"[^A-Za-z0-9]+", "-", os.path.basename(name))[:40]
                                                      .strip("-") or "game")
    number = 1
    while (folder / f"{stem}{'-' + str(number) if number > 1 else ''}.jsonl").exists():
        number += 1
    return str(folder / f"{stem}{'-' + str(number) if number > 1 else ''}.jsonl")
