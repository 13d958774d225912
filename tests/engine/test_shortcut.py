"""``paths/shortcut.py`` skips the jumps that the counts of foundation, reserve and talon cards
rule out: the cut is the one that tries every jump. Compared on search wins under every preset,
with the kernels run as Python (numba's compiler off), where the filter can be switched off."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import numpy as np

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.engine.cache import INTERPRETED
from canfield_solver.engine.codec import encode
from canfield_solver.engine.driver import search_win
from canfield_solver.engine.paths.shortcut import shortcut
from canfield_solver.engine.zobrist import full_hash, make_table
from canfield_solver.formats.codes import position_from_code

CUTS = """
import pickle, sys
import numpy as np
from canfield_solver.engine.codec import encode
from canfield_solver.engine.kernel import COMPILED
from canfield_solver.engine.paths import shortcut as module
from canfield_solver.engine.zobrist import full_hash, make_table

assert not COMPILED
filtered = module._reaches
skipped = 0


def counted(*args):
    global skipped
    near = filtered(*args)
    skipped += not near
    return near


def cut(start, rules, path):
    st = encode(start, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, make_table(), hashes)
    out = np.zeros(2 * len(path), np.int32)
    length, saved = module.shortcut(st, hashes, make_table(), path, out)
    return out[:length].tolist(), int(saved)


cuts = []
for start, rules, path in pickle.load(sys.stdin.buffer):
    module._reaches = counted
    with_filter = cut(start, rules, path)
    module._reaches = lambda *args: True
    cuts.append((with_filter, cut(start, rules, path)))
pickle.dump((cuts, skipped), sys.stdout.buffer)
"""

# Search wins with detours to cut (found among random deals), and some without.
GAMES = [("CF1-D3-KIDVDCB", 3, "app"), ("CF1-D3-OHZHIRN", 3, "app"), ("CF1-D3-JAPMZCN", 3, "app"),
         ("CF1-D1-YEYTCXT", 1, "app"), ("CF1-D1-KIDVDCB", 1, "app"), ("CF1-D1-NDAHUSY", 1, "solvitaire"),
         ("CF1-D1-NDAHUSY", 1, "pysolfc"), ("CF1-D3-OHZHIRN", 3, "hoyle"), ("CF1-D3-AAAAAAC", 3, "solvitaire"),
         ("CF1-D3-AAAAAAC", 3, "pysolfc"), ("CF1-D3-AAAAAAX", 3, "hoyle")]


def compiled_cut(start, rules, path) -> tuple[list[int], int]:
    st = encode(start, rules)
    hashes = np.zeros(5, np.uint64)
    full_hash(st, make_table(), hashes)
    out = np.zeros(2 * len(path), np.int32)
    length, saved = shortcut(st, hashes, make_table(), path, out)
    return out[:length].tolist(), int(saved)


def test_the_counts_filter_cuts_as_trying_every_jump_does():
    requests = []
    for code, draw, preset in GAMES:
        start = position_from_code(code)
        rules = resolve_rules(RuleOptions(preset, draw=draw))
        found = search_win(start, rules, Limits(max_nodes=20_000))
        if len(found.moves):
            requests.append((start, rules, found.moves[:100]))  # a win's first 100 moves: a path like any other
    assert len(requests) >= 9
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", **{INTERPRETED: "1"})
    done = subprocess.run([sys.executable, "-c", CUTS], input=pickle.dumps(requests), capture_output=True, env=env,
                          timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    cuts, skipped = pickle.loads(done.stdout)
    assert all(with_filter == every_jump for with_filter, every_jump in cuts)
    assert [with_filter for with_filter, _ in cuts] == [compiled_cut(*request) for request in requests]
    assert skipped > 100 and sum(saved > 0 for (_, saved), _ in cuts) >= 7  # the filter skips, and cuts happen
