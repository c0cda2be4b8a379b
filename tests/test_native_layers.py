"""The native_rules layer's imports: no module imports a checker (the checkers are the harness's
independent referee), no import cycle among its modules, and importing a kind's backend neither
compiles anything nor imports another kind's kernels."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "native_rules"
PACKAGE = "gridsolve.native_rules"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join([PACKAGE, *parts])] = path
    return out


def _imports(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports, at any depth of the file (lazy imports count)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_no_native_module_imports_a_checker():
    offenders = {name: sorted(i for i in _imports(name, path) if i.startswith("gridsolve.puzzles.check"))
                 for name, path in _modules().items()}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_import_scan_sees_relative_and_lazy_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from ...puzzles.check import nurikabe\n")
    assert "gridsolve.puzzles.check.nurikabe" in _imports(f"{PACKAGE}.kind.probe", probe)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles, state = [], {}

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return cycles


def test_no_import_cycle_in_native_rules():
    modules = _modules()
    graph = {name: {i for i in _imports(name, path) if i in modules and i != name}
             for name, path in modules.items()}
    for name in modules:  # importing a submodule imports its packages first; that is no cycle
        graph[name] = {i for i in graph[name] if not name.startswith(i + ".")}
    assert _cycles(graph) == []
    edgematching = f"{PACKAGE}.edgematching"
    assert edgematching not in graph[f"{PACKAGE}.edgematching_fast"]


def test_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b", "a"]]


IMPORT_PROBE = """
import sys
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
import importlib
importlib.import_module(sys.argv[1])
others = [m for m in sys.modules if m.startswith("gridsolve.native_rules.") and not m.startswith(sys.argv[2])
          and m != "gridsolve.native_rules._numba"]
print(compiled, others)
"""


def test_importing_a_kind_compiles_nothing_and_imports_no_other_kind():
    for module, own in (("gridsolve.native_rules.nurikabe.deduce", "gridsolve.native_rules.nurikabe"),
                        ("gridsolve.native_rules.hamiltonian.drivers", "gridsolve.native_rules.hamiltonian"),
                        ("gridsolve.native_rules.slitherlink.solvers", "gridsolve.native_rules.slitherlink"),
                        ("gridsolve.native_rules.edgematching", "gridsolve.native_rules.edgematching")):
        out = subprocess.run([sys.executable, "-c", IMPORT_PROBE, module, own], capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == "[] []", (module, out)
