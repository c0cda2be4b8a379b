"""Time-distribution plots of backends (matplotlib, object API, no global pyplot state): the
empirical distribution of solve times per backend (fraction of instances done within t, log time
axis) beside a box plot of the same times. Used by ``gridsolve report`` and the benchmarks."""

from __future__ import annotations

import io
from pathlib import Path

FLOOR = 1e-4  # seconds: zero times are drawn here on the log axis


def time_distribution(seconds: dict[str, list[float]], title: str = "", timeout: float | None = None,
                      totals: dict[str, int] | None = None):
    """A matplotlib Figure: left, per backend, the share of its runs finished within t (``seconds``
    = times of the finished runs, ``totals`` = all its runs, so timeouts and errors keep the curve
    below 1), right a box plot of the same times; ``timeout`` draws the time limit."""
    from matplotlib.figure import Figure

    names = [n for n, v in seconds.items() if v]
    fig = Figure(figsize=(11, 4.2), layout="constrained")
    ecdf, box = fig.subplots(1, 2, width_ratios=[3, 2])
    for name in names:
        xs = sorted(max(FLOOR, x) for x in seconds[name])
        total = max(len(xs), (totals or {}).get(name, 0))
        ys = [(i + 1) / total for i in range(len(xs))]
        ecdf.step(xs, ys, where="post", label=f"{name} ({len(xs)}/{total})")
    ecdf.set_xscale("log")
    ecdf.set_xlabel("seconds (log scale)")
    ecdf.set_ylabel("share of runs finished within t")
    ecdf.set_ylim(0, 1.02)
    ecdf.grid(True, which="both", alpha=0.3)
    if names:
        box.boxplot([[max(FLOOR, x) for x in seconds[n]] for n in names], orientation="horizontal",
                    tick_labels=names, showfliers=True, flierprops={"markersize": 2})
    box.set_xscale("log")
    box.set_xlabel("seconds (log scale)")
    box.grid(True, axis="x", which="both", alpha=0.3)
    if timeout:
        ecdf.axvline(timeout, color="grey", linestyle="--", linewidth=1, label=f"time limit {timeout:g} s")
        box.axvline(timeout, color="grey", linestyle="--", linewidth=1)
    if names or timeout:
        ecdf.legend(loc="lower right", fontsize="small")
    if title:
        fig.suptitle(title)
    return fig


def png(fig, dpi: int = 100) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def save(fig, path: Path, dpi: int = 110) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=dpi)
    return path
