"""A first run's processes import as the process that starts them (``engine/first_run/same_package.py``)."""

from __future__ import annotations

import json
import subprocess
import sys

from canfield_solver.engine.first_run.same_package import module_command


def test_the_module_runs_as_main_with_its_arguments_on_this_import_path(tmp_path, monkeypatch):
    (tmp_path / "probe_module.py").write_text(
        "import json, sys\nif __name__ == '__main__':\n    print(json.dumps([sys.argv[1:], sys.path]))\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # where only this process would look first
    monkeypatch.chdir(tmp_path.parent)  # ``python -m`` would put this folder first instead
    done = subprocess.run(module_command("probe_module", "compile", "x y"), capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    args, path = json.loads(done.stdout)
    assert args == ["compile", "x y"]
    assert path == [entry for entry in sys.path if isinstance(entry, str)]
