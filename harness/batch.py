"""Batch solving: many instances x backends, in parallel worker processes or on a Dask cluster,
with results that are never lost.

* Every finished (instance, backend) result is appended to a JSON Lines file and flushed at once
  (``harness.results.batch_record``); so are malformed input items (``record: "input"``, with the
  file and line) and, with cross-validation, one verdict per instance (``record: "crossval"``).
* ``resume=True`` keeps the file, drops a partial last line (a killed run), and skips every
  (record, id, backend) already there; a verdict whose results are all present is written then.
* Each solve runs in a ``harness.worker.SolverProcess`` (hard time and memory limit, crash
  isolation), locally (``LocalPool``: one thread + one child process per job) or inside Dask
  workers (``DaskPool``, ``--cluster``): the same tasks, the same records.
* Cross-validation compares the solution sets of an instance's backends with
  ``harness.crossval.compare`` once its last result is in, rebuilding the solutions from the
  records, so a resumed run judges exactly like an uninterrupted one.
"""

from __future__ import annotations

import json
import os
import queue
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..puzzles import kinds
from ..puzzles.errors import FormatError
from ..puzzles.solving import Limit, SolveResult, Status

if TYPE_CHECKING:  # loaded by the functions that use them: `gridsolve --help` imports this module
    from ..puzzles.formats import Entry
    from . import registry
    from .worker import SolverProcess

DEFAULT_MEMORY_MIB = 4096
DEFAULT_GRACE = 10.0


class BatchError(Exception):
    """A batch that cannot start (output exists, cluster unreachable, ...): one line for the user."""


# ------------------------------------------------------------------ input and tasks


def load(args: Iterable[str], kind: str | None = None) -> list[Entry]:
    """Every entry of every input (``puzzles.formats.read``); ids made unique (``id~2``, ...) so
    each instance has one key in the results file. An input that cannot be read at all is one
    malformed entry (its error, the argument as id): the other inputs still run."""
    from ..puzzles.formats import Entry, read

    out: list[Entry] = []
    seen: dict[str, int] = {}
    for arg in args:
        try:
            found = read(arg, kind)
        except FormatError as exc:
            found = [Entry(arg, kind or "?", error=str(exc), source=arg)]
        for e in found:
            n = seen.get(e.id, 0) + 1
            seen[e.id] = n
            if n > 1:
                e = Entry(f"{e.id}~{n}", e.kind, e.puzzle, e.solution, e.error, e.source, e.warning)
            out.append(e)
    return out


@dataclass(frozen=True)
class Task:
    id: str
    kind: str
    backend: str
    puzzle: Any
    limit: Limit
    options: dict = field(default_factory=dict, hash=False)

    def payload(self) -> dict:
        return {"id": self.id, "kind": self.kind, "backend": self.backend, "puzzle": self.puzzle,
                "seconds": self.limit.seconds, "solutions": self.limit.solutions,
                "options": self.options}


def too_big(backend: registry.Backend, puzzle) -> bool:
    """Does the puzzle exceed the size a backend declares it is meant for (``max_cells``, set on
    exponential seed ports; 0 or absent = any size)?"""
    limit = getattr(backend, "max_cells", 0) or 0
    cells = (getattr(puzzle, "rows", 0) or 0) * (getattr(puzzle, "cols", 0) or 0)
    return bool(limit) and cells > limit


def key(rec: dict) -> tuple:
    return rec.get("record", "result"), rec.get("id"), rec.get("backend")


def choose_backends(entries: list[Entry], names: str | None,
                    crossval: bool) -> dict[str, list[registry.Backend]]:
    """Backends per kind: the named ones (each must exist for every kind of the input), ``all``
    (those available here), or by default the kind's default backend (every one with crossval)."""
    from . import registry

    out: dict[str, list[registry.Backend]] = {}
    for k in dict.fromkeys(e.kind for e in entries if e.ok):
        if names in (None, "") and not crossval:
            chosen = [registry.get(k)]
        elif names in (None, "", "all"):
            chosen = [b for b in registry.for_kind(k) if b.available()[0]]
        else:
            chosen = registry.select(k, names)
        for b in chosen:
            ok, why = b.available()
            if not ok:
                raise BatchError(f"backend {b.name} ({k}) is not available here: {why}")
        out[k] = chosen
    return out


# ------------------------------------------------------------------ the results file


BULKY = ("solution", "solutions", "stats")  # what the summary never needs


class ResultsFile:
    """The JSON Lines output: appended and flushed record by record. ``records`` keeps every
    record by key; ``slim`` drops the bulky fields of one once they are no longer needed."""

    def __init__(self, path: Path, *, resume: bool = False, overwrite: bool = False) -> None:
        self.path = Path(path)
        self.records: dict[tuple, dict] = {}
        self.notes: list[str] = []
        if self.path.exists() and self.path.stat().st_size and not (resume or overwrite):
            raise BatchError(f"{self.path} exists: --resume continues it, --overwrite replaces it")
        if resume and self.path.exists():
            self._load()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a" if resume else "w", encoding="utf-8")

    def _load(self) -> None:
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):  # a run killed in the middle of a line
            cut = data.rfind(b"\n") + 1
            with self.path.open("r+b") as f:
                f.truncate(cut)
            self.notes.append(f"{self.path}: dropped an unfinished last line (it will be redone)")
            data = data[:cut]
        for no, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                if not isinstance(rec, dict) or "id" not in rec:
                    raise ValueError("not a result object")
            except ValueError as exc:
                self.notes.append(f"{self.path}:{no}: unreadable line ignored ({exc})")
                continue
            self.records[key(rec)] = rec

    def __contains__(self, k: tuple) -> bool:
        return k in self.records

    def add(self, rec: dict, keep: bool = True) -> None:
        self._file.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self._file.flush()
        self.records[key(rec)] = rec
        if not keep:
            self.slim(key(rec))

    def slim(self, k: tuple) -> None:
        rec = self.records.get(k)
        if rec is not None and any(f in rec for f in BULKY):
            self.records[k] = {f: v for f, v in rec.items() if f not in BULKY}

    def close(self) -> None:
        self._file.close()


def read_records(path: str | Path) -> list[dict]:
    """The records of a results file (unreadable lines skipped; a later duplicate key wins)."""
    out: dict[tuple, dict] = {}
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and "id" in rec:
            out[key(rec)] = rec
    return list(out.values())


# ------------------------------------------------------------------ cross-validation from records


def result_of(rec: dict, puzzle) -> SolveResult:
    """A SolveResult rebuilt from a record (solutions parsed back with the kind's
    ``parse_solution``; a solution that does not parse stays its canonical JSON string)."""
    fmod = kinds.formats(rec["kind"])
    sols = []
    for obj in rec.get("solutions") or []:
        try:
            sols.append(fmod.parse_solution(puzzle, json.dumps(obj)))
        except Exception:  # noqa: BLE001 - compared as text then; any mismatch is still reported
            sols.append(json.dumps(obj, sort_keys=True))
    count = rec.get("count")
    total = count if isinstance(count, int) and count != len(sols) else None  # a count-only mode's
    return SolveResult(rec["backend"], Status(rec["status"]), tuple(sols), bool(rec.get("exhausted")),
                       float(rec.get("seconds") or 0), total=total, error=rec.get("error"))


def crossval_record(entry: Entry, recs: list[dict]) -> dict:
    from .crossval import Report, compare

    results = [result_of(r, entry.puzzle) for r in recs]
    rep = Report(entry.id, entry.kind, results,
                 compare(results, entry.solution, entry.kind, entry.puzzle))
    return {"record": "crossval", "kind": entry.kind, "id": entry.id, "backend": None,
            "verdict": rep.verdict, "agree": rep.agree, "problems": rep.problems,
            "backends": [r.backend for r in results], "count": rep.count}


def input_record(entry: Entry) -> dict:
    return {"record": "input", "kind": entry.kind, "id": entry.id, "backend": None,
            "status": "error", "error": entry.error, "source": entry.source}


# ------------------------------------------------------------------ pools


class LocalPool:
    """``jobs`` threads, each feeding its own worker process."""

    def __init__(self, jobs: int, memory_mib: int, grace: float) -> None:
        self.jobs, self.memory_mib, self.grace = max(1, jobs), memory_mib, grace
        self.procs: list[SolverProcess] = []
        self.threads: list[threading.Thread] = []

    def results(self, tasks: list[Task]) -> Iterator[dict]:
        from .worker import SolverProcess

        todo: queue.Queue = queue.Queue()
        done: queue.Queue = queue.Queue()
        for t in tasks:
            todo.put(t)
        n = min(self.jobs, len(tasks))
        for _ in range(n):
            todo.put(None)
        for _ in range(n):
            proc = SolverProcess(self.memory_mib)
            th = threading.Thread(target=self._work, args=(proc, todo, done), daemon=True)
            self.procs.append(proc)
            self.threads.append(th)
            th.start()
        for _ in range(len(tasks)):
            while True:
                try:
                    item = done.get(timeout=0.5)
                    break
                except queue.Empty:
                    if not any(th.is_alive() for th in self.threads) and done.empty():
                        raise RuntimeError("every batch worker thread stopped") from None
            if isinstance(item, BaseException):
                raise item
            yield item

    def _work(self, proc: SolverProcess, todo: queue.Queue, done: queue.Queue) -> None:
        try:
            while (task := todo.get()) is not None and not proc.closed.is_set():
                hard = None if task.limit.seconds is None else task.limit.seconds + self.grace
                done.put(proc.run(task.payload(), hard))
        except RuntimeError:
            if not proc.closed.is_set():
                raise
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer thread
            done.put(exc)
        finally:
            proc.kill()

    def close(self) -> None:
        for p in self.procs:
            p.close()
        for th in self.threads:
            th.join(timeout=10)


class DaskPool:
    """The same tasks on a Dask distributed scheduler; each runs in a ``SolverProcess`` inside a
    Dask worker (``harness.worker.remote_solve``), results streamed back as they complete."""

    def __init__(self, address: str, memory_mib: int, grace: float) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise BatchError("--cluster needs dask.distributed: pip install 'gridsolve[cluster]'") from None
        self.memory_mib, self.grace = memory_mib, grace
        try:
            self.client = Client(address)  # waits distributed.comm.timeouts.connect (30 s)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.futures: dict = {}

    def results(self, tasks: list[Task]) -> Iterator[dict]:
        from distributed import as_completed

        from .worker import failure, remote_solve

        for t in tasks:
            hard = None if t.limit.seconds is None else t.limit.seconds + self.grace
            fut = self.client.submit(remote_solve, t.payload(), hard, self.memory_mib, pure=False)
            self.futures[fut] = t
        for fut in as_completed(list(self.futures)):
            t = self.futures.pop(fut)
            try:
                yield fut.result()
            except Exception as exc:  # noqa: BLE001 - a lost Dask worker, a cancelled task, ...
                yield failure(t.payload(), 0.0, f"dask: {type(exc).__name__}: {exc}")

    def close(self) -> None:
        if self.futures:
            self.client.cancel(list(self.futures))
        self.client.close()


# ------------------------------------------------------------------ the batch


@dataclass
class Options:
    backends: str | None = None  # comma-separated names, "all", or None (the kind's default)
    limit: Limit = Limit(seconds=60.0, solutions=2)
    jobs: int = 0  # 0 = every core
    crossval: bool = False
    resume: bool = False
    overwrite: bool = False
    memory_mib: int = DEFAULT_MEMORY_MIB
    grace: float = DEFAULT_GRACE
    cluster: str | None = None
    options: dict = field(default_factory=dict)
    all_sizes: bool = False  # also run backends on puzzles beyond their ``max_cells``


class Listener:
    """What a front end hears (all no-ops here)."""

    def start(self, total: int, skipped: int) -> None: ...
    def note(self, line: str) -> None: ...
    def result(self, rec: dict) -> None: ...
    def verdict(self, rec: dict) -> None: ...


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run_batch(entries: list[Entry], out: Path, opts: Options, listener: Listener | None = None,
              backends: dict[str, list[registry.Backend]] | None = None) -> ResultsFile:
    """Run (or resume) a batch; returns the results file (closed), whose ``records`` hold every
    record of the run, old and new. KeyboardInterrupt stops the workers and propagates; every
    finished record is already on disk."""
    lis = listener or Listener()
    backends = backends if backends is not None else choose_backends(entries, opts.backends, opts.crossval)
    results = ResultsFile(out, resume=opts.resume, overwrite=opts.overwrite)
    try:
        for line in results.notes:
            lis.note(line)
        tasks: list[Task] = []
        pending: dict[str, set[str]] = {}  # instance id -> backends still to come (crossval)
        planned: dict[str, list[str]] = {}  # instance id -> the backends it gets
        too_large: dict[registry.Backend, int] = {}  # backend -> instances it is not run on
        by_id = {e.id: e for e in entries}
        for e in entries:
            if not e.ok:
                if ("input", e.id, None) not in results:
                    results.add(input_record(e))
                lis.note(f"error: {e.error}")
                continue
            names = []
            for b in backends[e.kind]:
                if opts.all_sizes or not too_big(b, e.puzzle):
                    names.append(b.name)
                else:
                    too_large[b] = too_large.get(b, 0) + 1
            planned[e.id] = names
            for name in names:
                if ("result", e.id, name) not in results:
                    tasks.append(Task(e.id, e.kind, name, e.puzzle, opts.limit, opts.options))
            if opts.crossval:
                pending[e.id] = {n for n in names if ("result", e.id, n) not in results}
        for b, n in too_large.items():
            lis.note(f"not run: {b.kind} {b.name} on {n} puzzle(s) larger than its max_cells = "
                     f"{b.max_cells} (an exponential solver; --all-sizes runs it anyway)")
        lis.start(len(tasks), sum(len(v) for v in planned.values()) - len(tasks))

        def judge(ident: str) -> None:
            if ("crossval", ident, None) in results:
                return
            e = by_id[ident]
            recs = [results.records[("result", ident, name)] for name in planned[ident]]
            rec = crossval_record(e, recs)
            results.add(rec)
            lis.verdict(rec)
            for name in planned[ident]:
                results.slim(("result", ident, name))

        for ident, left in pending.items():  # resumed instances whose results are all there
            if not left:
                judge(ident)
        for k in list(results.records):
            if k[0] == "result" and (k[1] not in pending or ("crossval", k[1], None) in results):
                results.slim(k)
        if not tasks:
            return results
        jobs = opts.jobs or default_jobs()
        pool = DaskPool(opts.cluster, opts.memory_mib, opts.grace) if opts.cluster \
            else LocalPool(jobs, opts.memory_mib, opts.grace)
        try:
            for rec in pool.results(tasks):
                results.add(rec, keep=rec["id"] in pending)
                lis.result(rec)
                left = pending.get(rec["id"])
                if left is not None:
                    left.discard(rec["backend"])
                    if not left:
                        judge(rec["id"])
        finally:
            pool.close()
        return results
    finally:
        results.close()

