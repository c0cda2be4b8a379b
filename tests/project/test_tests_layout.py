"""The test suite's own layout (tests/README.md): every test module lives in one folder per kind or
per cross-kind layer, each folder a package; the shared helpers live in helpers.py and the named
support modules of tests/support/, fixtures in conftest.py; no test module imports from another
test module; no test imports a private (underscore) name of the package -- it tests the public
surface, or the name is made public; and every test path the documents name exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path, PurePosixPath

import pytest
from gridsolve.puzzles.kinds import KINDS

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
# a kind's own tests: its domain, models, ports, tools and commands (named without the kind)
KIND_FOLDERS = ("slitherlink", "nurikabe", "hamiltonian", "edgematching", "masyu")
# the tests across kinds, by the layer they exercise; `project` checks the repository as a whole
LAYER_FOLDERS = ("backends", "harness", "api", "cli", "web", "project")
SUPPORT = "support"  # the kinds' brute forces, the test doubles, the browser fixtures: no tests
TOP = ("__init__.py", "conftest.py", "helpers.py")  # the only modules directly in tests/
MODULES = sorted(p for p in TESTS.rglob("*.py") if "data" not in p.relative_to(TESTS).parts)
FOLDERS_SAID = (f"a kind folder ({', '.join(f'tests/{f}/' for f in KIND_FOLDERS)}) or a layer folder "
                f"({', '.join(f'tests/{f}/' for f in LAYER_FOLDERS)}); tests/README.md says which")


def shown(path: Path) -> str:
    """The module as the messages name it: its path under tests/ (basenames repeat across folders)."""
    return path.relative_to(TESTS).as_posix() if path.is_relative_to(TESTS) else path.name


def imports(path: Path):
    """(module imported from, names) of every import in ``path``, relative ones as written."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            yield "." * node.level + (node.module or ""), [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, []


@pytest.mark.parametrize("path", MODULES, ids=shown)
def test_no_test_module_imports_another_or_conftest(path):
    for module, names in imports(path):
        last = module.rpartition(".")[2]
        targets = [last] if last else names  # `from . import x`
        bad = [t for t in targets if t.startswith("test_") or t == "conftest"]
        assert not bad, f"{shown(path)} imports {module} {names}: move the helper to tests/helpers.py"


@pytest.mark.parametrize("path", MODULES, ids=shown)
def test_no_test_imports_a_private_name_of_the_package(path):
    for module, names in imports(path):
        if not module.startswith("gridsolve"):
            continue
        for full in [module] + [f"{module}.{n}" for n in names]:
            private = [p for p in full.split(".") if p.startswith("_") and not p.startswith("__")]
            assert not private, f"{shown(path)} imports {full}: test the public surface or make it public"


def test_the_scan_sees_cross_module_and_private_imports(tmp_path):
    path = tmp_path / "test_x.py"
    path.write_text("from .test_cli import gridsolve\n"
                    "from gridsolve.native_rules.nurikabe.deduce import _pass\n")
    with pytest.raises(AssertionError, match="tests/helpers.py"):
        test_no_test_module_imports_another_or_conftest(path)
    with pytest.raises(AssertionError, match="public"):
        test_no_test_imports_a_private_name_of_the_package(path)


def misplaced(rel: PurePosixPath) -> str | None:
    """Why the module at ``tests/<rel>`` is out of place, or None: a test module sits one level
    down, in a kind or a layer folder; a support module in tests/support/; directly in tests/
    only the hooks and helpers.py."""
    if rel.name.startswith("test_"):
        if len(rel.parts) != 2 or rel.parts[0] not in KIND_FOLDERS + LAYER_FOLDERS:
            return f"tests/{rel}: a test module goes in {FOLDERS_SAID}"
    elif len(rel.parts) == 1:
        if rel.name not in TOP:
            return f"tests/{rel}: a shared helper goes in tests/helpers.py or tests/{SUPPORT}/"
    elif rel.name != "__init__.py" and (len(rel.parts) != 2 or rel.parts[0] != SUPPORT):
        return f"tests/{rel}: a module that is not a test goes in tests/{SUPPORT}/ (or helpers.py)"
    return None


@pytest.mark.parametrize("path", MODULES, ids=shown)
def test_every_module_is_in_its_place(path):
    rel = PurePosixPath(path.relative_to(TESTS).as_posix())
    assert not misplaced(rel), misplaced(rel)
    # every folder a package, so that a basename may repeat across folders
    assert (path.parent / "__init__.py").exists(), f"tests/{rel.parent}/ has no __init__.py: add an empty one"


def test_the_place_check_names_the_folders():
    assert misplaced(PurePosixPath("nurikabe/test_formats.py")) is None
    assert misplaced(PurePosixPath("support/nurikabe_brute.py")) is None
    assert misplaced(PurePosixPath("helpers.py")) is None
    flat = misplaced(PurePosixPath("test_fake_kind.py"))
    assert flat and "tests/nurikabe/" in flat and "tests/web/" in flat and "tests/README.md" in flat
    assert misplaced(PurePosixPath("web/browser_support.py")) == \
        "tests/web/browser_support.py: a module that is not a test goes in tests/support/ (or helpers.py)"
    assert "tests/helpers.py" in (misplaced(PurePosixPath("nurikabe_brute.py")) or "")
    assert misplaced(PurePosixPath("nurikabe/rules/test_x.py"))


def test_every_kind_has_its_folder():
    missing = [k for k in KINDS if k not in KIND_FOLDERS]
    assert not missing, f"kinds without a test folder: {missing}: add tests/<kind>/ and KIND_FOLDERS"
    assert all((TESTS / f / "__init__.py").exists() for f in KIND_FOLDERS + LAYER_FOLDERS + (SUPPORT,))


def test_every_test_path_named_in_the_documents_exists():
    """The READMEs, docs/, the Makefile, CI, the benchmarks and the tests name test modules by path;
    a path left behind by a move fails here."""
    named = [ROOT / "README.md", ROOT / "Makefile", ROOT / ".ci" / "run", TESTS / "README.md",
             *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "benchmarks").rglob("*.py")), *MODULES]
    stale = [f"{where.relative_to(ROOT)}: {found}"
             for where in named if where.exists() and where != Path(__file__).resolve()
             for found in sorted(set(re.findall(r"\btests/[\w/]+\.py\b", where.read_text(encoding="utf-8"))))
             if not (ROOT / found).exists()]
    assert not stale, "test paths that do not exist (tests/README.md: the layout):\n" + "\n".join(stale)
