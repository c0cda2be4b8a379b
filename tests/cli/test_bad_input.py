"""Bad input is refused cleanly: exit 2 and exactly one error line, the place named once, nothing
unprintable echoed -- for each reproducer of the reliability report, through the command line in
this process (``cli.main.run``) and, for a few, through a real process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from gridsolve.harness.registry import DEFAULTS
from gridsolve.puzzles.formats import FormatError, parse_text, read

from benchmarks.fuzz import run_cli

from ..helpers import ROOT

SAMPLES = ROOT / "puzzles" / "samples"
SLITHER = SAMPLES / "slitherlink" / "pzprjs-5x5.txt"
PIECES = SAMPLES / "edgematching" / "seed-4x4-c4-rot.txt"


def refused(argv: list[str], stdin: bytes = b"") -> str:
    """The one error line of a refused command (exit 2), checked to be clean."""
    o = run_cli(argv, stdin)
    lines = o.stderr.splitlines()
    assert o.code == 2, (o.code, o.stderr)
    assert len(lines) == 1 and lines[0].startswith("gridsolve: error: "), o.stderr
    assert lines[0].isprintable() and "Traceback" not in o.stderr and "internal error" not in o.stderr
    return lines[0].removeprefix("gridsolve: error: ")


def test_comment_only_stdin():
    assert refused(["solve", "-"], b"# c\n") == "<stdin>: no puzzle: the input holds only comments"


def test_empty_argument():
    assert "empty argument" in refused(["solve", ""])


def test_json_lines_kind_that_is_not_a_string(tmp_path):
    src = tmp_path / "k.jsonl"
    src.write_text('{"kind": 1, "id": "a", "puzzle": "x"}\n')
    assert refused(["solve", str(src)]) == f"{src}:1: a kind is a name, not int 1"


@pytest.mark.parametrize("digit", ["\u2460", "\u00b2", "\U0001d7d9"])  # isdigit() yet not int()
def test_digits_that_isdigit_accepts_and_int_refuses(tmp_path, digit):
    assert "bad character" in refused(["solve", f"5x5t0:{digit}"])
    pieces = tmp_path / "pieces.txt"
    pieces.write_text(f"0 0 0 {digit}\n")
    assert f"{pieces}:1: " in refused(["solve", str(pieces), "--kind", "edgematching"])


def test_a_truncated_json_document_is_one_error(tmp_path):
    doc = {"name": "Slitherlink", "data": {f"p{i}": {"problem": "2 2\n- 3\n- -"} for i in range(18)}}
    src = tmp_path / "corpus.json"
    text = json.dumps(doc, indent=1)
    src.write_text(text[: len(text) // 2])
    assert refused(["solve", str(src)]).startswith(f"{src}:")
    record = tmp_path / "record.json"  # one JSON Lines record written over several lines, cut short
    record.write_text(json.dumps({"kind": "slitherlink", "id": "x", "puzzle": SLITHER.read_text()},
                                 indent=2)[:-3])
    assert "invalid JSON" in refused(["solve", str(record)])


def test_a_damaged_single_puzzle_is_one_error(tmp_path):
    lines = SLITHER.read_text().splitlines()
    src = tmp_path / "split.txt"
    src.write_text("\n".join(lines[:3] + ["", ""] + lines[3:]) + "\n")
    assert refused(["solve", str(src)]).startswith(f"{src}:")
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:3] + [""] + lines[3:5]) + "\n")
    assert refused(["solve", str(cut)]).startswith(f"{cut}:")


def test_count_refused_by_its_backend_is_an_error_line_with_exit_2():
    assert "packs at most" in refused(["count", "hamiltonian", "--size", "101"])


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
@pytest.mark.parametrize("command", ["solve", "count"])
def test_timeout_must_be_positive_and_finite(command, value):
    assert "--timeout must be positive" in refused([command, str(SLITHER), "--timeout", value])


def test_the_place_is_named_once(tmp_path):
    inner = SLITHER.read_text().replace("3 . . 3 .", "3 . 7 3 .")
    src = tmp_path / "mixed.jsonl"
    good = json.dumps({"kind": "slitherlink", "id": "ok", "puzzle": SLITHER.read_text()})
    src.write_text(good + "\n" + json.dumps({"kind": "slitherlink", "id": "bad", "puzzle": inner}) + "\n")
    o = run_cli(["solve", str(src)])
    errors = [ln for ln in o.stderr.splitlines() if ln.startswith("gridsolve: error:")]
    assert o.code == 2 and len(errors) == 1, o.stderr
    assert errors[0].startswith(f"gridsolve: error: {src}:2: puzzle line 5: ")
    assert errors[0].count(str(src)) == 1 and errors[0].count(":2:") == 1
    assert f"ok: {DEFAULTS['slitherlink']} solved" in o.stderr  # the good line was solved


def test_control_characters_from_the_input_are_escaped(tmp_path):
    src = tmp_path / "evil.txt"
    src.write_text("slitherlink 2x2 \x1b[2Jevil\n\x1b]0;x\x07 .\n. .\n")
    line = refused(["solve", str(src)])
    assert "\\x1b" in line and "\x1b" not in line
    ident = tmp_path / "id.jsonl"
    record = {"kind": "slitherlink", "id": "\x1b[2J", "puzzle": SLITHER.read_text()}
    ident.write_text(json.dumps(record) + "\n")
    o = run_cli(["solve", str(ident)])
    assert o.code == 0 and "\x1b" not in o.stderr + o.stdout
    assert f"\\x1b[2J: {DEFAULTS['slitherlink']} solved" in o.stderr


def test_bytes_that_are_not_utf8(tmp_path):
    assert "not a UTF-8 text file" in refused(["solve", "-"], b"slitherlink 1x1\n\xff\n")
    sol = tmp_path / "sol.txt"
    sol.write_bytes(b"\xfe\xff\x00")
    assert "not a UTF-8 text file" in refused(["check", str(SLITHER), str(sol)])


def test_parser_usage_errors_are_one_line_too():
    assert "No such option: -3" in refused(["solve", "-3x5t0:2b"])
    assert "--timeout" in refused(["solve", str(SLITHER), "--timeout", "abc"])


def test_every_reader_raises_only_format_error():
    """The readers themselves (no command line): each refusal a FormatError, one printable line."""
    for text in ["", "# c", "{", "[1]", "{\"kind\": []}", "slitherlink 0x0", "nurikabe 5x5\n\u2460",
                 "pzprv3\nslither\n\u2460\n5", "edgematching 2x2\nrotation maybe", "\x00\x01"]:
        for kind in (None, "slitherlink", "nurikabe", "hamiltonian", "edgematching"):
            try:
                entries = parse_text(text, "<t>", kind)
            except FormatError as exc:
                assert "\n" not in str(exc) and str(exc).isprintable()
                continue
            assert all(e.error is None or (e.error.isprintable() and "\n" not in e.error) for e in entries)
    with pytest.raises(FormatError, match="no such file"):
        read("x" * 5000)  # a name too long for any file


@pytest.mark.parametrize("argv, stdin", [
    (["solve", "-"], b"# c\n"),
    (["solve", ""], b""),
    (["solve", "5x5t0:\u2460"], b""),
    (["count", "hamiltonian", "--size", "101"], b""),
    (["solve", str(SLITHER), "--timeout", "nan"], b""),
])
def test_through_a_real_process(argv, stdin):
    p = subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *argv], input=stdin, capture_output=True,
                       cwd=ROOT, timeout=120)
    err = p.stderr.decode()
    assert p.returncode == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("gridsolve: error: ") and "Traceback" not in err


def test_a_json_lines_line_that_is_not_utf8_is_that_line_s_error(tmp_path):
    good = json.dumps({"kind": "slitherlink", "id": "ok", "puzzle": SLITHER.read_text()})
    src = tmp_path / "mixed.jsonl"
    second = good.replace('"ok"', '"ok2"').encode()
    src.write_bytes(good.encode() + b"\n{\"kind\": \"\xff\"}\n" + second + b"\n")
    o = run_cli(["solve", str(src)])
    errors = [ln for ln in o.stderr.splitlines() if ln.startswith("gridsolve: error:")]
    assert o.code == 2 and errors == [f"gridsolve: error: {src}:2: not UTF-8 text (byte 0xff)"], o.stderr
    assert all(f"{i}: {DEFAULTS['slitherlink']} solved" in o.stderr for i in ("ok", "ok2"))


def test_a_blank_line_inside_a_board_of_the_seed_s_layout_is_one_error(tmp_path):
    import gridsolve

    board = gridsolve.read(str(ROOT / "puzzles" / "samples" / "edgematching" / "seed-4x4-c4-rot.txt"))
    text = gridsolve.render(board, gridsolve.solve(board).solutions[0], format="seed")
    lines = [ln for ln in text.splitlines() if not ln.startswith("<")]  # no <deb> markers
    text = "\n".join(lines) + "\n"
    row = [i for i, ln in enumerate(lines) if ln.startswith("+")][1]  # the second row
    two = tmp_path / "two.txt"  # two boards apart by a blank line stay two boards
    two.write_text(text.rstrip("\n") + "\n\n" + text)
    assert len(read(str(two))) == 2
    src = tmp_path / "damaged.txt"  # a blank line between a row's lines: one damaged board
    src.write_text("\n".join(lines[:row + 2] + [""] + lines[row + 2:]) + "\n")
    assert refused(["solve", str(src)]).startswith(f"{src}:")
