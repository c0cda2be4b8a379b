"""Time limits are honoured while models are built, encoded and cut, and models that cannot fit in
memory are refused up front (docs/architecture.md, "Time and memory limits").

The instances are large enough that building their models alone takes seconds (tens of seconds
for some backends), so a backend that ignores the deadline while building returns far later, and
without the note saying the build was interrupted; the bounds below are generous on purpose."""

from __future__ import annotations

import gc
import time

import pytest
from gridsolve.harness import registry
from gridsolve.harness.edgematching import generate
from gridsolve.harness.run import run
from gridsolve.puzzles import solving
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
from gridsolve.puzzles.solving import (
    Deadline,
    DeadlineExpired,
    Limit,
    ModelTooLarge,
    SolveResult,
    Status,
    stops_at_deadline,
)

import gridsolve
from benchmarks.deadlines import nurikabe_text, slitherlink_text

SHORT = Limit(0.05)
BUILT = "the time limit passed while the model was built"
BOUND = 5.0  # seconds; building these models in full takes far longer


def declarative(kind: str) -> list[str]:
    return [b.name for b in registry.for_kind(kind) if b.family in ("sat", "cpsat") or b.name == "dp"]


@pytest.fixture(scope="module")
def instances() -> dict:
    return {
        "edgematching": generate("e2", 16, 16, 16, None, 1, True)[0],
        "nurikabe": gridsolve.read(nurikabe_text(300, 0.02, 1)),
        # a "?" number: the rules take no such puzzle, so rules+sat builds the model at once
        "nurikabe?": gridsolve.read(nurikabe_text(300, 0.02, 1).replace(" . ", " ? ", 1)),
        "slitherlink": gridsolve.read(slitherlink_text(150, 1)),
        "hamiltonian": HamiltonianPuzzle(150, 150, (0, 0), (149, 149)),
    }


CASES = [(kind, name) for kind in ("edgematching", "nurikabe", "slitherlink", "hamiltonian")
         for name in declarative(kind) if name != "dp"]


@pytest.mark.parametrize(("kind", "backend"), CASES)
def test_building_stops_at_the_deadline(instances, kind, backend):
    t0 = time.perf_counter()
    puzzle = instances["nurikabe?" if (kind, backend) == ("nurikabe", "rules+sat") else kind]
    r = run(registry.get(kind, backend), puzzle, SHORT)
    took = time.perf_counter() - t0
    assert r.status == Status.TIMEOUT, (r.status, r.error)
    if backend == "heuristics+sat":  # the heuristics run first, in a child stopped at the deadline
        assert r.note in (BUILT, "the time limit passed during the heuristics")
    else:
        assert r.note == BUILT
    assert took < BOUND


def test_every_declarative_backend_is_covered():
    assert {b for _, b in CASES} >= {"sat", "sat-rot", "sat-glucose", "cpsat", "cpsat-lazy", "cpsat-tree",
                                     "heuristics+sat", "rules+sat"}


def test_the_frontier_dp_stops_within_a_cell():
    """The DP raises the shared ``DeadlineExpired`` at the deadline, which ``dp`` turns into its
    timeout (exact counting of 18x18 takes far longer)."""
    from gridsolve.native_rules.hamiltonian import frontier

    p = HamiltonianPuzzle(18, 18, (0, 0), (17, 17))
    with pytest.raises(DeadlineExpired):
        frontier.build(p, deadline=Deadline(0.05))
    for mode in ("solve", "count"):
        b = registry.get("hamiltonian", "dp")
        t0 = time.perf_counter()
        r = run(b, p, Limit(0.2)) if mode == "solve" else gridsolve.count(p, backend="dp", timeout=0.2)
        assert r.status == Status.TIMEOUT
        assert r.note == "the time limit passed"
        assert time.perf_counter() - t0 < BOUND


def test_an_oversized_model_is_refused_up_front_with_the_estimate():
    p = generate("e2", 30, 30, 30, None, 1, True)[0]
    for backend in ("sat", "sat-rot"):
        t0 = time.perf_counter()
        r = run(registry.get("edgematching", backend), p, Limit(20))
        assert r.status == Status.ERROR
        assert r.error.startswith(f"edgematching {backend}: the model for 30x30 needs about ")
        assert "refused before building it" in r.error
        assert time.perf_counter() - t0 < BOUND


def test_the_refusal_follows_the_memory_limit(monkeypatch, instances):
    p = instances["edgematching"]
    monkeypatch.setattr(solving, "memory_limit", lambda: (1 << 40, "test"))
    solving.refuse_oversized("x", 1 << 39)  # fits
    monkeypatch.setattr(solving, "memory_limit", lambda: (100 << 20, "the process's memory limit"))
    with pytest.raises(ModelTooLarge, match=r"x needs about 0\.5 GB \(the process's memory limit: 0\.1 GB\)"):
        solving.refuse_oversized("x", 1 << 29)
    r = run(registry.get("edgematching", "cpsat"), p, Limit(20))
    assert r.status == Status.ERROR and "needs about" in r.error


def test_memory_limit_is_the_address_space_limit_when_set(monkeypatch):
    monkeypatch.setattr(solving.resource, "getrlimit", lambda _: (350 << 20, solving.resource.RLIM_INFINITY))
    assert solving.memory_limit() == (350 << 20, "the process's memory limit")


def test_cpsat_gets_the_time_left_after_building(monkeypatch):
    """The CP-SAT solve's limit is what building left: the limit minus the building time minus the
    reserve for freeing the model (``TEARDOWN_SHARE`` of the building time)."""
    from gridsolve.cpmodels import solving as cpsat_solving

    class Seen(Exception):
        pass

    seen = []

    def spy(seconds, *args, **kw):
        seen.append((seconds, time.perf_counter() - t0))
        raise Seen  # the limit is all this test needs: no solving

    monkeypatch.setattr(cpsat_solving, "new_solver", spy)
    limit = 120.0
    t0 = time.perf_counter()
    r = run(registry.get("slitherlink", "cpsat"), gridsolve.read(slitherlink_text(80, 2)), Limit(limit))
    assert r.status == Status.ERROR and "Seen" in r.error
    seconds, built = seen[0]  # built: an upper bound of the time the backend spent building
    assert built > 0.2  # the model is large enough for the reserve to show
    share = solving.TEARDOWN_SHARE
    assert limit - built * (1 + share) - 0.05 <= seconds <= limit - built - 0.5 * share * built


def test_deadline_check_and_each():
    d = Deadline(None)
    d.check()
    assert list(d.each(range(5))) == [0, 1, 2, 3, 4]
    d = Deadline(1e-9)
    time.sleep(0.001)
    with pytest.raises(DeadlineExpired, match="while the model was built"):
        d.check()
    with pytest.raises(DeadlineExpired):
        list(d.each(range(5), every=3))
    d = Deadline(100.0)
    d.start -= 10  # ten seconds spent building
    d.check()
    assert d.reserve == pytest.approx(10 * solving.TEARDOWN_SHARE, rel=0.01)
    assert d.remaining() == pytest.approx(90 - 10 * solving.TEARDOWN_SHARE, abs=0.1)
    d2 = Deadline(100.0)
    d2.start -= 10
    d2.check(building=False)  # a search's check keeps no reserve
    assert d2.reserve == 0.0


def test_stops_at_deadline_turns_the_exception_into_the_result_and_restores_gc():
    @stops_at_deadline("x")
    def backend(puzzle, limit=Limit()):
        assert not gc.isenabled()  # paused while the backend runs
        raise DeadlineExpired("the time limit passed", solutions=["a"])

    assert gc.isenabled()
    r = backend(None, Limit(1))
    assert isinstance(r, SolveResult)
    assert (r.backend, r.status, r.solutions) == ("x", Status.TIMEOUT, ("a",))
    assert r.note == "the time limit passed"
    assert gc.isenabled()


def test_search_keeps_the_solutions_found_when_cutting_runs_out_of_time():
    from gridsolve.satmodels import vocabulary

    cnf = vocabulary.Cnf()
    a, b = cnf.var("a"), cnf.var("b")
    cnf.add([a, b])
    calls = []

    def refine(candidate, add_clause):
        calls.append(candidate)
        if len(calls) > 1:
            raise DeadlineExpired("the time limit passed")
        return [candidate]

    r = vocabulary.search("t", cnf, Limit(10, 3), read=lambda m: tuple(v > 0 for v in m[:2]),
                    block=lambda s: [-a if s[0] else a, -b if s[1] else b], refine=refine)
    assert r.status == Status.TIMEOUT and len(r.solutions) == 1


def test_the_first_puzzle_s_timeout_counts_from_the_start_of_the_process(monkeypatch):
    from gridsolve.cli import common

    monkeypatch.setattr(common, "STARTED", time.perf_counter() - 3.0)  # 3 s of start-up
    lim = common.from_start(Limit(10.0, 2))
    assert 6.5 < lim.seconds <= 7.0 and lim.solutions == 2
    assert common.from_start(Limit(None, 2)).seconds is None
    assert common.from_start(Limit(1.0)).seconds == 1e-3  # already spent: stop at once


def test_solve_gives_the_first_puzzle_only_what_start_up_left(monkeypatch):
    """The same through the command line: with the process 'started' 100 s ago, a 5 s limit is
    already spent, so the model building stops at once."""
    from gridsolve.cli import common

    from benchmarks.fuzz import run_cli

    monkeypatch.setattr(common, "STARTED", time.perf_counter() - 100.0)
    o = run_cli(["solve", "hamiltonian", "--size", "21", "--backend", "sat", "--timeout", "5",
                 "--format", "json"])
    assert o.code == 1 and '"status": "timeout"' in o.stdout, (o.code, o.stdout, o.stderr)
