"""The house's plan (docs/architecture.md), checked on the sources: no import cycle, counting
imports inside functions and under ``TYPE_CHECKING``; no folder of more than 15 modules; every
module named on the architecture page and every engine module in the engine's index. The layers'
one-way imports are import-linter's contracts in pyproject.toml (``lint-imports``, run by .ci/run).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.docs import PROJECT

PACKAGE = PROJECT / "canfield_solver"
MOST_MODULES = 15


def module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(path: Path) -> set[str]:
    """The package's modules that ``path`` imports anywhere in it: at the top, in functions, under
    ``if TYPE_CHECKING:``; ``from X import name`` counts as importing ``X.name`` when that is a module."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names}
    return {module for module in found if module in MODULES and module != name}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in order), or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for following in sorted(graph[node]):
            if state.get(following) == "open":
                return stack[stack.index(following):] + [following]
            if following not in state:
                found = visit(following)
                if found:
                    return found
        state[node] = "done"
        stack.pop()
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_finder_of_cycles_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_imports_inside_functions_are_seen():
    graph = {name: imported(path) for name, path in MODULES.items()}
    assert "canfield_solver.formats.pysol" in graph["canfield_solver.formats.deal_argument"]  # inside a function
    assert "canfield_solver.runs.on_dask" in graph["canfield_solver.runs.batch"]  # inside a function
    assert "canfield_solver.engine.lost.easier_game" in graph["canfield_solver.engine.driver"]


def test_no_module_imports_one_that_imports_it_back():
    graph = {name: imported(path) for name, path in MODULES.items()}
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_no_folder_holds_more_than_15_modules():
    for folder in sorted({path.parent for path in MODULES.values()}):
        modules = sorted(path.name for path in folder.glob("*.py"))
        assert len(modules) <= MOST_MODULES, f"{folder.relative_to(PROJECT)}: {len(modules)} modules"


def test_the_architecture_page_names_every_module():
    page = (PROJECT / "docs" / "architecture.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^### (\w+)/\n(.*?)(?=^##|\Z)", page, re.S | re.M))
    assert set(sections) == {"core", "formats", "engine", "solving", "runs", "cli"}
    for path in MODULES.values():
        if path.name == "__init__.py":
            continue
        layer, *rest = path.relative_to(PACKAGE).parts
        assert f"| `{'/'.join(rest)}` |" in sections[layer], f"docs/architecture.md does not name {layer}/{'/'.join(rest)}"


def test_the_engine_index_names_every_engine_module():
    index = ast.get_docstring(ast.parse((PACKAGE / "engine" / "__init__.py").read_text(encoding="utf-8")))
    for path in (PACKAGE / "engine").rglob("*.py"):
        if path.name != "__init__.py":
            assert f"``{path.stem}``" in index, f"engine/__init__.py does not name {path.stem}"
