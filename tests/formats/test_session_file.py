"""Session files of ``follow``: the header holds the whole setup, answers are kept line by line, a
torn last line is left out and cut before the next, and a file that is not a session is refused."""

from __future__ import annotations

import json

import pytest

from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, HINDSIGHT
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.session_file import SessionSetup, SessionWriter, parse_session, read_session, setup_of
from canfield_solver.solving.honest_player import shown_cards, view

DEAL = position_from_code("CF1-D3-AAAAACL")
SETUP = SessionSetup("CF1-D3-AAAAACL", view(DEAL, shown_cards(DEAL)), DEAL,
                     Rules(draw=1, worry_back=False, passes=3, spaces="waste"), False, 7, 123,
                     Limits(time_limit=2.5, max_nodes=5000, memory=1 << 20), HINDSIGHT)


def test_the_header_holds_the_whole_setup(tmp_path):
    path = str(tmp_path / "s.jsonl")
    SessionWriter(path, SETUP.header()).write({"move": "draw"})
    header, answers = read_session(path)
    assert setup_of(header) == SETUP and answers == [{"move": "draw"}]
    asked = SessionSetup("game", None, None, Rules(), True, 10, 0, Limits(max_nodes=200_000))
    assert setup_of(json.loads(json.dumps(asked.header()))) == asked


def test_a_header_from_before_the_method_was_recorded_resumes_with_the_default_method():
    header = SETUP.header()
    del header["method"]
    assert setup_of(header).method == DEFAULT_METHOD != SETUP.method


def test_an_existing_file_is_refused_unless_forced_and_a_resumed_file_loses_its_torn_line(tmp_path):
    path = tmp_path / "s.jsonl"
    SessionWriter(str(path), SETUP.header()).write({"move": "draw"})
    with pytest.raises(InputError, match="exists already: --resume .* goes on with it, --force starts a new session"):
        SessionWriter(str(path), SETUP.header())
    with open(path, "a") as handle:
        handle.write('{"cards": ["Q')  # killed while writing
    assert read_session(str(path))[1] == [{"move": "draw"}]
    SessionWriter(str(path), None).write({"undo": True})
    assert read_session(str(path))[1] == [{"move": "draw"}, {"undo": True}]
    SessionWriter(str(path), SETUP.header(), force=True)
    assert read_session(str(path))[1] == []


@pytest.mark.parametrize("text, message", [
    ("", "is not a session file"),
    ('{"deal": 1}\n', "is not a session file"),
    ('{"session": 1}\n[1]\n', "line 2 is not a session line"),
    ('{"session": 1}\n{"move": "draw", "x": 1}\n', "line 2 is not an answer"),
    ('{"session": 1}\nnot json\n{"undo": true}\n', "line 2 is not JSON"),
])
def test_a_file_that_is_not_a_session_is_refused_with_its_line(text, message):
    with pytest.raises(InputError, match=message):
        parse_session(text)


@pytest.mark.parametrize("change, message", [
    ({"rules": {"draw": 2}}, "not a session header"),
    ({"samples": 0}, "not a session header"),
    ({"seed": "x"}, "not a session header"),
    ({"method": "guess"}, "not a session header.*unknown method 'guess'"),
    ({"limits": {"time_limit": -1, "max_nodes": None, "memory": None}}, "not a session header"),
    ({"start": {"base": "QC"}}, "its start: the deal file lacks 'reserve'"),
    ({"rules": {"draw": 3, "\x7fpasses": None}}, r"not a session header \(unknown rule option ' passes'\)$"),
    ({"rules": [3]}, r"not a session header \(its rule options are not an object\)$"),
    ({"limits": {"threads": 4}}, r"not a session header \(unknown limit 'threads'\)$"),
])
def test_a_header_with_a_wrong_value_is_refused(change, message):
    with pytest.raises(InputError, match=message):
        setup_of({**SETUP.header(), **change})


def test_a_folder_is_no_session_file(tmp_path):
    with pytest.raises(InputError, match="is a folder: name a file"):
        SessionWriter(str(tmp_path), SETUP.header())
    with pytest.raises(InputError, match="is a folder"):
        SessionWriter(str(tmp_path), None)
