"""The kernels run as Python (numba's compiler off, as a first run's child runs them) give the
compiled kernels' answers: verdict, states searched, limit hit and move list, under every rule set."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace

import pytest

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.engine.cache import INTERPRETED
from canfield_solver.formats.codes import position_from_code, random_codes
from canfield_solver.solving.for_people import solve_for_people

INTERPRETED_SOLVES = """
import pickle, sys
from canfield_solver.engine.kernel import COMPILED
from canfield_solver.solving.for_people import solve_for_people

assert not COMPILED
answers = []
for start, rules, limits in pickle.load(sys.stdin.buffer):
    result = solve_for_people(start, rules, limits)
    answers.append((result.verdict, result.nodes, result.limit_hit, result.moves))
pickle.dump(answers, sys.stdout.buffer)
"""

RULE_SETS = [resolve_rules(RuleOptions(preset)) for preset in ("app", "solvitaire", "pysolfc", "hoyle")]
LIMITS = Limits(max_nodes=1500)  # about a third of a second each, interpreted; many searches end at the limit
UNWINNABLE = {3: ["CF1-D3-LBECXOP", "CF1-D3-QADHMFC", "CF1-D3-DXAEGGH"], 1: []}  # the app's rules: 8, 25, 30 states


def interpreted(requests: list) -> list:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", **{INTERPRETED: "1"})
    done = subprocess.run([sys.executable, "-c", INTERPRETED_SOLVES], input=pickle.dumps(requests),
                          capture_output=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return pickle.loads(done.stdout)


@pytest.mark.parametrize("draw", [3, 1])
def test_interpreted_kernels_answer_as_the_compiled_ones(draw):
    requests = [(position_from_code(code), replace(rules, draw=draw), LIMITS)
                for code in random_codes(6, draw, seed=40 + draw) + UNWINNABLE[draw] for rules in RULE_SETS]
    compiled = [solve_for_people(start, rules, limits) for start, rules, limits in requests]
    expected = [(result.verdict, result.nodes, result.limit_hit, result.moves) for result in compiled]
    assert interpreted(requests) == expected
    verdicts = {verdict for verdict, *_ in expected}  # every kind of answer compared
    assert verdicts == ({"winnable", "unwinnable", "unknown"} if UNWINNABLE[draw] else {"winnable", "unknown"})
