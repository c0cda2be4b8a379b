"""Experiments from the page: a small batch (the kind's shipped samples, or freshly generated
puzzles) against chosen backends, run as a job of the server's pool (``web.pool``, heavy lane) by
the project's batch runner (``harness.batch.run_batch``: a solver process, hard time limits) while
the page polls the progress; when it ends, the report's plots (``harness.plots.time_distribution``)
as SVG and the summary table (``harness.summary``).
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from ..puzzles import formats
from .document import kind_of, number
from .kinds import feature
from .sources import read_source, sample_names
from .states import BadInput

MAX_PUZZLES, MAX_TIMEOUT = 50, 60.0
ROW_FIELDS = ("id", "backend", "status", "count", "unique", "seconds")  # of each result, as polled


def plan(root: Path, payload: dict) -> dict:
    """The experiment a request asks for, checked in the server before it is queued (BadInput /
    UnknownBackend otherwise): ``{"kind", "n", "timeout", "backends", "source", "total"}``."""
    kind = kind_of(payload)
    if kind is None:
        raise BadInput("kind: which kind to experiment on")
    from ..harness import registry

    n = int(number(payload, "n", 5, 1, MAX_PUZZLES))
    timeout = number(payload, "timeout", 5.0, 0.1, MAX_TIMEOUT)
    names = payload.get("backends") or [registry.DEFAULTS[kind]]
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise BadInput("backends: a list of backend names")
    backends = [b.name for b in registry.select(kind, names)]  # UnknownBackend (400) for a bad name
    source = payload.get("source", "samples")
    if source == "samples":
        n = min(n, len(sample_names(kind)))
    elif source == "generate":
        feature(kind, "generate", "generated experiments")
    else:
        raise BadInput(f"source {source!r}: samples or generate")
    return {"kind": kind, "n": n, "timeout": timeout, "backends": backends, "source": source,
            "total": n * len(backends)}


def run(root: Path, payload: dict, progress) -> dict:
    """Run the experiment (in a worker process of ``web.pool``): each result's row reported
    through ``progress`` as it comes in; the report's plots and summary at the end."""
    from ..harness import registry
    from ..harness.batch import Listener, Options, run_batch
    from ..puzzles.solving import Limit

    p = plan(root, payload)
    kind = p["kind"]
    backends = registry.select(kind, p["backends"])
    entries = _entries(root, kind, p["source"], p["n"])
    opts = Options(backends=",".join(p["backends"]), limit=Limit(seconds=p["timeout"], solutions=2),
                   jobs=1, overwrite=True)

    class Progress(Listener):
        def result(self, rec: dict) -> None:
            progress({k: rec.get(k) for k in ROW_FIELDS})

    with tempfile.TemporaryDirectory(prefix="gridsolve-experiment-") as tmp:
        results = run_batch(entries, Path(tmp) / "results.jsonl", opts, Progress(), {kind: backends})
        records = list(results.records.values())
    plots, summary = _report(records, kind, p["timeout"])
    return {"kind": kind, "total": p["total"], "plots": plots, "summary": summary}


def _entries(root: Path, kind: str, source: str, n: int) -> list:
    if source == "samples":
        return [read_source(root, f"sample:{kind}/{name}")[0] for name in sample_names(kind)][:n]
    from . import tools

    out = []
    for seed in range(n):
        options = {"size": feature(kind, "EXPERIMENT_SIZE", "generated experiments"), "seed": seed}
        doc = tools.generate(root, {"kind": kind, "options": options})
        entry = formats.parse_text(doc["puzzle"], f"generated-{seed}")[0]
        out.append(formats.Entry(f"{doc['name'] or 'generated'}-{seed}", kind, entry.puzzle))
    return out


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
