"""Summary statistics for timings (the machine is noisy: report medians, percentiles, maxima and
ratios measured in the same run, never single timings)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, q in [0, 100]."""
    if not values:
        return math.nan
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def summarize(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "median": math.nan, "p95": math.nan, "max": math.nan, "mean": math.nan}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(values, 95),
        "max": max(values),
        "mean": statistics.fmean(values),
    }


def ratio(a: float, b: float) -> float:
    return a / b if b else math.inf
