"""Solvitaire's verdicts against ours: a check of every "unwinnable" from outside our engine (tests/oracles/README.md).

Blake & Gent's solver decided these deals under its ``canfield`` rules, which are our ``--rules solvitaire``; our
verdict on each must be the same. Deals it left timed out stay in the file but are not compared.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from canfield_solver import Limits, Rules, Verdict, solve
from canfield_solver.formats.codes import format_code

DATA = Path(__file__).parent.parent / "oracles" / "solvitaire_verdicts.jsonl"
DRAWS = {"d3": 3, "d1": 1}  # the file's rule sets: "deal count" 3 or 1, no foundation return
# What the file holds (deals 0..199 under each rule set), so that an empty, cut or unreadable file fails.
EXPECTED = {("d3", "winnable"): 139, ("d3", "unwinnable"): 59, ("d3", "unknown"): 2,
            ("d1", "winnable"): 184, ("d1", "unwinnable"): 16}
# Our solver needs at most 5,794,815 states on these deals (CF1-D3-AAAAAAM, unwinnable). States, not seconds,
# so that a busy machine cannot turn a verdict into "unknown".
MAX_NODES = 10_000_000


def read_verdicts() -> list[tuple[str, int, str]]:
    """(rule set, deal number, Solvitaire's verdict) of every line of the data file."""
    entries = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    return [(entry["rules"], entry["deal"], entry["outcome"]["verdict"]) for entry in entries]


def decided(verdicts: list[tuple[str, int, str]]) -> list:
    """One case (code, draw, Solvitaire's verdict) per deal Solvitaire decided, named by its code."""
    cases = []
    for rule_set, number, verdict in verdicts:
        if verdict != "unknown":
            code = format_code(number, DRAWS[rule_set])
            cases.append(pytest.param(code, DRAWS[rule_set], verdict, id=code))
    return cases


VERDICTS = read_verdicts()
DECIDED = decided(VERDICTS)


def test_the_file_holds_every_deal() -> None:
    """The file is the one README.md describes, and every deal Solvitaire decided is compared below."""
    assert Counter((rule_set, verdict) for rule_set, _, verdict in VERDICTS) == EXPECTED
    assert len({(rule_set, number) for rule_set, number, _ in VERDICTS}) == len(VERDICTS), "a deal comes twice"
    assert len(DECIDED) == sum(count for (_, verdict), count in EXPECTED.items() if verdict != "unknown")


@pytest.mark.parametrize(("code", "draw", "theirs"), DECIDED)
def test_our_verdict_is_solvitaires(code: str, draw: int, theirs: str) -> None:
    """Decided within ``MAX_NODES`` states (one thread: the same states every run), as Solvitaire decided it."""
    rules = Rules(draw=draw, worry_back=False, moves="any", spaces="any", tableau_order="base")
    result = solve(code, rules, limits=Limits(max_nodes=MAX_NODES, threads=1))
    assert result.verdict != Verdict.UNKNOWN, f"{code}: ours unknown after {result.nodes:,} states, Solvitaire {theirs}"
    assert result.verdict == Verdict(theirs), f"{code}: ours {result.verdict}, Solvitaire {theirs}"
