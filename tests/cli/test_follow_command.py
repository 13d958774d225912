"""``canfield-solver follow`` end to end: a practice game answered with empty lines is the game
``play`` plays; the same deal told its cards plays the same moves; every bad line is refused with
one line and the same question; a session killed with SIGKILL goes on at the same turn."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from canfield_solver.formats.codes import position_from_code
from canfield_solver.runs import results
from canfield_solver.runs.play_results import PLAY
from canfield_solver.solving.honest_player import game_seed

LIMITS = ("--samples", "3", "--max-nodes", "20000", "--jobs", "1")
CODE = "CF1-D3-AAAAAAC"
COMMAND = [sys.executable, "-c", "from canfield_solver.cli import main; main()"]  # canfield-solver, as installed


def objects(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def follow(run_cli, *args, lines=(), tmp_path=None):
    """Run ``follow ARGS --json`` with ``lines`` as input; its status, JSON objects and stderr."""
    session = ("--session", str(tmp_path / f"session-{time.monotonic_ns()}.jsonl")) if tmp_path else ()
    result = run_cli("follow", *args, *LIMITS, *session, "--json", "--ascii",
                     input="".join(line + "\n" for line in lines))
    return result.status, objects(result.out) if result.status == 0 else [], result.err


def practice_game(run_cli, code, tmp_path, *args):
    status, rows, err = follow(run_cli, code, "--practice", *args, lines=[""] * 400, tmp_path=tmp_path)
    assert status == 0, err
    return rows


@pytest.mark.parametrize("code, method", [(CODE, "plan"), ("CF1-D3-AAAAAAA", "plan"), ("CF1-D1-AAAAAAK", "plan"),
                                          (CODE, "hindsight")])
def test_a_practice_game_answered_with_empty_lines_is_the_game_play_plays(run_cli, tmp_path, code, method):
    rows = practice_game(run_cli, code, tmp_path, "--method", method)
    out = tmp_path / "games.jsonl"
    played = run_cli("play", "--start", code, "--count", "1", *LIMITS, "--verdict-max-nodes", "1000", "--quiet",
                     "--method", method, "--out", str(out))
    assert played.status == 0, played.err
    (game,) = results.read_results(str(out), PLAY).rows
    moves = [row["played"] for row in rows if row["played"]]
    assert rows[-1]["asks"] is None and rows[-1]["end"] == game.end
    assert len(moves) == game.moves == rows[-1]["turn"]
    # Each object asks once; each move is reported in exactly the object after it.
    assert [row["turn"] for row in rows[1:]] == [row["turn"] + 1 for row in rows[:-1]]
    assert all(row["asks"] == "move" for row in rows[:-1])
    assert all(row["recommended"] in [choice["move"] for choice in row["choices"]] for row in rows[:-1]
               if row["choices"])


def test_the_deal_told_its_cards_plays_the_moves_of_the_practice_game(run_cli, tmp_path):
    rows = practice_game(run_cli, CODE, tmp_path)
    deal = position_from_code(CODE)
    lines = [_name(deal.base), _name(deal.reserve[-1]), " ".join(_name(column[-1]) for column in deal.tableau)]
    for row in rows[1:]:  # each row after a move: the advice was played, then the cards it showed are told
        lines.append("")
        if row["shown"]:
            lines.append(" ".join(row["shown"]))
    status, told, err = follow(run_cli, "--seed", str(game_seed(CODE)), lines=lines, tmp_path=tmp_path)
    assert status == 0, err
    assert [row["played"] for row in told if row["played"]] == [row["played"] for row in rows if row["played"]]
    assert told[-1]["end"] == rows[-1]["end"]
    questions = [row for row in told if row["asks"] == "cards"]
    assert [row["count"] for row in questions[3:]] == [len(row["shown"]) for row in rows if row["shown"]]


def _name(card):
    from canfield_solver.core.cards import card_name

    return card_name(card, ascii=True)


def test_every_bad_line_gets_one_line_and_the_same_question(run_cli, tmp_path):
    deal = position_from_code(CODE)
    base, top = _name(deal.base), _name(deal.reserve[-1])
    first, *others = [_name(column[-1]) for column in deal.tableau]
    bad_cards = ["XY", base, "5C 6C", "", "undo please"]
    twice = " ".join([first, first, *others[1:]])
    bad_moves = ["reserve 2S -> foundation", "column 1 2S -> column 2", "99", "0", "fly", "save", "draw x3"]
    # Three passes: the first advice is then a hint's, with alternatives (under unlimited passes
    # it would be a draw to see the stock, which has none).
    status, rows, err = follow(run_cli, "--seed", "5", "--passes", "3",
                               lines=[base, *bad_cards, top, twice, " ".join([first, *others]), *bad_moves],
                               tmp_path=tmp_path)
    assert status == 0, err
    refused = [row for row in rows if row["error"]]
    assert len(refused) == len(bad_cards) + 1 + len(bad_moves)
    messages = [row["error"] for row in refused]
    assert "unknown card 'XY'" in messages[0] and "has been seen already" in messages[1]
    assert messages[2] == "type 1 card, not 2" and messages[3].startswith("no card typed")
    assert messages[4].startswith("unknown card 'undo'")
    assert "is named twice" in messages[5]
    assert "not the playable card" in messages[6] and "not in column 1" in messages[7]
    assert "choose an alternative from 1 to" in messages[8] == messages[9].replace("'0'", "'99'")
    assert "cannot read move 'fly'" in messages[10] and "name the file" in messages[11]
    assert "cannot read move 'draw x3'" in messages[12]
    for before, after in zip(rows, rows[1:], strict=False):
        if after["error"]:
            assert {key: value for key, value in after.items() if key not in ("error", "shown", "played")} == \
                   {key: value for key, value in before.items() if key not in ("error", "shown", "played")}
            assert after["played"] is None and after["shown"] == []
    assert err.count("refused: ") == len(refused)


def test_a_resume_needs_nothing_else_and_goes_on_where_the_session_stopped(run_cli, tmp_path):
    path = tmp_path / "s.jsonl"
    first = run_cli("follow", CODE, "--practice", *LIMITS, "--session", str(path), "--json", input="\n" * 12)
    rows = objects(first.out)
    assert first.status == 0 and rows[-1]["turn"] == 12 and rows[-1]["end"] is None
    again = run_cli("follow", "--resume", str(path), "--json", input="")
    assert again.status == 0 and objects(again.out) == [{**rows[-1], "played": None, "shown": []}]
    assert "resumed after 12 moves" in again.err
    refused = run_cli("follow", "--resume", str(path), "--samples", "4", "--method", "hindsight", "--draw", "1")
    assert refused.status == 2 and "leave out --draw, --samples, --method" in refused.err
    existing = run_cli("follow", CODE, "--practice", "--session", str(path))
    assert existing.status == 2 and "exists already" in existing.err
    assert path.read_text().count("\n") == 13  # the header and 12 moves, untouched


def test_without_session_the_file_is_made_in_the_data_folder(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = run_cli("follow", CODE, "--practice", *LIMITS, input="\nquit\n")
    assert result.status == 0, result.err
    (path,) = (tmp_path / "data" / "canfield-solver" / "sessions").iterdir()
    assert f"session: {path}" in result.err and path.name.endswith(f"-{CODE}.jsonl")
    assert result.out.count("played: ") == 1


def test_save_writes_what_is_known_as_position_text_and_refuses_an_existing_file(run_cli, tmp_path):
    saved = tmp_path / "known.txt"
    result = run_cli("follow", CODE, "--practice", *LIMITS, "--session", str(tmp_path / "s.jsonl"), "--ascii",
                     input=f"\n\nsave {saved}\nsave {saved}\n")
    assert result.status == 0, result.err
    shown = run_cli("show", str(saved), "--json")
    assert shown.status == 0 and json.loads(shown.out)["reserve"].count("??") >= 10
    assert result.out.count("refused: ") == 1 and "exists" in result.out


@pytest.mark.parametrize("args, message", [
    (("--practice",), "--practice needs a deal"),
    (("CF1-D3-NOPE!", "--practice"), "CF1-D3-NOPE!"),
    (("--resume", "{missing}"), "cannot read the session file"),
    (("--resume", "{not_session}"), "is not a session file of canfield-solver follow"),
    (("--resume", "{bad_line}"), "line 2 does not replay"),
])
def test_a_session_that_cannot_start_says_why_in_one_line(run_cli, tmp_path, args, message):
    files = {"missing": tmp_path / "missing.jsonl", "not_session": tmp_path / "deal.json",
             "bad_line": tmp_path / "bad.jsonl"}
    files["not_session"].write_text('{"base": "QC"}\n')
    files["bad_line"].write_text(json.dumps({"session": 1, "name": "x", "start": None, "deal": None,
                                             "rules": {"draw": 3}, "first_turn": False, "samples": 1, "seed": 0,
                                             "limits": {"time_limit": None, "max_nodes": 10, "memory": None}})
                                 + '\n{"move": "draw"}\n')
    before = {name: path.read_text() for name, path in files.items() if path.exists()}
    result = run_cli("follow", *(arg.format(**files) for arg in args), *(() if "--resume" in args else LIMITS))
    assert result.status == 2 and message in result.err and len(result.err.splitlines()) == 1
    assert {name: path.read_text() for name, path in files.items() if path.exists()} == before


def test_a_line_too_long_or_not_utf8_is_refused_and_the_next_line_read(tmp_path):
    lines = b"x" * 50_000 + b"\n" + b"\xff\xfe\n" + b"\n"
    process = subprocess.run([*COMMAND, "follow", CODE, "--practice", *LIMITS,
                              "--session", str(tmp_path / "s.jsonl"), "--json"],
                             input=lines, capture_output=True, timeout=300)
    rows = objects(process.stdout.decode())
    assert process.returncode == 0, process.stderr
    assert [row["error"] for row in rows] == [None, "a line of more than 10000 characters",
                                              "the line is not UTF-8 text", None]
    assert rows[-1]["turn"] == 1


def test_kill_9_in_the_middle_then_resume_goes_on_at_the_same_turn(tmp_path):
    """The session killed while it waits, and again while it works out a hint: nothing answered is lost."""
    path = tmp_path / "s.jsonl"
    command = [*COMMAND, "follow", CODE, "--practice", *LIMITS, "--json"]
    process = subprocess.Popen([*command, "--session", str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    for _ in range(15):
        json.loads(process.stdout.readline())
        process.stdin.write(b"\n")
        process.stdin.flush()
    last = json.loads(process.stdout.readline())  # the 16th question: 15 moves answered, each saved before it
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    resumed = subprocess.run([*COMMAND, "follow", "--resume", str(path), "--json"],
                             input=b"", capture_output=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    (again,) = objects(resumed.stdout.decode())
    assert again == {**last, "played": None, "shown": []} and again["turn"] == 15


def test_a_hint_that_takes_long_shows_its_progress_on_stderr(run_cli, tmp_path, monkeypatch):
    from canfield_solver.cli.follow import dialogue as follow_dialogue

    monkeypatch.setattr(follow_dialogue, "PROGRESS_DELAY", 0.0)  # every hint counts as long
    status, rows, err = follow(run_cli, CODE, "--practice", lines=["", ""], tmp_path=tmp_path)
    assert status == 0 and len(rows) == 3
    assert "hint: " in err and "/9 [" in err  # tqdm's bar: 3 samples, three solves each under the plan method


def test_the_readme_transcript_is_what_follow_prints(run_cli, tmp_path):
    """README's transcript, answered line by line as it shows: the same board, advice and questions."""
    from tests.support.docs import readme_block

    shown = readme_block("### Follow a game from the app", "text").splitlines()
    command, session_note, *dialogue = shown
    answers = [line[2:] if line.startswith("> ") else "" for line in dialogue if line.startswith(">")]
    result = run_cli(*command.split()[2:], "--session", str(tmp_path / "s.jsonl"), input="\n".join(answers) + "\n")
    assert result.status == 0, result.err
    printed = [line.rstrip() for line in result.out.splitlines()]
    assert printed[:len(dialogue)] == dialogue and session_note.startswith("session: ")
