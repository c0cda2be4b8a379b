"""The small jobs' own parser (``cli.fast``): a table of command lines -- plain ones it answers,
bad ones whose error comes from the command body, and ones it must leave to typer -- each run
through the console script's entry and through typer's parser alone, with the same stdout,
stderr and exit code; and its option tables are typer's declaration of ``solve`` and ``count``."""

from __future__ import annotations

import re

import pytest
from gridsolve.cli import entry, fast
from gridsolve.cli import main as typer_cli
from gridsolve.cli.options import COUNT, SOLVE, SOLVING

NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
MASYU = "https://puzz.link/p?masyu/6/6/00016f769000"

# (argv, answered by the fast parser?)
TABLE = [
    (["solve", NURIKABE], True),
    (["solve", MASYU], True),
    (["solve", "-b", "sat", NURIKABE], True),
    (["solve", "--backend=sat", "-n", "2", NURIKABE], True),
    (["solve", NURIKABE, "-q", "-f", "json"], True),
    (["solve", "-f", "url", NURIKABE, MASYU], True),
    (["solve", "--timeout", "30", "--kind", "nurikabe", NURIKABE], True),
    (["solve", "--trace", "-b", "rules", NURIKABE], True),
    (["solve", "-n", "1", "-n", "2", NURIKABE], True),  # the last one counts
    (["count", NURIKABE], True),
    (["count", "hamiltonian", "--size", "5"], True),
    (["count", "-f", "json", "-n", "10", "hamiltonian", "-s", "6"], True),
    # bad input, answered by the command body (the same code either way)
    (["solve", "-b", "nosuch", NURIKABE], True),
    (["solve", "-k", "nosuch", NURIKABE], True),
    (["solve", "https://puzz.link/p?nurikabe/5/5/zz!"], True),
    (["solve", "/no/such/file.txt"], True),
    (["solve", NURIKABE, "/no/such/file.txt"], True),
    (["solve", "-n", "0", NURIKABE], True),
    (["solve", "-n", "-1", NURIKABE], True),  # click takes the next token as the value
    (["solve", "--timeout", "-5", NURIKABE], True),
    (["solve", "--timeout", "nan", NURIKABE], True),
    (["solve", "-f", "nosuch", NURIKABE], True),
    (["solve", "-O", "nosuch=1", NURIKABE], True),
    (["solve", "--no-rotation", NURIKABE], True),
    (["count", "hamiltonian", "--size", "x"], True),
    (["count", "-b", "--help", NURIKABE], True),  # --help as a value
    # left to typer: its parsing, its messages
    (["solve", "--limit", "x", NURIKABE], False),
    (["solve", "--timeout", "soon", NURIKABE], False),
    (["solve", "-n3", NURIKABE], False),
    (["solve", "-qn", "3", NURIKABE], False),
    (["solve", "--nosuch", NURIKABE], False),
    (["solve", "--quiet=1", NURIKABE], False),
    (["solve", "--", NURIKABE], False),
    (["solve", "--lim", "2", NURIKABE], False),
    (["solve"], False),
    (["solve", NURIKABE, "-b"], False),
    (["count", "-f", "yaml", NURIKABE], False),
    (["count", "-f", "JSON", NURIKABE], False),
    (["solve", "--help"], False),
    (["solve", "-o", "/no/such/dir/out.txt", NURIKABE], False),
    (["check", NURIKABE, '{"black": [[0, 0]]}'], False),
    (["sovle", NURIKABE], False),
]


def outcome(capsys, run, argv: list[str]) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``run(argv)``, the times in them blotted out."""
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, *(re.sub(r"\d+\.\d+(e-?\d+)?", "T", text) for text in (out, err))


@pytest.mark.parametrize("argv, answered", TABLE,
                         ids=lambda a: " ".join(a)[:60] if isinstance(a, list) else "")
def test_the_entry_and_typer_answer_alike(capsys, monkeypatch, argv, answered):
    monkeypatch.setenv("COLUMNS", "80")
    assert (fast.parse(argv) is not None) == answered
    via_entry = outcome(capsys, entry.run, argv)
    via_typer = outcome(capsys, typer_cli.run, argv)
    assert via_entry == via_typer
    assert via_entry[0] in (0, 1, 2)


def test_an_interrupt_is_one_line_and_130_either_way(capsys, monkeypatch):
    # Ctrl-C during a solve: one error line and 130 through either parser, never "internal error"
    from gridsolve.cli import solving

    def interrupted(**options):
        raise KeyboardInterrupt

    monkeypatch.setattr(solving, "solve", interrupted)
    monkeypatch.setitem(solving.COMMANDS, "solve", interrupted)
    argv = ["solve", NURIKABE]
    via_entry = outcome(capsys, entry.run, argv)
    assert via_entry == outcome(capsys, typer_cli.run, argv) == (130, "", "gridsolve: error: interrupted\n")


def test_a_command_line_left_to_typer_runs_nothing_here(capsys):
    assert fast.run(["solve", "--nosuch", NURIKABE]) is None
    assert capsys.readouterr() == ("", "")


def typer_params(name: str) -> dict[str, object]:
    """The click parameters typer makes of command ``name``, by their Python names."""
    from gridsolve.cli.commands import LazyCommands

    group = LazyCommands(typer_cli.app, "")
    ctx = group.make_context("gridsolve", [name, "--help"], resilient_parsing=True)
    command = group.get_command(ctx, name)
    return {p.name: p for p in command.params}


@pytest.mark.parametrize("name, own", [("solve", SOLVE), ("count", COUNT)])
def test_the_option_tables_are_typers_declaration(name, own):
    """The fast parser reads the tables typer's commands are built from: each option has the
    names, default, flag-ness and repeatability typer gave it (and no option is missing)."""
    params = typer_params(name)
    table = {**SOLVING, **own}
    assert set(params) == set(table)
    for dest, spec in table.items():
        p = params[dest]
        names = [n for n in spec.names for n in n.split("/")]
        assert sorted([*p.opts, *p.secondary_opts]) == sorted(names) or spec.is_argument, dest
        expected_default = None if spec.default is ... else spec.default
        assert p.default == expected_default or (p.default in (None, ()) and expected_default is None), dest
        flag = fast.value_type(spec.annotation) is bool
        assert bool(getattr(p, "is_flag", False)) == flag, dest
        assert (p.multiple or p.nargs == -1) == fast.repeatable(spec), dest
