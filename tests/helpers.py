"""The tests' shared helpers, in one place (fixtures are in conftest.py): where the fixtures and
the shared corpora are, running the command line, the labyrinth walk helpers, the source scan of
the package's imports. Test modules import from here, never from each other; nothing here reads
the corpora when it is imported, so the suite collects on a clone without them."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from gridsolve.puzzles import kinds
from gridsolve.puzzles.formats import FormatError, read

from benchmarks.common import DATA, ROOT  # one place says where the shared corpora are

FIXTURES = ROOT / "tests" / "data"
# the one reason every data test skips with (one grouped line in the -ra summary)
NO_DATA = "needs the corpora in ../shared/data (or GRIDSOLVE_DATA)"


def shared(*parts: str) -> Path:
    """A path inside the shared corpora; skips the test when they are absent. Call it inside a
    test or fixture, never at import time (a skip outside a test skips the whole module)."""
    return _present(DATA.joinpath(*parts))


def seed_document(name: str) -> Path:
    """One of the seed documents beside the corpora (``../shared/seeds``); skips as ``shared``."""
    return _present(DATA.parent / "seeds" / name)


def _present(path: Path) -> Path:
    if not path.exists():
        pytest.skip(NO_DATA)  # one place, so that the -ra summary groups every data skip
    return path


NO_DATA_LINE = _present.__code__.co_firstlineno + 2


# ---------------------------------------------------------------- the command line


def gridsolve(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gridsolve.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def assert_one_line_error(p: subprocess.CompletedProcess, code: int = 2, fragment: str = "") -> None:
    assert p.returncode == code, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gridsolve: error: "), p.stderr
    assert "Traceback" not in p.stderr
    assert fragment in lines[0]


def assert_one_clear_error(arg: str, message: str) -> None:
    """Reading ``arg`` fails with one line that holds ``message``."""
    with pytest.raises(FormatError) as info:
        read(arg)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------- the labyrinth walks

STEP = {"D": (0, 1), "R": (1, 0), "U": (0, -1), "L": (-1, 0)}

NAME = "DRUL"  # direction codes 0..3



def walk_cells(moves: str) -> list[tuple[int, int]]:
    """The author's (x, y) cells of a walk from (1, 1) given as moves D/R/U/L."""
    out = [(1, 1)]
    for m in moves:
        dx, dy = STEP[m]
        out.append((out[-1][0] + dx, out[-1][1] + dy))
    return out


def at_walk(n: int, moves: str, groups: int | None = None):
    """At the live end of a walk: the stepper, the candidates, the moves the rules allow (D/R/U/L)
    and the rule forbidding each other one; ``groups`` defaults to the universal rules."""
    from gridsolve.native_rules.hamiltonian.cascade.engine import UNIVERSAL
    from gridsolve.native_rules.hamiltonian.tools.audit import Stepper

    if groups is None:
        groups = UNIVERSAL
    st = Stepper(n, groups, walk_cells(moves))
    cands, allowed, why = st.step()
    return st, "".join(NAME[d] for d in cands), "".join(NAME[d] for d in allowed), \
        {NAME[d]: r for d, r in why.items()}


def completable(n: int, moves: str) -> str:
    """The moves the exact oracle says can be completed, as D/R/U/L letters."""
    from gridsolve.native_rules.hamiltonian.coordinates import to_rc
    from gridsolve.native_rules.hamiltonian.tools.oracle import completable_moves
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle

    cells = walk_cells(moves)
    puzzle = HamiltonianPuzzle.square(n).with_prefix(tuple(to_rc(c) for c in cells))
    good = completable_moves(puzzle)
    x, y = cells[-1]
    return "".join(m for m in "DRUL" if to_rc((x + STEP[m][0], y + STEP[m][1])) in good)


def state_moves(name: str) -> tuple[int, str]:
    """The size and the D/R/U/L moves of one of the author's saved states (needs the corpora)."""
    from gridsolve.puzzles.formats.hamiltonian import read_fodor_state

    state = read_fodor_state(shared("hamiltonian", "fodor-states", name + ".txt"))
    cells = [(c[1] + 1, c[0] + 1) for c in state.path]
    step = {(1, 0): "R", (-1, 0): "L", (0, 1): "D", (0, -1): "U"}
    moves = (step[(b[0] - a[0], b[1] - a[1])] for a, b in zip(cells, cells[1:], strict=False))
    return state.size, "".join(moves)


# ---------------------------------------------------------------- the package's imports (source scan)

# folder at the repository top -> layer; a module may import its own layer's
# modules (within the same folder) and any lower layer, never a higher one
LAYERS = {
    "puzzles": 0,
    "encoding": 1,
    "cpmodels": 2,
    "satmodels": 2,
    "native_rules": 2,
    "combined": 3,
    "harness": 4,
    "gridsolve": 5,
    "web": 6,  # the visual program's server: beside the command line, which starts it
    "cli": 7,
}


def _modules() -> dict[str, Path]:
    out = {}
    for folder in LAYERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            if parts[0] != "gridsolve":
                parts.insert(0, "gridsolve")
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Absolute names of everything ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                # above `gridsolve` is the repository top, whose layer folders are gridsolve.<folder>
                # (the API root's type-checking imports: `from ..harness.registry import Backend`)
                base = base[: max(len(base) - node.level + 1, 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)  # `from pkg import module`
    return found


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


FAKE_KIND = "fake"  # a kind registered by name alone: no module in any layer


@dataclass(frozen=True)
class FakePuzzle:
    """A puzzle of the fake kind, as a layer that is asked for it would receive it."""

    rows: int = 2
    cols: int = 2
    kind = FAKE_KIND


def register_fake_kind(monkeypatch) -> None:
    """Add the fake kind to ``KINDS`` for one test (every layer must then refuse it by name)."""
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, FAKE_KIND))
