"""A kind registered by name alone -- ``"fake"`` added to ``KINDS``, no module in any layer -- is
refused by every layer with one clear error naming the file to add (``KindNotSupported``), never
a fall-through to another kind's code or a KeyError; a name not in ``KINDS`` is ``UnknownKind``
everywhere. And every real kind has each layer's module, of the layer's protocol."""

from __future__ import annotations

from pathlib import Path

import pytest
from gridsolve.cli.main import run  # imported before the fake kind: the CLI registers each kind's commands
from gridsolve.harness import registry
from gridsolve.harness.kinds import HarnessKind, kind_module
from gridsolve.harness.limits import LIMITS, check_page, limits
from gridsolve.puzzles import contracts, kinds
from gridsolve.puzzles.errors import FormatError
from gridsolve.puzzles.kinds import KindNotSupported, UnknownKind

import gridsolve
from benchmarks import fuzz_inputs

from ..helpers import FAKE_KIND, FakePuzzle, register_fake_kind

FAKE = FAKE_KIND


@pytest.fixture
def fake(monkeypatch):
    register_fake_kind(monkeypatch)


def refused(call, *args, missing: str, **kwargs) -> None:
    """``call`` raises KindNotSupported naming the file the fake kind lacks."""
    with pytest.raises(KindNotSupported) as info:
        call(*args, **kwargs)
    assert FAKE in str(info.value) and missing in str(info.value), str(info.value)


@pytest.mark.parametrize("kind", kinds.KINDS)
def test_every_kind_has_its_harness_and_command_line_modules(kind):
    assert isinstance(kind_module(kind), HarnessKind)
    assert isinstance(kind_module(kind).LIMITS, type(limits("slitherlink")))
    assert callable(kinds.module_for("gridsolve.cli", kind).register)
    assert kinds.samples(kind) and registry.for_kind(kind)


def test_the_domain_layers_refuse_a_fake_kind(fake):
    refused(kinds.domain, FAKE, missing="puzzles/fake.py")
    refused(kinds.formats, FAKE, missing="puzzles/formats/fake.py")
    refused(kinds.checker, FAKE, missing="puzzles/check/fake.py")
    refused(kinds.render, FAKE, missing="puzzles/render/fake.py")
    refused(kinds.samples, FAKE, missing="puzzles/samples/fake/")
    with pytest.raises(FormatError, match="no puzzles.formats module: add puzzles/formats/fake.py"):
        gridsolve.read("fake 2x2\n. .\n. .\n")  # the API reports a malformed entry's own line
    assert isinstance(FakePuzzle(), contracts.Puzzle)


def test_the_api_and_the_registry_refuse_a_fake_kind(fake):
    p = FakePuzzle()
    for call in (gridsolve.solve, gridsolve.count, gridsolve.backends):
        refused(call, p if call is not gridsolve.backends else FAKE, missing="harness/registry.py")
    refused(registry.for_kind, FAKE, missing="BACKENDS")
    refused(registry.get, FAKE, missing="BACKENDS")
    refused(registry.select, FAKE, "all", missing="BACKENDS")
    refused(gridsolve.check, p, p, missing="puzzles/check/fake.py")
    refused(gridsolve.render, p, missing="puzzles/")


def test_explain_limits_and_fuzz_seeds_refuse_a_fake_kind(fake):
    refused(gridsolve.explain, FakePuzzle(), missing="harness/kinds/fake.py")
    refused(kind_module, FAKE, missing="harness/kinds/fake.py")
    refused(limits, FAKE, missing="harness/kinds/fake.py")
    refused(LIMITS.__getitem__, FAKE, missing="harness/kinds/fake.py")
    refused(check_page, FAKE, 2, 2, missing="harness/kinds/fake.py")
    refused(fuzz_inputs.seeds, missing="puzzles/samples/fake/")
    refused(kinds.module_for, "gridsolve.cli", FAKE, missing="cli/fake.py")


COMMANDS = (
    ["solve", "{file}"], ["solve", "{file}", "--kind", FAKE], ["count", "{file}"],
    ["check", "{file}", "{file}"], ["crossval", "{file}", "--kind", FAKE], ["render", "{file}"],
    ["explain", "{file}"], ["hint", "{file}"], ["hint", "{file}", "--kind", FAKE], ["grade", "{file}"],
    ["backends", "--kind", FAKE], ["batch", "{file}", "--kind", FAKE, "--out", "{out}"],
)


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(a for a in argv if "{" not in a))
def test_each_command_refuses_a_fake_kind_with_exit_2_and_one_line(fake, argv, tmp_path, capsys):
    path = tmp_path / "fake.txt"
    path.write_text("fake 2x2\n. .\n. .\n")
    code = run([a.format(file=path, out=tmp_path / "out.jsonl") for a in argv])
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert code == 2 and len(err) == 1, err
    assert FAKE in err[0] and "add " in err[0], err[0]


@pytest.mark.parametrize("call", [kinds.normalize, kinds.formats, kind_module, limits, registry.for_kind,
                                  lambda k: kinds.module_for("gridsolve.cli", k), kinds.samples])
def test_an_unknown_name_is_unknown_kind_in_every_layer(call):
    with pytest.raises(UnknownKind, match="unknown kind 'nope'"):
        call("nope")


def test_the_page_editor_refuses_a_fake_kind_and_an_unknown_name(fake):
    from gridsolve.web.edit import edit_request

    new = {"op": "new", "rows": 2, "cols": 2}
    refused(edit_request, Path("."), {"kind": FAKE, "edit": new}, missing="web/kinds/fake.py")
    with pytest.raises(UnknownKind, match="unknown kind 'nope'"):
        edit_request(Path("."), {"kind": "nope", "edit": new})


def test_the_command_line_refuses_an_unknown_kind_with_exit_2(capsys):
    assert run(["backends", "--kind", "nope"]) == 2
    assert "unknown kind 'nope'" in capsys.readouterr().err
