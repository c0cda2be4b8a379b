"""Every kind and every registry entry against the contracts of puzzles/contracts.py, the install
layout (one top-level package), and formats a kind lacks refused by name."""

from __future__ import annotations

import inspect
import shutil
import subprocess
import sys
import tomllib
import zipfile

import pytest
from gridsolve.harness import registry
from gridsolve.puzzles import contracts, formats, kinds
from gridsolve.puzzles.formats.common import Capabilities
from gridsolve.puzzles.solving import Limit

from ..helpers import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
INTERNAL_OPTIONS = {"backend", "fixed"}  # keywords combined backends pass, not a caller's options


@pytest.mark.parametrize("kind", kinds.KINDS)
def test_each_kind_keeps_the_domain_contracts(kind):
    fmod = kinds.formats(kind)
    assert isinstance(fmod, contracts.KindFormats) and fmod.KIND == kind
    assert isinstance(kinds.checker(kind), contracts.KindChecker)
    assert isinstance(kinds.render(kind), contracts.KindRenderer)
    caps = fmod.CAPABILITIES
    assert isinstance(caps, Capabilities)
    assert (caps.from_url is None) == (not caps.url_types)
    # a URL is dispatched by the registry: its puzz.link type is the kind's name or an alias
    assert all(kinds.normalize(t) == kind for t in caps.url_types), caps.url_types
    assert (caps.looks_like_id is None) == (caps.from_id is None)
    assert (caps.sniff is None) == (caps.parse_document is None)
    for name, writer in caps.writers.items():
        assert name not in ("text", "canonical", "json", "svg"), f"{kind}: {name} is every kind's"
        assert list(inspect.signature(writer).parameters)[:2] == ["puzzle", "solution"], name


def test_no_format_module_is_probed_with_hasattr():
    for folder in ("puzzles", "cli", "harness", "gridsolve"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            assert "hasattr(fmod" not in text and "hasattr(mod," not in text, path
            if folder != "cli":  # the cli builds its typer signatures with inspect; backends are not probed
                assert "inspect.signature" not in text, path


def _parameters(target: str):
    return inspect.signature(registry.load(target)).parameters


@pytest.mark.parametrize("backend", registry.BACKENDS, ids=lambda b: f"{b.kind}-{b.name}")
def test_each_registry_entry_keeps_the_backend_contract(backend):
    assert backend.kind in kinds.KINDS and backend.family in ("sat", "cpsat", "native")
    assert registry.get(backend.kind, backend.name) is backend
    for target in filter(None, (backend.target, backend.counter)):
        params = _parameters(target)
        positional = [p for p in params.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        assert [p.name for p in positional[:2]] == ["puzzle", "limit"], target
        keywords = {n for n, p in params.items() if p.kind == p.KEYWORD_ONLY or p in positional[2:]}
        assert set(backend.takes) <= keywords, f"{target} does not take {set(backend.takes) - keywords}"
        assert keywords - INTERNAL_OPTIONS <= set(backend.takes), \
            f"{backend.name}: undeclared options {keywords - INTERNAL_OPTIONS - set(backend.takes)}"
    assert set(backend.options) <= set(backend.takes)
    if backend.validator:
        assert list(_parameters(backend.validator)) == ["options"]
    with pytest.raises(registry.UnknownOption, match="no option 'nosuch'"):
        backend.check_options({"nosuch": 1})


def test_the_registry_is_lazy():
    code = ("import sys; from gridsolve.harness import registry; registry.get('nurikabe', 'rules+sat'); "
            "[b.description for b in registry.BACKENDS]; "
            "print(sorted(m for m in ('numpy', 'ortools', 'pysat', 'numba') if m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "[]", p.stderr


def test_a_count_only_mode_is_typed_and_checked():
    from gridsolve.harness.run import count

    dp = registry.get("hamiltonian", "dp")
    puzzle = formats.from_size("hamiltonian", "5")
    r = count(dp, puzzle, Limit(60, 1))
    assert r.total == 104 and r.count == 104 and r.exhausted and dp.count_function is not None


def test_pyproject_packages_cover_every_package_folder():
    packages = set(PYPROJECT["packages"])
    found = set()
    for name, folder in PYPROJECT["package-dir"].items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base).parts
            found.add(".".join((name, *rel)))
    assert found <= packages, f"missing from pyproject packages: {sorted(found - packages)}"
    assert all(p.split(".")[0] == "gridsolve" for p in packages)


@pytest.mark.parametrize("source,fmt", [
    ("hamiltonian", "url"), ("hamiltonian", "pzprv3"), ("edgematching", "url"), ("edgematching", "pzprv3"),
])
def test_render_refuses_a_format_the_kind_lacks_with_exit_2(source, fmt):
    p = subprocess.run([sys.executable, "-m", "gridsolve.cli.main", "render", str(_puzzle_file(source)),
                        "-f", fmt], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"gridsolve: error: {source} puzzles are written as: ")
    assert "text, canonical, json, svg" in lines[0] and "Traceback" not in p.stderr


def _puzzle_file(kind: str):
    return {"hamiltonian": ROOT / "puzzles" / "samples" / "hamiltonian" / "square-5.txt",
            "edgematching": ROOT / "puzzles" / "samples" / "edgematching" / "seed-4x4-c4-rot.txt"}[kind]


def test_the_wheel_installs_one_top_level_package(tmp_path):
    """``pip wheel`` of the project (a copy of what the build reads): only ``gridsolve`` inside."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for folder in PYPROJECT["package-dir"].values():
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__", "*.nb[ic]"))
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w",
                        str(tmp_path / "dist")], capture_output=True, text=True, timeout=300)
    wheels = list((tmp_path / "dist").glob("*.whl"))
    if p.returncode != 0 or not wheels:
        pytest.skip(f"cannot build a wheel here (offline?): {(p.stderr.strip().splitlines() or ['?'])[-1]}")
    with zipfile.ZipFile(wheels[0]) as z:
        tops = {n.split("/")[0] for n in z.namelist() if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"gridsolve"}
