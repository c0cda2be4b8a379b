"""Summaries of batch results files: per kind and backend, the verdict counts and the time
distribution; the disagreements of cross-validation; the errors. Shared by ``gridsolve batch``
(the table at the end), ``gridsolve report`` and the benchmarks."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .timing import summarize

COLUMNS = ("kind", "backend", "runs", "solved", "unique", "unsat", "timeouts", "stuck", "errors",
           "median s", "p95 s", "max s")


@dataclass
class Summary:
    rows: list[dict] = field(default_factory=list)  # one per (kind, backend), COLUMNS keys
    seconds: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # timed runs
    finished: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # solved / unsat runs
    disagreements: list[dict] = field(default_factory=list)  # crossval records with agree false
    verdicts: dict[str, dict[str, int]] = field(default_factory=dict)  # kind -> verdict -> n
    errors: list[dict] = field(default_factory=list)  # result records with status error
    input_errors: list[dict] = field(default_factory=list)
    instances: int = 0
    unsolved: list[str] = field(default_factory=list)  # ids of instances no backend solved
    not_unique: list[str] = field(default_factory=list)  # ids of instances with two or more solutions

    @property
    def failures(self) -> int:
        """What makes a batch exit 1: errors, timeouts, disagreements, and instances that no
        backend solved or that have more than one solution."""
        return (len(self.errors) + sum(r["timeouts"] for r in self.rows) + len(self.disagreements)
                + len(self.unsolved) + len(self.not_unique))


def summarize_records(records: list[dict]) -> Summary:
    """Timings are over the runs that did not end in ``error`` (a killed or crashed run has no
    meaningful time); timeouts count with the time they used."""
    s = Summary()
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    instances: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for rec in records:
        kind = rec.get("record", "result")
        if kind == "input":
            s.input_errors.append(rec)
        elif kind == "crossval":
            s.verdicts.setdefault(rec["kind"], {}).setdefault(rec["verdict"], 0)
            s.verdicts[rec["kind"]][rec["verdict"]] += 1
            if not rec.get("agree", True):
                s.disagreements.append(rec)
        else:
            groups[(rec["kind"], rec["backend"])].append(rec)
            instances[(rec["kind"], rec["id"])].append(rec)
            if rec.get("status") == "error":
                s.errors.append(rec)
    s.instances = len(instances)
    for (_, ident), recs in instances.items():
        if not any(r.get("status") == "solved" for r in recs):
            s.unsolved.append(ident)
        elif any((r.get("count") or 0) >= 2 for r in recs):
            s.not_unique.append(ident)
    for (kind, backend), recs in sorted(groups.items()):
        secs = [float(r.get("seconds") or 0) for r in recs if r.get("status") != "error"]
        s.seconds[(kind, backend)] = secs
        s.finished[(kind, backend)] = [float(r.get("seconds") or 0) for r in recs
                                       if r.get("status") in ("solved", "unsat")]
        t = summarize(secs)
        status = defaultdict(int)
        for r in recs:
            status[r.get("status")] += 1
        s.rows.append({
            "kind": kind, "backend": backend, "runs": len(recs), "solved": status["solved"],
            "unique": sum(r.get("unique") is True for r in recs), "unsat": status["unsat"],
            "timeouts": status["timeout"], "stuck": status["stuck"], "errors": status["error"],
            "median s": t["median"], "p95 s": t["p95"], "max s": t["max"],
        })
    return s


def fmt_seconds(v: float) -> str:
    if v != v:  # nan: no timed run
        return "-"
    return f"{v:.4f}" if v < 1 else f"{v:.2f}"


def table_rows(s: Summary) -> list[list[str]]:
    """The summary rows as strings in COLUMNS order."""
    return [[str(r[c]) if not c.endswith(" s") else fmt_seconds(r[c]) for c in COLUMNS] for r in s.rows]
