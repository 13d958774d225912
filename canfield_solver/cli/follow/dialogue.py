"""The turns of ``follow``: the board and the advice (or the cards asked for), one line read, the
answer given to the session; until the game ends, ``quit`` or the end of input.

People read the board, the advice and the questions on stdout (on stderr with ``--json``, where
stdout holds only the JSON objects of docs/follow.md, one a line, flushed at once). A line that
cannot be taken is refused with one line saying why, and the same question is asked again.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from canfield_solver.core.cards import card_name
from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.hidden import has_hidden
from canfield_solver.formats.input_text import read_line
from canfield_solver.formats.move_text import format_move, parse_move
from canfield_solver.formats.position_text import format_position_text
from canfield_solver.solving.follow import CARDS, END, MOVE, FollowSession, Question
from canfield_solver.solving.hint import Choice, Tally, choices_json, progress_steps
from canfield_solver.solving.honest_player import CYCLE, LOST, STUCK, WON
from canfield_solver.solving.plan import Plan

from ..board import Style, render_board, use_color
from ..output_file import write_new_file

HELP = """Enter        play the advice
1, 2, ...    play that alternative
a move       play it, as 'replay' reads moves: draw, recycle, reserve QC -> column 2,
             column 2 KH..QC -> column 4, waste 8H -> foundation, foundation 7S -> column 1
cards        when asked, the cards the game showed, separated by spaces (QC 10H 2S)
undo         take back the last move (again and again, back to the start)
board        draw the board again
save FILE    write the position as far as it is known (position text)
help         this list
quit         stop here; 'follow --resume' goes on later"""

PROGRESS_DELAY = 1.0  # seconds a hint works before its progress bar appears

ENDS = {WON: "won", LOST: "lost: every card is known and the solver finds no win",
        STUCK: "stuck: no move is legal", CYCLE: "no move left that does not bring back a position seen before"}


class Dialogue:
    """One ``follow`` session's turns on the terminal (or a script's pipe)."""

    def __init__(self, session: FollowSession, path: str, as_json: bool, ascii: bool, color: str) -> None:
        self.session, self.path, self.as_json, self.ascii = session, path, as_json, ascii
        self.people = sys.stderr if as_json else sys.stdout  # where the board and the questions go
        self.style = Style(ascii=ascii, color=use_color(color, self.people))
        self.stdin = getattr(sys.stdin, "buffer", None)
        # Lines from a file or a pipe are written after their prompt, so that the output reads as a transcript.
        self.echo = not as_json and not _is_terminal(sys.stdin)

    def run(self, resumed: bool = False) -> None:
        """Ask and answer until the game ends, ``quit`` or the end of input."""
        session, rules = self.session, self.session.rules
        note = f"resumed after {session.turn} moves" if resumed else "session"
        self._say(f"{note}: {self.path} (canfield-solver follow --resume {self.path} goes on with it)", err=True)
        if not resumed:
            self._say(f"draw {rules.draw}, {rules.label}; type 'help' for the commands")
        played: str | None = None
        shown: list[int] = []
        error: str | None = None
        board = True
        try:
            while True:
                question = self._question()
                if question.asks == END:
                    self._end(question, played, shown)
                    return
                if board and question.asks == MOVE:
                    self._say(render_board(session.view, rules.draw, self.style))
                self._ask(question, played, shown, error)
                played, shown, error, board = None, [], None, False
                try:
                    line = read_line(self.stdin)
                    if self.echo and line is not None:
                        self._say(line)
                    if line is None or line.strip().lower() == "quit":
                        self._say(f"stopped after {session.turn} moves; the session is saved: "
                                  f"canfield-solver follow --resume {self.path}", err=True)
                        return
                    played, shown, board = self._answer(question, line.strip())
                except (InputError, ValueError) as refused:
                    error = str(refused)
                    self._say(f"refused: {error}")
        except KeyboardInterrupt:
            self._say(f"\nthe session is saved: canfield-solver follow --resume {self.path}", err=True)
            raise
        finally:
            if session.writer is not None:
                session.writer.close()

    def _question(self) -> Question:
        """The session's question; its hint with a progress bar on stderr when it takes more than a second."""
        from tqdm import tqdm

        from ..compile_note import compile_note

        session = self.session
        total = (progress_steps(session.view, session.setup.samples, session.player.method) if session.started
                 else session.setup.samples)
        with compile_note(), tqdm(total=total, unit="sample", desc="hint", file=sys.stderr,
                                  delay=PROGRESS_DELAY, leave=False, dynamic_ncols=True) as bar:
            return self.session.question(lambda: bar.update(1))

    def _answer(self, question: Question, line: str) -> tuple[str | None, list[int], bool]:
        """Give ``line`` to the session: the move it played (as ``replay`` writes it), the cards
        shown for the first time, and whether the board is to be drawn again."""
        session = self.session
        word, _, rest = line.partition(" ")
        if line.lower() in ("undo", "board", "help") or word.lower() == "save":
            return None, [], self._command(word.lower(), rest.strip())
        if question.asks == CARDS:
            if not line:
                raise InputError(f"no card typed: {question.where}")
            cards = session.read_cards(line)
            session.show(cards)
            return None, cards, True
        assert question.advice is not None
        if not line:
            move = question.advice.move
        elif line.isdigit():
            number = int(line) if len(line) < 6 else 0
            if not 1 <= number <= len(question.alternatives):
                raise InputError(f"{quote(line)}: choose an alternative from 1 to {len(question.alternatives)}"
                                 if question.alternatives else f"{quote(line)}: there is no alternative this turn")
            move = question.alternatives[number - 1]
        else:
            move = parse_move(line, session.view)
        text = format_move(move, session.view, self.ascii)
        _, shown = session.play(move)
        self._say(f"played: {text}" + (f"; the game shows {self._cards(shown)}" if shown else ""))
        return text, shown, True

    def _command(self, word: str, argument: str) -> bool:
        """Do ``undo``, ``board``, ``save FILE`` or ``help``; whether the board is to be drawn again."""
        session = self.session
        if word == "undo":
            if not session.undo():
                raise InputError("nothing to undo: this is the start")
            self._say(f"undone: turn {session.turn + 1} again")
            return True
        if word == "board":
            if session.started:
                self._say(render_board(session.view, session.rules.draw, self.style))
            return False
        if word == "help":
            self._say(HELP)
            return False
        if not argument:
            raise InputError("save FILE: name the file to write")
        if not session.started:
            raise InputError("the start is not known yet: nothing to save")
        write_new_file(argument, format_position_text(session.view, session.rules.draw, self.ascii) + "\n")
        self._say(f"saved the position to {argument}")
        return False

    def _ask(self, question: Question, played: str | None, shown: list[int], error: str | None) -> None:
        """Show the question to people; with ``--json``, its object on stdout."""
        session = self.session
        if question.asks == CARDS:
            self._say(question.where)
        else:
            assert question.advice is not None
            advice = question.advice
            chosen = next((choice for choice in advice.choices if choice.move == advice.move), None)
            self._say(f"turn {session.turn + 1}: {format_move(advice.move, session.view, self.ascii)}"
                      f"  ({self._why(chosen, advice.plan)})")
            if advice.choices and not any(choice.tally.wins for choice in advice.choices):
                self._say("  no sample of the hidden cards can be won: the advice plays on")
            for number, move in enumerate(question.alternatives, 1):
                other = next(choice for choice in advice.choices if choice.move == move)
                self._say(f"  {number}. {format_move(move, session.view, self.ascii)}  ({self._why(other, None)})")
        if self.as_json:
            row: dict[str, Any] = {"turn": session.turn, "asks": question.asks}
            if question.asks == CARDS:
                row.update(count=question.count, where=question.where)
            else:
                assert question.advice is not None
                row.update(recommended=format_move(question.advice.move, session.view, self.ascii),
                           choices=choices_json(question.advice.choices, session.view, session.rules,
                                               session.player.method, self.ascii))
            self._emit(row, played, shown, error, None)
        else:
            click.echo("> ", nl=False)
            sys.stdout.flush()

    def _end(self, question: Question, played: str | None, shown: list[int]) -> None:
        view = self.session.view
        player = self.session.player
        end = question.end or ""
        self._say(render_board(view, self.session.rules.draw, self.style))
        self._say(f"{ENDS.get(end, end)} after {self.session.turn} moves; {sum(view.foundations)} cards on the "
                  f"foundations (at most {player.best})")
        if self.as_json:
            self._emit({"turn": self.session.turn, "asks": None}, played, shown, None, end)

    def _emit(self, row: dict[str, Any], played: str | None, shown: list[int], error: str | None,
              end: str | None) -> None:
        row.update(played=played, shown=[card_name(card, self.ascii) for card in shown], error=error, end=end)
        click.echo(json.dumps(row, ensure_ascii=False))
        sys.stdout.flush()

    def _why(self, choice: Choice | None, plan: Plan | None) -> str:
        """A move's figure: the samples its plan wins (``plan``: the plan it continues), else its
        hindsight figure; or why it is played without a hint."""
        if choice is None and plan is not None:
            return f"the plan's next move: {_won(plan.tally)} by the plan"
        if choice is None and self.session.player.looks():
            return "to see the stock: a whole pass brings this position back, so it costs nothing"
        if choice is None:
            return ("every card is known: the solver's win" if not has_hidden(self.session.view)
                    else "safe: it keeps every win")
        if choice.plan is not None and choice.plan.tally.wins:
            return (f"{_won(choice.plan.tally)}, by a {len(choice.plan.moves)}-move plan to the next card shown"
                    f"; hindsight {choice.tally.wins}")
        return _won(choice.tally)

    def _cards(self, cards: list[int]) -> str:
        return " ".join(card_name(card, self.ascii) for card in cards)

    def _say(self, text: str, err: bool = False) -> None:
        click.echo(text, file=sys.stderr if err else self.people, color=self.style.color)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (ValueError, OSError):
        return False


def _won(tally: Tally) -> str:
    undecided = f", {tally.unknown} undecided" if tally.unknown else ""
    return f"won in {tally.wins} of {tally.samples} samples, {100 * tally.rate:.0f}%{undecided}"
