"""The layers of docs/architecture.md, checked on the source: imports point one way, backends never
import each other or the independent checker, the command line and the web server import no
backend, only the CP-SAT models import ortools and only the CNF models import pysat, and no two
modules import each other (directly or round a longer cycle). Every ``import`` counts,
module-level or inside a function."""

from __future__ import annotations

import ast

import pytest

from ..helpers import IMPORTS, LAYERS, MODULES, _imports

BACKENDS = ("encoding", "cpmodels", "satmodels", "native_rules", "combined")


def _folder(module: str) -> str | None:
    """The repository folder (layer) a gridsolve module lives in."""
    parts = module.split(".")
    if parts[0] != "gridsolve":
        return None
    if len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    return "gridsolve"


def _internal(module: str) -> str | None:
    """The known gridsolve module an imported name refers to (a module, or the module holding the
    imported attribute), else None."""
    while module:
        if module in MODULES:
            return module
        module = module.rpartition(".")[0]
    return None


def test_the_tree_is_read():
    assert "gridsolve.puzzles.solving" in MODULES and "gridsolve.cli.main" in MODULES
    assert any(f.startswith("gridsolve.cpmodels") for f in MODULES)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_layers(module):
    own = _folder(module)
    bad = []
    for imp in IMPORTS[module]:
        target = _internal(imp)
        if target is None or target == "gridsolve":
            continue
        other = _folder(target)
        if other == own:
            continue
        if LAYERS[other] > LAYERS[own] or (LAYERS[other] == LAYERS[own]):
            bad.append(f"{imp} ({other})")
    assert not bad, f"{module} ({own}, layer {LAYERS[own]}) imports upward or sideways: {bad}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _folder(m) in BACKENDS))
def test_no_backend_imports_the_checker(module):
    checker = "gridsolve.puzzles.check"
    bad = [i for i in IMPORTS[module] if i == checker or i.startswith(checker + ".")]
    assert not bad, f"{module} imports the independent checker: {bad}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _folder(m) in ("cli", "web")))
def test_the_command_line_and_the_web_server_import_no_backend(module):
    bad = [i for i in IMPORTS[module] if _internal(i) and _folder(_internal(i)) in BACKENDS]
    assert not bad, f"{module} imports a backend package: {bad}"


@pytest.mark.parametrize(("library", "home"), [("ortools", "cpmodels"), ("pysat", "satmodels")])
def test_solver_libraries_are_imported_by_their_family_only(library, home):
    bad = [m for m, imps in IMPORTS.items()
           if _folder(m) != home and any(i == library or i.startswith(library + ".") for i in imps)]
    assert not bad, f"{library} imported outside {home}/: {bad}"


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Cycles met by a depth-first search (at least one per strongly connected component)."""
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                cycles.append(stack[stack.index(t):] + [t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return cycles


def test_no_import_cycle():
    graph = {m: {_internal(i) for i in imps} - {None, m} for m, imps in IMPORTS.items()}
    # a package's __init__ importing its own submodules is not a cycle that matters
    graph = {m: {t for t in ts if not t.startswith(m + ".")} for m, ts in graph.items()}
    cycles = find_cycles(graph)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_layers_import_each_other_relatively(module):
    """Inside the package a layer reaches another by a relative import (``from ..harness.run import
    run``), which resolves on disk for a type checker or an IDE as well as at run time; an absolute
    ``gridsolve.<layer>`` import resolves only through the installed package (docs/architecture.md,
    "How imports resolve"). ``import gridsolve`` (the API root) is fine: gridsolve/ is on disk."""
    bad = []
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        bad += [f"line {node.lineno}: {n}" for n in names if n.startswith("gridsolve.")]
    assert not bad, f"{module} imports gridsolve.<layer> absolutely (tools/relative_imports.py): {bad}"


def test_the_scan_sees_relative_and_lazy_imports_and_finds_cycles(tmp_path):
    path = tmp_path / "deduce.py"
    path.write_text("from ...puzzles.check import nurikabe\n"
                    "def f():\n    from gridsolve.cpmodels import slitherlink\n")
    found = _imports("gridsolve.native_rules.nurikabe.deduce", path)
    assert "gridsolve.puzzles.check.nurikabe" in found and "gridsolve.cpmodels.slitherlink" in found
    api = tmp_path / "__init__.py"
    api.write_text("if TYPE_CHECKING:\n    from ..harness.registry import Backend\n")
    assert "gridsolve.harness.registry.Backend" in _imports("gridsolve", api)
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []
