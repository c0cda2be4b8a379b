"""``gridsolve batch`` and ``gridsolve report``: results appended at once and never lost, resume
after SIGKILL / Ctrl-C, crashing / hanging / memory-hungry backends isolated in worker processes,
malformed JSON Lines reported by line, Dask LocalCluster = local run, HTML report."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path

import pytest
from gridsolve.harness import batch as engine
from gridsolve.harness import registry
from gridsolve.harness.registry import Backend
from gridsolve.harness.summary import summarize_records
from gridsolve.puzzles import kinds
from gridsolve.puzzles.solving import Limit

from ..helpers import FIXTURES, ROOT
from ..support import batch_doubles, isolation_doubles

SL = FIXTURES / "slitherlink"
SMALL = ["janko-11_5x5.txt", "janko-12_5x5.txt", "pzprjs-5x5.txt", "janko-31_7x7.txt"]
FOUR = ["sat", "sat-glucose", "cpsat", "cpsat-lazy"]  # the foundation's backends: fast, complete


def jsonl(path: Path, copies: int = 1, bad: dict[int, str] | None = None) -> Path:
    """A JSON Lines batch of the small fixtures (``copies`` times each, distinct ids); ``bad`` puts
    malformed lines at the given 1-based line numbers."""
    lines = []
    for n in range(copies):
        for name in SMALL:
            text = (SL / name).read_text()
            lines.append(json.dumps({"kind": "slitherlink", "id": f"{Path(name).stem}-{n}", "puzzle": text}))
    for no, line in sorted((bad or {}).items()):
        lines.insert(no - 1, line)
    path.write_text("\n".join(lines) + "\n")
    return path


def gridsolve(*args: str, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env=env, **kw)


def doubles_env() -> dict:
    """The doubles for a batch run from the repository (``cwd=ROOT``): the batch imports them from
    there, its worker processes from the batch's import path."""
    env = {**os.environ, registry.EXTRA_ENV: batch_doubles.SPEC}
    env.pop("PYTHONPATH", None)
    return env


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def keys(recs: list[dict]) -> Counter:
    return Counter((r["record"], r["id"], r["backend"]) for r in recs)


def test_crossval_batch_writes_one_checked_record_per_instance_and_backend(tmp_path):
    out = tmp_path / "r.jsonl"
    entries = engine.load([str(jsonl(tmp_path / "in.jsonl"))])
    opts = engine.Options(crossval=True, jobs=2, limit=Limit(60, 2), backends=",".join(FOUR))
    rf = engine.run_batch(entries, out, opts)
    recs = lines(out)
    want = {("result", e.id, b) for e in entries for b in FOUR} | {("crossval", e.id, None) for e in entries}
    assert keys(recs) == Counter(want)
    golden = {e.id: e.solution for e in entries}
    fmod = kinds.formats("slitherlink")
    for r in recs:
        if r["record"] == "crossval":
            assert r["agree"] and r["verdict"] == "unique", r
            continue
        assert (r["status"], r["unique"], r["count"], r["error"]) == ("solved", True, 1, None)
        # the canonical text reads back as the golden solution
        [back] = read_text(r["solution"])
        assert back.solution == golden[r["id"]]
        assert fmod.parse_solution(back.puzzle, json.dumps(r["solutions"][0])) == golden[r["id"]]
    s = summarize_records(list(rf.records.values()))
    assert [row["backend"] for row in s.rows] == sorted(FOUR)
    assert all(row["runs"] == row["solved"] == row["unique"] == 4 for row in s.rows)
    assert s.failures == 0 and s.instances == 4


def read_text(text: str):
    from gridsolve.puzzles.formats import parse_text

    return parse_text(text)


def test_failing_backends_are_recorded_as_errors_and_the_batch_goes_on(tmp_path):
    src = tmp_path / "in.jsonl"
    jsonl(src)
    out = tmp_path / "r.jsonl"
    # grace 3 s: the task after a killed `hang` starts a fresh worker, which must start Python and
    # import what `hog` imports (numpy) within the hard limit even while the suite loads the machine
    p = gridsolve("batch", str(src), "--backends", "crash,segfault,hang,hog,sat", "--timeout", "1",
                  "--grace", "3", "--memory", "1024", "--jobs", "2", "--out", str(out), env=doubles_env())
    assert p.returncode == 1, p.stderr
    assert "Traceback" not in p.stderr
    recs = lines(out)
    assert keys(recs) == Counter({("result", f"{Path(n).stem}-0", b) for n in SMALL
                                  for b in ("crash", "segfault", "hang", "hog", "sat")})
    by = {(r["id"], r["backend"]): r for r in recs}
    for name in SMALL:
        ident = f"{Path(name).stem}-0"
        assert by[ident, "sat"]["status"] == "solved" and by[ident, "sat"]["unique"] is True
        assert "exited with code 3" in by[ident, "crash"]["error"]
        assert "SIGSEGV" in by[ident, "segfault"]["error"]
        assert "hard time limit" in by[ident, "hang"]["error"]
        assert "out of memory (worker memory limit 1024 MiB)" == by[ident, "hog"]["error"]
        for b in ("crash", "segfault", "hang", "hog"):
            assert by[ident, b]["status"] == "error"
    assert "16 error(s)" in p.stdout


def test_malformed_jsonl_lines_are_reported_with_line_numbers_and_skipped(tmp_path):
    nonsense = json.dumps({"kind": "slitherlink", "puzzle": "nonsense"})
    src = jsonl(tmp_path / "in.jsonl", bad={2: "{not json", 4: nonsense})
    out = tmp_path / "r.jsonl"
    p = gridsolve("batch", str(src), "--out", str(out), "--jobs", "1")
    assert p.returncode == 2, p.stderr
    assert f"{src}:2: invalid JSON" in p.stderr and f"{src}:4: " in p.stderr
    recs = lines(out)
    bad = [r for r in recs if r["record"] == "input"]
    assert sorted(r["id"] for r in bad) == ["in:2", "in:4"]
    assert all(r["status"] == "error" and r["error"].startswith(f"{src}:") for r in bad)
    good = [r for r in recs if r["record"] == "result"]
    assert len(good) == 4 and all(r["status"] == "solved" and r["backend"] == "rules+sat" for r in good)
    # resume: nothing to redo, the malformed lines are not recorded twice
    p2 = gridsolve("batch", str(src), "--out", str(out), "--resume")
    assert p2.returncode == 2
    assert keys(lines(out)) == keys(recs) and max(keys(recs).values()) == 1


def test_existing_output_needs_resume_or_overwrite(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text('{"record": "result", "id": "x"}\n')
    p = gridsolve("batch", str(SL / "pzprjs-5x5.txt"), "--out", str(out))
    assert p.returncode == 2 and "--resume" in p.stderr and len(p.stderr.strip().splitlines()) == 1


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen, seconds: float = 60) -> None:
    t0 = time.time()
    while time.time() - t0 < seconds:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError(f"no {n} lines in {path} after {seconds} s")


def test_interrupt_and_sigkill_then_resume_finish_with_every_instance_once(tmp_path):
    psutil = pytest.importorskip("psutil")
    src = jsonl(tmp_path / "in.jsonl", copies=6)  # 24 instances x (slow, sat) = 48 solves
    out = tmp_path / "r.jsonl"
    args = [sys.executable, "-m", "gridsolve.cli.main", "batch", str(src), "--backends", "slow,sat",
            "--crossval", "--jobs", "2", "--out", str(out)]
    # Ctrl-C (SIGINT): stops cleanly, exit 130, finished results kept. The batch gets Ctrl-C as a
    # terminal gives it even where the suite itself was started in the background (`make test &`
    # in a script ignores SIGINT, and a child inherits that: Python then installs no handler)
    proc = subprocess.Popen(args, cwd=ROOT, env=doubles_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wait_for_lines(out, 8, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    first = keys(lines(out))
    assert 8 <= sum(first.values()) < 48 + 24 and max(first.values()) == 1
    # SIGKILL halfway through the resumed run: no cleanup at all, worker processes die with it
    proc = subprocess.Popen(args + ["--resume"], cwd=ROOT, env=doubles_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    wait_for_lines(out, sum(first.values()) + 10, proc)
    children = psutil.Process(proc.pid).children(recursive=True)
    proc.kill()
    proc.wait()
    assert children
    _, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, "worker processes outlived the killed batch"
    second = keys(lines(out))
    assert sum(second.values()) < 72
    # resume finishes the rest: every (instance, backend) result and every verdict exactly once
    p = subprocess.run(args + ["--resume"], cwd=ROOT, env=doubles_env(), capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    recs = lines(out)
    ids = {f"{Path(n).stem}-{k}" for n in SMALL for k in range(6)}
    want = {("result", i, b) for i in ids for b in ("slow", "sat")} | {("crossval", i, None) for i in ids}
    assert keys(recs) == Counter(want)
    assert all(r["agree"] for r in recs if r["record"] == "crossval")
    assert "0 disagreement(s)" in p.stdout


def test_resume_drops_an_unfinished_last_line_and_redoes_it(tmp_path):
    out = tmp_path / "r.jsonl"
    entries = engine.load([str(SL / "pzprjs-5x5.txt"), str(SL / "janko-11_5x5.txt")])
    engine.run_batch(entries, out, engine.Options(jobs=1))
    full = out.read_text()
    out.write_text(full[: full.index("\n") + 1] + full[full.index("\n") + 1:][:40])  # cut mid-line
    rf = engine.run_batch(entries, out, engine.Options(jobs=1, resume=True))
    assert any("unfinished last line" in n for n in rf.notes)
    recs = lines(out)
    assert keys(recs) == Counter({("result", e.id, "rules+sat") for e in entries})


def test_extra_backends_hook(monkeypatch):
    with pytest.raises(registry.UnknownBackend):
        registry.get("slitherlink", "crash")
    monkeypatch.setenv(registry.EXTRA_ENV, batch_doubles.SPEC)
    assert registry.get("slitherlink", "crash").target == "tests.support.batch_doubles:crash"
    assert {"crash", "sat"} <= {b.name for b in registry.for_kind("slitherlink")}
    assert "crash" not in {b.name for b in registry.BACKENDS}  # the table itself is unchanged
    monkeypatch.setenv(registry.EXTRA_ENV, "tests.support.batch_doubles:nothing")
    with pytest.raises(registry.UnknownBackend, match="cannot load"):
        registry.for_kind("slitherlink")


def comparable(recs: list[dict]) -> set[str]:
    """A record without its timings (seconds; stats hold solver counters, which are deterministic)."""
    out = set()
    for r in recs:
        r = {k: v for k, v in r.items() if k != "seconds"}
        out.add(json.dumps(r, sort_keys=True))
    return out


def test_cluster_batch_gives_the_same_results_as_a_local_batch(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    src = jsonl(tmp_path / "in.jsonl")
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    # with a crashing backend too: inside a Dask worker it is isolated the same way
    common = ["batch", str(src), "--crossval", "--backends", "sat,cpsat,sat-glucose,crash"]
    p = gridsolve(*common, "--out", str(local), "--jobs", "2", env=doubles_env())
    assert p.returncode == 1, p.stderr
    for k, v in doubles_env().items():  # the cluster's worker processes inherit this environment
        monkeypatch.setenv(k, v)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster:
        p = gridsolve(*common, "--out", str(remote), "--cluster", cluster.scheduler_address,
                      env=doubles_env())
    assert p.returncode == 1, p.stderr
    recs = lines(remote)
    assert comparable(lines(local)) == comparable(recs)
    assert len(recs) == 4 * 4 + 4
    assert sum(r["status"] == "solved" for r in recs if r["record"] == "result") == 4 * 3
    assert all("exited with code 3" in r["error"] for r in recs if r["backend"] == "crash")


def test_unreachable_cluster_is_one_error_line(tmp_path):
    pytest.importorskip("distributed")
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"}
    p = gridsolve("batch", str(SL / "pzprjs-5x5.txt"), "--out", str(tmp_path / "r.jsonl"),
                  "--cluster", "tcp://127.0.0.1:9", env=env)
    assert p.returncode == 2 and "Dask scheduler" in p.stderr and "Traceback" not in p.stderr


def test_report_renders_a_self_contained_html_page(tmp_path):
    out = tmp_path / "r.jsonl"
    entries = engine.load([str(SL / n) for n in SMALL])
    engine.run_batch(entries, out, engine.Options(crossval=True, jobs=2, backends="sat,cpsat"))
    page = tmp_path / "report.html"
    p = gridsolve("report", str(out), "--html", str(page))
    assert p.returncode == 0, p.stderr
    assert "sat" in p.stdout and "cpsat" in p.stdout
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<table" in html
    assert html.count("data:image/png;base64,") >= 1
    assert "src=\"http" not in html and "href=\"http" not in html
    for b in ("sat", "cpsat"):  # backend, runs, solved, unique
        assert f">{b}</td><td>4</td><td>4</td><td>4</td>" in html
    assert "Disagreements (0)" in html and "Errors (0)" in html


@pytest.mark.parametrize("args, fragment", [
    (["--backends", "nope"], "unknown backend 'nope'"),
    (["--timeout", "0"], "--timeout must be positive"),
    (["--timeout", "nan"], "--timeout must be positive"),
    (["--timeout", "inf"], "--timeout must be positive"),
    (["--grace", "nan"], "--grace must be positive"),
    (["--resume", "--overwrite"], "exclude each other"),
])
def test_bad_usage_is_one_error_line(tmp_path, args, fragment):
    p = gridsolve("batch", str(SL / "pzprjs-5x5.txt"), "--out", str(tmp_path / "r.jsonl"), *args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip().splitlines() == [p.stderr.strip()] and fragment in p.stderr
    assert not (tmp_path / "r.jsonl").exists()


@dataclass(frozen=True)
class Sized(Backend):
    """A registry row with a size limit (``max_cells``, as exponential seed ports declare)."""

    max_cells: int = 0


def test_backends_are_not_run_beyond_their_max_cells_unless_asked(tmp_path):
    entries = engine.load([str(SL / "janko-11_5x5.txt"), str(SL / "janko-31_7x7.txt")])
    sat = registry.get("slitherlink", "sat")
    small = Sized(**{f.name: getattr(sat, f.name) for f in fields(Backend) if f.name != "max_cells"},
                  max_cells=30)
    chosen = {"slitherlink": [small, registry.get("slitherlink", "cpsat")]}
    notes = []

    class Notes(engine.Listener):
        def note(self, line):
            notes.append(line)

    out = tmp_path / "r.jsonl"
    engine.run_batch(entries, out, engine.Options(crossval=True, jobs=2), Notes(), chosen)
    assert keys(lines(out)) == Counter({
        ("result", "janko-11_5x5", "sat"), ("result", "janko-11_5x5", "cpsat"),
        ("result", "janko-31_7x7", "cpsat"),  # 49 cells > 30: no sat run
        ("crossval", "janko-11_5x5", None), ("crossval", "janko-31_7x7", None)})
    assert any("not run: slitherlink sat on 1 puzzle(s)" in n and "max_cells = 30" in n
               for n in notes)
    assert all(r["agree"] for r in lines(out) if r["record"] == "crossval")
    opts = engine.Options(crossval=True, jobs=2, overwrite=True, all_sizes=True)
    engine.run_batch(entries, out, opts, backends=chosen)
    assert ("result", "janko-31_7x7", "sat") in keys(lines(out))


# ------------------------------------------------------------------ batch isolation

SAMPLES = ROOT / "puzzles" / "samples"
NON_STRING_KIND = '{"kind": 1, "id": "a", "puzzle": "x"}'
COMMENT_ONLY = json.dumps({"kind": "slitherlink", "id": "comment", "puzzle": "# only a comment"})


def valid_corpus(n: int = 31) -> list[str]:
    """``n`` JSON Lines records of solvable puzzles of every kind: the shipped samples, then
    Hamiltonian grids by size and generated edge-matching boards (their answers are the backends')."""
    from gridsolve.puzzles.formats import from_size, write
    from gridsolve.puzzles.generators.edgematching import e2_style

    found = [(e.kind, e.id, e.puzzle) for p in sorted(SAMPLES.rglob("*.txt")) for e in engine.load([str(p)])]
    found += [("hamiltonian", f"ham-{s}", from_size("hamiltonian", s))
              for s in ("3", "5", "7", "2x3", "3x4", "4x5", "5x6", "3x8", "6x7", "9")]
    found += [("edgematching", f"e2-{i}", e2_style(3 + i % 2, 4, seed=i)[0]) for i in range(n)]
    return [json.dumps({"kind": k, "id": f"{k}-{i}", "puzzle": write("canonical", p)})
            for k, i, p in found[:n]]


def isolation_env() -> dict:
    env = {**os.environ, registry.EXTRA_ENV: isolation_doubles.SPEC}
    env.pop("PYTHONPATH", None)
    return env


def test_malformed_items_are_error_records_and_the_rest_run_through_sigkill_and_resume(tmp_path):
    valid = valid_corpus()
    assert len(valid) == 31 and {json.loads(v)["kind"] for v in valid} == set(kinds.KINDS)
    src = tmp_path / "mixed.jsonl"
    mixed = valid[:4] + [NON_STRING_KIND] + valid[4:18] + [COMMENT_ONLY] + valid[18:]
    src.write_text("\n".join(mixed) + "\n")
    out = tmp_path / "r.jsonl"
    args = [sys.executable, "-m", "gridsolve.cli.main", "batch", str(src), "--backends", "paced",
            "--jobs", "2", "--timeout", "60", "--out", str(out)]
    proc = subprocess.Popen(args, cwd=ROOT, env=isolation_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    wait_for_lines(out, 8, proc)  # the 2 error records first, then results
    proc.kill()
    proc.wait()
    first = keys(lines(out))
    assert sum(first.values()) < 33 and max(first.values()) == 1
    p = subprocess.run(args + ["--resume"], cwd=ROOT, env=isolation_env(), capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 2, p.stdout + p.stderr  # non-zero: the input had malformed items
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr
    recs = lines(out)
    ids = [json.loads(v)["id"] for v in valid]
    assert keys(recs) == Counter({("result", i, "paced") for i in ids}
                                 | {("input", "a", None), ("input", "comment", None)})
    assert all(r["status"] == "solved" for r in recs if r["record"] == "result")
    errors = {r["id"]: r["error"] for r in recs if r["record"] == "input"}
    assert errors["a"] == f"{src}:5: a kind is a name, not int 1"
    assert errors["comment"].startswith(f"{src}:20: ") and "only comments" in errors["comment"]
    assert errors["comment"].count(str(src)) == 1  # the place once
    assert "31 instance(s)" in p.stdout and "2 malformed input item(s)" in p.stdout


def test_a_backend_allocating_past_the_memory_limit_is_that_item_s_out_of_memory_error(tmp_path):
    src = jsonl(tmp_path / "in.jsonl")
    grab = tmp_path / "grab.jsonl"
    p = gridsolve("batch", str(src), "--backends", "grab,sat", "--memory", "350", "--jobs", "2",
                  "--out", str(grab), env=isolation_env())
    assert p.returncode == 1, p.stderr
    by = {(r["id"], r["backend"]): r for r in lines(grab)}
    assert len(by) == 2 * len(SMALL)
    for name in SMALL:
        ident = f"{Path(name).stem}-0"
        assert by[ident, "grab"]["status"] == "error"
        assert by[ident, "grab"]["error"] == "out of memory (worker memory limit 350 MiB)"
        assert by[ident, "sat"]["status"] == "solved"  # the batch went on, in the same workers
    # without the limit the same backend solves: the limit, not the backend, made it fail
    free = tmp_path / "free.jsonl"
    p = gridsolve("batch", str(src), "--backends", "grab", "--memory", "0", "--jobs", "1", "--out", str(free),
                  env=isolation_env())
    assert p.returncode == 0, p.stderr
    assert all(r["status"] == "solved" for r in lines(free))


def test_an_unreadable_input_among_others_is_one_error_record(tmp_path):
    out = tmp_path / "r.jsonl"
    missing = tmp_path / "missing.txt"
    p = gridsolve("batch", str(SL / "pzprjs-5x5.txt"), str(missing), "--out", str(out), "--jobs", "1")
    assert p.returncode == 2, p.stderr
    recs = lines(out)
    assert keys(recs) == Counter({("result", "pzprjs-5x5", registry.DEFAULTS["slitherlink"]),
                                  ("input", str(missing), None)})
    assert [ln for ln in p.stderr.splitlines() if "error:" in ln] == [
        f"gridsolve: error: {missing}: no such file, and not a puzz.link URL or puzzle ID"]
    # nothing readable at all: one line, exit 2, no results file
    p = gridsolve("batch", str(missing), "--out", str(tmp_path / "none.jsonl"))
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "none.jsonl").exists()
