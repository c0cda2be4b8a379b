"""The test suite's own layout: the shared helpers live in helpers.py (and the named support
modules), fixtures in conftest.py; no test module imports from another test module, and no test
imports a private (underscore) name of the package -- it tests the public surface, or the name
is made public."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
MODULES = sorted(TESTS.glob("*.py"))
# the package's private infrastructure modules, shared by every kind's models: renaming them
# waits for the kinds being added in parallel (their new modules import these names)
INFRASTRUCTURE = {"gridsolve.cpmodels._cpsat", "gridsolve.satmodels._cnf", "gridsolve.native_rules._numba"}


def imports(path: Path):
    """(module imported from, names) of every import in ``path``, relative ones as written."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            yield "." * node.level + (node.module or ""), [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_test_module_imports_another_or_conftest(path):
    for module, names in imports(path):
        last = module.rpartition(".")[2]
        targets = [last] if last else names  # `from . import x`
        bad = [t for t in targets if t.startswith("test_") or t == "conftest"]
        assert not bad, f"{path.name} imports {module} {names}: move the helper to tests/helpers.py"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_test_imports_a_private_name_of_the_package(path):
    for module, names in imports(path):
        if not module.startswith("gridsolve"):
            continue
        for full in [module] + [f"{module}.{n}" for n in names]:
            for infra in INFRASTRUCTURE:  # the module's own public names are fine
                full = full.replace(infra, "infrastructure", 1) if full.startswith(infra) else full
            private = [p for p in full.split(".") if p.startswith("_") and not p.startswith("__")]
            assert not private, f"{path.name} imports {full}: test the public surface or make it public"


def test_the_scan_sees_cross_module_and_private_imports(tmp_path):
    path = tmp_path / "test_x.py"
    path.write_text("from .test_cli import gridsolve\n"
                    "from gridsolve.native_rules.nurikabe.deduce import _pass\n")
    with pytest.raises(AssertionError, match="tests/helpers.py"):
        test_no_test_module_imports_another_or_conftest(path)
    with pytest.raises(AssertionError, match="public"):
        test_no_test_imports_a_private_name_of_the_package(path)
