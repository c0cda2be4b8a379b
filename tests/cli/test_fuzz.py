"""The fuzz suite, short profile (the long one: ``python -m benchmarks fuzz --inputs 20000``):
mutated samples in every format group through the command line (in this process, a few through a
real one), the batch reader, and hypothesis-drawn text and bytes through every reader. Each run
must exit 0, 1 or 2 with no traceback, one error line per broken item, only printable output."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache

import pytest
from gridsolve.puzzles import kinds
from gridsolve.puzzles.formats import FormatError, parse_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import fuzz

from ..helpers import ROOT

PER_GROUP = 8
FAST = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@cache
def groups() -> dict[str, list[fuzz.Seed]]:
    out: dict[str, list[fuzz.Seed]] = {}
    for s in fuzz.seeds_cached():
        out.setdefault(s.group, []).append(s)
    return out


GROUPS = ["slitherlink-canonical", "slitherlink-url", "slitherlink-loopy", "slitherlink-pzprv3",
          "slitherlink-check", "slitherlink-file", "nurikabe-canonical", "nurikabe-url", "nurikabe-pzprv3",
          "nurikabe-essay", "nurikabe-check", "nurikabe-file", "hamiltonian-canonical", "hamiltonian-check",
          "hamiltonian-file", "edgematching-canonical", "edgematching-seed", "edgematching-check",
          "edgematching-file", "masyu-canonical", "masyu-url", "masyu-pzprv3", "masyu-check",
          "jsonl", "url-list", "puzzlekit"]


def test_the_corpus_covers_every_format_group():
    assert sorted(groups()) == sorted(GROUPS)
    assert {s.group.split("-")[0] for s in fuzz.seeds_cached()} >= set(kinds.KINDS)


@pytest.mark.parametrize("group", GROUPS)
def test_mutated_inputs_of_each_group_are_handled_cleanly(group, tmp_path):
    rng = random.Random(f"fuzz-{group}")
    for _ in range(PER_GROUP):
        case = fuzz.make_case(rng.choice(groups()[group]), random.Random(rng.getrandbits(64)), 2.0)
        o = fuzz.run_case(case, tmp_path, hang=60)
        assert not o.violations, (o.violations, fuzz.reproducer(case), o.stderr)


@FAST
@given(index=st.integers(0, 10**6), seed=st.integers(0, 2**64 - 1))
def test_hypothesis_drawn_mutations(tmp_path_factory, index, seed):
    corpus = fuzz.seeds_cached()
    case = fuzz.make_case(corpus[index % len(corpus)], random.Random(seed), 2.0)
    o = fuzz.run_case(case, tmp_path_factory.mktemp("case"), hang=60)
    assert not o.violations, (o.violations, fuzz.reproducer(case), o.stderr)


@FAST
@given(text=st.text(max_size=300), kind=st.sampled_from([None, *kinds.KINDS]))
def test_every_reader_refuses_arbitrary_text_with_format_error_only(text, kind):
    try:
        entries = parse_text(text, "<t>", kind)
    except FormatError as exc:
        assert str(exc).isprintable() and "\n" not in str(exc)
        return
    for e in entries:
        assert e.error is None or (e.error.isprintable() and "\n" not in e.error)
        assert e.id.isprintable()


@FAST
@given(data=st.binary(max_size=200), command=st.sampled_from(["solve", "count", "render"]))
def test_arbitrary_bytes_on_stdin(data, command):
    argv = [command, "-"] + (["--timeout", "2"] if command != "render" else [])
    case = fuzz.Case(fuzz.Seed("stdin", ""), data, ["hypothesis"], argv, stdin=data)
    o = fuzz.run_cli(argv, data, hang=60)
    assert not fuzz.check(case, o), (fuzz.check(case, o), data, o.stderr)


@FAST
@given(seed=st.integers(0, 2**64 - 1))
def test_the_batch_reader_on_mutated_json_lines(tmp_path_factory, seed):
    [jsonl] = groups()["jsonl"]
    data, names = fuzz.mutate(jsonl.text, random.Random(seed))
    case = fuzz.Case(jsonl, data, names, ["<batch-load>", "{in}"], multi=True)
    o = fuzz.run_case(case, tmp_path_factory.mktemp("batch"))
    assert not o.violations, (o.violations, fuzz.reproducer(case), o.stderr)


@pytest.mark.parametrize("n", range(4))
def test_mutated_inputs_through_a_real_process(n, tmp_path):
    rng = random.Random(f"process-{n}")
    seed = rng.choice(groups()[["slitherlink-canonical", "nurikabe-url", "jsonl", "edgematching-seed"][n]])
    case = fuzz.make_case(seed, rng, 2.0)
    src = tmp_path / "input.txt"
    src.write_bytes(case.data)
    (tmp_path / "solution.txt").write_bytes(case.solution or b"")
    argv = [str(src) if a == "{in}" else str(tmp_path / "solution.txt") if a == "{sol}" else a
            for a in case.argv]
    if argv[0] == "<batch-load>":
        argv = ["solve", argv[1], "--timeout", "2"]
    p = subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *argv], input=case.stdin,
                       capture_output=True, cwd=ROOT, timeout=120)
    o = fuzz.Outcome(p.returncode, *(b.decode("utf-8", "replace") for b in (p.stdout, p.stderr)), 0)
    assert not fuzz.check(case, o), (fuzz.check(case, o), fuzz.reproducer(case), o.stderr)
