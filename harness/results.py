"""Result records: one JSON object per puzzle and backend (DESIGN.md, "JSON output")."""

from __future__ import annotations

import math
from typing import Any

from ..puzzles.solving import SolveResult


def _plain(v: Any) -> Any:
    """JSON-safe stats values (numbers, strings, lists, dicts)."""
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return str(v)


def record(kind: str, ident: str, result: SolveResult, *, with_solutions: bool = True) -> dict:
    """The result as JSON: its verdict, solutions, ``error`` / ``note`` / ``best`` when set, and the
    figures of ``stats``."""
    out = {
        "kind": kind,
        "id": ident,
        "backend": result.backend,
        "status": str(result.status),
        "exhausted": result.exhausted,
        "count": result.count,
        "unique": result.unique,
        "seconds": round(result.seconds, 6),
    }
    if with_solutions:
        out["solutions"] = [s.to_json() for s in result.solutions]
    if result.error:
        out["error"] = result.error
    if result.note:
        out["note"] = result.note
    if result.best is not None:
        out["best"] = result.best.to_json()
    out["stats"] = _plain(result.stats)
    return out


def canonical_solution(kind: str, puzzle, solution, ident: str | None = None) -> str:
    """A solution in the kind's canonical text."""
    from ..puzzles import kinds

    return kinds.formats(kind).format_solution(puzzle, solution, ident)


def batch_record(task: dict, result: SolveResult) -> dict:
    """One line of a batch results file (``gridsolve batch``): the instance, the backend, the
    verdict, ``error`` (None unless the status is ``error``), ``note`` when the backend wrote one,
    the first solution in canonical text
    and every solution as JSON (so a later run can compare solution sets), the limits used."""
    rec = record(task["kind"], task["id"], result)
    stats = rec.pop("stats")
    sols = rec.pop("solutions")
    rec = {"record": "result", **rec}
    rec["timeout"] = task["seconds"]
    rec["limit"] = task["solutions"]
    rec["error"] = (result.error or "unknown error") if result.status == "error" else None
    rec["solution"] = (canonical_solution(task["kind"], task["puzzle"], result.solutions[0], task["id"])
                       if result.solutions else None)
    rec["solutions"] = sols
    rec["stats"] = stats
    return rec
