"""Result records: one JSON object per puzzle and backend (DESIGN.md, "JSON output")."""

from __future__ import annotations

import math
from typing import Any

from puzzles.solving import SolveResult


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
    out["stats"] = _plain(result.stats)
    return out
