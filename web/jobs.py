"""Experiments from the page: a small batch (the kind's shipped samples, or freshly generated
puzzles) against chosen backends, run in the background by the project's batch runner
(``harness.batch.run_batch``: worker processes, hard time limits) while the page polls the
progress; when it ends, the report's plots (``harness.plots.time_distribution``) as SVG and the
summary table (``harness.summary``).
"""

from __future__ import annotations

import io
import tempfile
import threading
import uuid
from pathlib import Path

from ..puzzles import formats
from .document import kind_of, number
from .sources import read_source, sample_names
from .states import BadInput

MAX_PUZZLES, MAX_JOBS_KEPT, MAX_RUNNING = 50, 20, 1
ROW_FIELDS = ("id", "backend", "status", "count", "unique", "seconds")  # of each result, as polled


class Jobs:
    """The experiments of one server: started, polled, and the last ``MAX_JOBS_KEPT`` kept."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.jobs: dict[str, dict] = {}

    def start(self, root: Path, payload: dict) -> dict:
        kind = kind_of(payload)
        if kind is None:
            raise BadInput("kind: which kind to experiment on")
        from ..harness import registry
        from ..harness.batch import Options
        from ..puzzles.solving import Limit

        n = int(number(payload, "n", 5, 1, MAX_PUZZLES))
        timeout = number(payload, "timeout", 5.0, 0.1, 60.0)
        names = payload.get("backends") or [registry.DEFAULTS[kind]]
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            raise BadInput("backends: a list of backend names")
        backends = registry.select(kind, names)  # UnknownBackend (400) for a bad name
        entries = self._entries(kind, payload.get("source", "samples"), n)
        with self.lock:
            if sum(not j["finished"] for j in self.jobs.values()) >= MAX_RUNNING:
                raise BadInput("an experiment is running already; wait for it to finish")
            job = uuid.uuid4().hex[:12]
            self.jobs[job] = {"job": job, "kind": kind, "done": 0, "total": len(entries) * len(backends),
                              "rows": [], "finished": False, "plots": [], "summary": [], "error": ""}
            while len(self.jobs) > MAX_JOBS_KEPT:
                self.jobs.pop(next(iter(self.jobs)))
        opts = Options(backends=",".join(b.name for b in backends), limit=Limit(seconds=timeout, solutions=2),
                       jobs=1, overwrite=True)
        threading.Thread(target=self._run, args=(job, entries, opts, {kind: backends}), daemon=True,
                         name=f"experiment-{job}").start()
        return {"job": job, "total": self.jobs[job]["total"]}

    def _entries(self, kind: str, source: str, n: int) -> list:
        if source == "samples":
            entries = [read_source(self.root, f"sample:{kind}/{name}")[0] for name in sample_names(kind)]
            return entries[:n]
        if source == "generate":
            from . import tools

            size = {"slitherlink": "5x5", "nurikabe": "5x5", "edgematching": "4x4", "hamiltonian": "5"}[kind]
            out = []
            for seed in range(n):
                doc = tools.generate(self.root, {"kind": kind, "options": {"size": size, "seed": seed}})
                entry = formats.parse_text(doc["puzzle"], f"generated-{seed}")[0]
                out.append(formats.Entry(f"{doc['name'] or 'generated'}-{seed}", kind, entry.puzzle))
            return out
        raise BadInput(f"source {source!r}: samples or generate")

    def _run(self, job: str, entries: list, opts, backends: dict) -> None:
        from ..harness.batch import Listener, run_batch

        state = self.jobs[job]

        class Progress(Listener):
            def result(self, rec: dict) -> None:
                with jobs_lock:
                    state["done"] += 1
                    state["rows"].append({k: rec.get(k) for k in ROW_FIELDS})

        jobs_lock = self.lock
        try:
            with tempfile.TemporaryDirectory(prefix="gridsolve-experiment-") as tmp:
                results = run_batch(entries, Path(tmp) / "results.jsonl", opts, Progress(), backends)
                records = list(results.records.values())
            plots, summary = _report(records, state["kind"], opts.limit.seconds)
            with self.lock:
                state["plots"], state["summary"] = plots, summary
        except Exception as exc:  # the job reports its failure; the server goes on
            with self.lock:
                state["error"] = f"{type(exc).__name__}: {exc}"
        finally:
            with self.lock:
                state["finished"] = True

    def status(self, job: str) -> dict | None:
        with self.lock:
            found = self.jobs.get(job)
            return None if found is None else {**found, "rows": list(found["rows"])}


def _report(records: list[dict], kind: str, timeout: float | None) -> tuple[list[str], list[dict]]:
    """The report's time-distribution plot as SVG text, and the summary rows."""
    from ..harness import plots
    from ..harness.summary import summarize_records

    s = summarize_records(records)
    seconds = {b: v for (k, b), v in s.finished.items() if k == kind and v}
    totals = {r["backend"]: r["runs"] for r in s.rows if r["kind"] == kind}
    fig = plots.time_distribution(seconds, f"{kind}: runs finished within t", timeout, totals)
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return [svg[svg.index("<svg"):]], s.rows  # without the XML prolog: the page inlines it
