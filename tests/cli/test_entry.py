"""The console script's entry (``cli.entry``): ``gridsolve --help`` and a bare ``gridsolve`` print
the text typer prints -- from ``entry.HELP``, without importing typer, click or a command -- where
the terminal is wide enough for that text, and typer's own rendering elsewhere; every other command
line but the plain solve / count (``cli.fast``, tests/cli/test_fast.py) runs ``cli.main`` as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from gridsolve.cli import entry

from ..helpers import ROOT

# the entry run in a fresh interpreter; the modules it loaded as JSON on stderr's last line
ENTRY = """
import json, sys
from gridsolve.cli.entry import main
sys.argv = ["gridsolve", *sys.argv[1:]]
try:
    main()
    code = 0
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def run(argv: list[str], columns: str | None = "80", via_entry: bool = True) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = columns
    cmd = ([sys.executable, "-c", ENTRY, *argv] if via_entry
           else [sys.executable, "-m", "gridsolve.cli.main", *argv])
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
                          stdin=subprocess.DEVNULL)


def report(p: subprocess.CompletedProcess) -> tuple[int, set[str], str]:
    """(exit code, modules loaded, stderr before the report line)."""
    *before, last = p.stderr.splitlines()
    got = json.loads(last)
    return got["code"], set(got["modules"]), "\n".join(before) + ("\n" if before else "")


def test_the_kept_help_is_what_typer_prints():
    typer_help = run(["--help"], via_entry=False)
    assert typer_help.returncode == 0, typer_help.stderr
    assert entry.HELP == typer_help.stdout, (
        "cli/entry.py HELP differs from typer's --help (a command added or its summary changed): "
        "replace HELP by the output of `COLUMNS=80 python -m gridsolve.cli.main --help`:\n"
        + typer_help.stdout)


@pytest.mark.parametrize("argv, code, stream", [(["--help"], 0, "stdout"), ([], 2, "stderr")],
                         ids=["--help", "bare"])
def test_help_is_printed_without_typer(argv, code, stream):
    p = run(argv)
    got, modules, err = report(p)
    assert got == code
    assert (p.stdout if stream == "stdout" else err) == entry.HELP
    heavy = ("typer", "click", "rich", "numpy", "gridsolve.cli.main", "gridsolve.puzzles")
    assert not [m for m in modules if m.split(".")[0] in heavy or m.startswith(heavy)]


def test_a_narrow_terminal_gets_typers_wrapping():
    p = run(["--help"], columns="60")
    got, modules, _ = report(p)
    assert got == 0 and "typer" in modules
    assert p.stdout == run(["--help"], columns="60", via_entry=False).stdout
    assert p.stdout != entry.HELP  # wrapped at 58 columns


def test_other_command_lines_run_the_commands():
    p = run(["count", "hamiltonian", "--size", "3"])
    got, _, err = report(p)
    assert got == 1 and p.stdout.startswith("hamiltonian-3: exactly 2 solutions"), err
    p = run(["solve", "--help"])
    got, modules, _ = report(p)
    assert got == 0 and "--limit" in p.stdout and "typer" in modules
