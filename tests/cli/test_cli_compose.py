"""The command line as a part of larger things: results on stdout and status lines on stderr, exit
codes a script can trust, worker processes that import what their parent imports, and the layers
and laziness that keep ``gridsolve`` instant (cli imports no backend, nothing heavy up front)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from gridsolve.harness import batch as engine
from gridsolve.harness import registry
from gridsolve.puzzles.solving import Limit
from typer.testing import CliRunner

from ..helpers import IMPORTS, ROOT

URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
BACKEND_PACKAGES = ("native_rules", "cpmodels", "satmodels", "combined", "encoding")
HEAVY = ("numba", "numpy", "ortools", "pysat")


def gridsolve(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


# ---------------------------------------------------------------- layers and laziness


@pytest.mark.parametrize("module", sorted(m for m in IMPORTS if m.startswith("gridsolve.cli.")))
def test_cli_imports_no_heavy_library_and_nothing_imports_main(module):
    """(That cli imports no backend package is tests/project/test_architecture.py's, for every layer.)"""
    for name in IMPORTS[module]:
        assert name.split(".")[0] not in HEAVY, name
        # main registers the command modules, none imports it back; the console script (entry)
        # hands every command line but the help to it
        if module not in ("gridsolve.cli.main", "gridsolve.cli.entry"):
            assert not name.startswith("gridsolve.cli.main"), name


@pytest.mark.parametrize("argv", [[], ["--help"], ["solve", "--help"], ["generate", "--help"]])
def test_help_imports_no_solver_and_no_numeric_library(argv):
    code = textwrap.dedent(f"""
        import sys
        sys.argv = ["gridsolve", *{argv!r}]
        from gridsolve.cli.main import main
        try:
            main()
        except SystemExit:
            pass
        heavy = [m for m in {HEAVY!r} if m in sys.modules]
        solvers = [m for m in sys.modules if m.split(".")[1:2] in {[[p] for p in BACKEND_PACKAGES]!r}]
        print(heavy, solvers, file=sys.stderr)
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.stderr.strip().splitlines()[-1] == "[] []", p.stderr


# ---------------------------------------------------------------- stdout, stderr, round trips


LABYRINTH = str(ROOT / "puzzles" / "samples" / "hamiltonian" / "blocked-5x6.txt")
EDGEMATCHING = str(ROOT / "puzzles" / "samples" / "edgematching" / "seed-4x4-c4-rot.txt")


@pytest.mark.parametrize(("puzzle", "fmt"), [
    (URL, "text"), (URL, "json"), (NURIKABE, "text"), (NURIKABE, "json"), (LABYRINTH, "text"),
    (LABYRINTH, "json"), (EDGEMATCHING, "json"),
])
def test_what_solve_prints_check_reads(tmp_path, puzzle, fmt):
    p = gridsolve("solve", puzzle, "--format", fmt)
    assert p.returncode == 0, p.stderr
    if fmt == "text":
        assert " solved, 1 solution" in p.stderr  # the status line, not in the result
    sol = tmp_path / f"solution.{fmt}"
    sol.write_text(p.stdout)
    c = gridsolve("check", puzzle, str(sol))
    assert c.returncode == 0 and c.stdout.strip().endswith(": valid"), (c.stdout, c.stderr)


def test_quiet_drops_the_status_lines():
    loud = gridsolve("solve", URL, "--limit", "2")
    quiet = gridsolve("solve", URL, "--limit", "2", "--quiet")
    assert "unique" in loud.stderr and quiet.stderr == ""
    assert quiet.returncode == loud.returncode == 0 and quiet.stdout == loud.stdout


# ---------------------------------------------------------------- exit codes


def test_batch_exits_1_when_an_instance_is_not_unique_or_unsolved(tmp_path):
    for name, text, verdict in (("empty", ". .\n. .", "not unique (1): empty"),
                                ("lonely", "3", "unsolved (1): lonely")):
        src = tmp_path / f"{name}.txt"
        src.write_text(f"slitherlink {'2x2' if name == 'empty' else '1x1'} {name}\n{text}\n")
        p = gridsolve("batch", str(src), "--out", str(tmp_path / f"{name}.jsonl"), "--jobs", "1")
        assert p.returncode == 1, (p.stdout, p.stderr)
        assert verdict in p.stdout
    ok = gridsolve("batch", URL, "--out", str(tmp_path / "ok.jsonl"), "--jobs", "1")
    assert ok.returncode == 0 and "0 unsolved, 0 not unique" in ok.stdout, ok.stdout


runner = CliRunner()


def test_walk_audit_exits_0_on_a_clean_audit_even_when_walks_get_stuck():
    from gridsolve.cli.main import app

    args = ["walk", "--size", "7", "--walks", "3", "--seed", "1", "--rules", "none", "--audit"]
    r = runner.invoke(app, args)
    assert "0 complete" in r.output and " 0 unsound" in r.output, r.output
    assert r.exit_code == 0, r.output


def test_walk_audit_exits_1_on_an_unsound_step(monkeypatch):
    from gridsolve.cli.main import app
    from gridsolve.harness import labyrinth

    class Everything:
        """An oracle that calls every free neighbour completable: every forbidden move is unsound."""

        def moves(self, puzzle):
            return {n for n in puzzle.neighbours(puzzle.live_end) if n not in puzzle.walked()}

    monkeypatch.setattr(labyrinth, "make_oracle", Everything)
    r = runner.invoke(app, ["walk", "--size", "7", "--walks", "3", "--seed", "1", "--audit"])
    assert "unsound" in r.output and " 0 unsound" not in r.output, r.output
    assert r.exit_code == 1, r.output


# ---------------------------------------------------------------- worker processes


def test_worker_children_import_from_the_parents_path(tmp_path, monkeypatch):
    """A backend module the parent finds on its own ``sys.path`` (not on ``PYTHONPATH``, not in
    the repository) is found by the batch's worker processes too."""
    (tmp_path / "elsewhere_backends.py").write_text(
        "from gridsolve.harness.registry import Backend\n"
        "BACKENDS = (Backend('slitherlink', 'sat-elsewhere', 'gridsolve.satmodels.slitherlink:solve',\n"
        "                    'the sat model under another name', family='sat'),)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setenv(registry.EXTRA_ENV, "elsewhere_backends:BACKENDS")
    monkeypatch.chdir(tmp_path.parent)
    entries = engine.load([URL])
    out = tmp_path / "r.jsonl"
    engine.run_batch(entries, out, engine.Options(backends="sat-elsewhere", jobs=1, limit=Limit(60, 2)))
    [rec] = [json.loads(line) for line in out.read_text().splitlines()]
    assert (rec["backend"], rec["status"], rec["unique"]) == ("sat-elsewhere", "solved", True), rec["error"]


def test_replay_of_a_bad_state_is_an_error_line_on_stderr(tmp_path):
    bad = tmp_path / "state.txt"
    bad.write_text("not a state\n")
    p = gridsolve("replay", str(bad))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith("gridsolve: error: state.txt: ") and "saved board state" in p.stderr
