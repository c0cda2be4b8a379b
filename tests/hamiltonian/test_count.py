"""The count route of the ``dp`` backend: the compiled DP where compiling pays (from
COMPILED_WIDTH cells wide when its kernels are cached, COLD_COMPILED_WIDTH when not), the numpy
one below, both selectable, with the same counts; its options through the CLI."""

from __future__ import annotations

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import count as count_solutions
from gridsolve.native_rules import kernels
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.frontier import counting
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP
from gridsolve.puzzles.solving import Limit, Status
from typer.testing import CliRunner

DP = registry.get("hamiltonian", "dp")


@pytest.mark.parametrize("engine", ["numpy", "compiled"])
def test_both_engines_count_the_same(engine):
    p = HP.square(9).with_prefix([(0, 0), (1, 0)])
    r = count_solutions(DP, p, Limit(), engine=engine)
    assert r.status == Status.SOLVED and r.total == frontier.count(p)
    assert r.stats["engine"] == engine
    if engine == "compiled":  # its kernels now cached: seen without importing anything
        assert counting.compiling_pays(counting.COMPILED_WIDTH)


def test_auto_picks_the_compiled_dp_where_compiling_pays(monkeypatch):
    w, cold = counting.COMPILED_WIDTH, counting.COLD_COMPILED_WIDTH
    monkeypatch.setattr(kernels, "module_on_disk", lambda *_: True)  # the kernels cached
    assert [counting.compiling_pays(x) for x in (w - 1, w, cold)] == [False, True, True]
    monkeypatch.setattr(kernels, "module_on_disk", lambda *_: False)  # to compile first
    assert [counting.compiling_pays(x) for x in (w, cold - 1, cold)] == [False, False, True]
    monkeypatch.setattr(counting, "COMPILED_WIDTH", 8)
    monkeypatch.setattr(counting, "COLD_COMPILED_WIDTH", 8)
    wide = count_solutions(DP, HP.rect(8, 8), Limit())
    narrow = count_solutions(DP, HP.rect(7, 10), Limit())
    assert (wide.stats["engine"], narrow.stats["engine"]) == ("compiled", "interpreted")
    assert wide.total == frontier.count(HP.rect(8, 8))


def test_an_unknown_engine_is_an_error():
    r = count_solutions(DP, HP.square(5), Limit(), engine="gpu")
    assert r.status == Status.ERROR and "engine" in r.error


def test_a_memory_limit_too_small_is_an_error_not_a_crash():
    r = count_solutions(DP, HP.square(13), Limit(), memory=0)
    assert r.status == Status.ERROR and "predicted peak" in r.error


def test_cli_count_with_compiled_options(tmp_path):
    from gridsolve.cli.main import app

    ck = tmp_path / "ck.npz"
    args = ["count", "hamiltonian", "--size", "9", "-O", "engine=compiled",
            "-O", f"checkpoint={ck}", "-O", "progress=true"]
    out = CliRunner().invoke(app, args)
    assert "exactly 2688307514 solutions" in out.output, out.output
    assert not ck.exists()  # written every 10 minutes only: a 9x9 run is over before


def test_the_second_prime_set_is_a_second_route():
    p = HP.square(12)
    first = count_solutions(DP, p, Limit(), primes="first")
    second = count_solutions(DP, p, Limit(), primes="second")
    assert first.total == second.total == frontier.count(p)
    assert count_solutions(DP, p, Limit(), primes="third").status == Status.ERROR


def test_listing_refuses_the_count_only_options():
    from gridsolve.harness.run import run

    r = run(DP, HP.square(5), Limit(solutions=3), engine="compiled")
    assert r.status == Status.ERROR and "count mode only" in r.error
    assert run(DP, HP.square(5), Limit(solutions=3)).count == 3
