"""``gridsolve report --html``: one self-contained HTML page (inline CSS, plots as base64 PNG, no
external link) with, per kind, the summary table per backend, the verdicts of cross-validation and
the time distributions; then the disagreements, the errors, the malformed input items and the
slowest runs."""

from __future__ import annotations

import base64
import datetime as _dt
import platform
from html import escape

from . import plots
from .summary import COLUMNS, Summary, summarize_records, table_rows

MAX_ROWS = 200

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1150px; color: #222; }
h1 { font-size: 1.5em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .6em 0; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: right; vertical-align: top; }
th { background: #f0f0f0; } td.l, th.l { text-align: left; }
.bad { color: #b00; } .ok { color: #070; } .muted { color: #666; font-size: .9em; }
img { max-width: 100%; }
"""


def _table(header: list[str], rows: list[list], left: int = 2) -> str:
    """An HTML table; the first ``left`` columns are text (left-aligned), the others numbers."""

    def cell(tag: str, i: int, v) -> str:
        cls = ' class="l"' if i < left and tag == "th" else ""
        style = ' style="text-align:left"' if i < left and tag == "td" else ""
        return f"<{tag}{cls}{style}>{escape(str(v))}</{tag}>"

    out = ["<table><tr>" + "".join(cell("th", i, h) for i, h in enumerate(header)) + "</tr>"]
    out += ["<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>" for row in rows]
    return "".join(out) + "</table>"


def _plot(s: Summary, kind: str, timeout: float | None) -> str:
    seconds = {b: v for (k, b), v in s.finished.items() if k == kind and v}
    if not seconds:
        return '<p class="muted">no finished run to plot</p>'
    totals = {r["backend"]: r["runs"] for r in s.rows if r["kind"] == kind}
    fig = plots.time_distribution(seconds, f"{kind}: runs finished (solved or proved unsat) within t",
                                  timeout, totals)
    data = base64.b64encode(plots.png(fig)).decode()
    return f'<img alt="time distributions of the {escape(kind)} backends" src="data:image/png;base64,{data}">'


def _cls(items) -> str:
    return "bad" if items else "ok"


def html_report(records: list[dict], title: str = "gridsolve batch report") -> str:
    s = summarize_records(records)
    results = [r for r in records if r.get("record", "result") == "result"]
    timeouts = sorted({t for r in results if (t := r.get("timeout")) is not None})
    limits = sorted({n for r in results if (n := r.get("limit")) is not None})
    now = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
             f"<style>{CSS}</style></head><body><h1>{escape(title)}</h1>"]
    ok = not (s.disagreements or s.errors)
    parts.append(
        f"<p>{s.instances} instance(s), {len(results)} run(s); "
        f'<span class="{_cls(s.disagreements)}">{len(s.disagreements)} disagreement(s)</span>, '
        f'<span class="{_cls(s.errors)}">{len(s.errors)} error(s)</span>, '
        f"{sum(r['timeouts'] for r in s.rows)} timeout(s), {len(s.input_errors)} malformed input item(s)."
        f"{' All runs ended without error.' if ok else ''}</p>"
        f'<p class="muted">time limit per run: {", ".join(f"{t:g} s" for t in timeouts) or "none"}; '
        f'solution limit: {", ".join(map(str, limits)) or "-"} (2 = uniqueness proof). Seconds are '
        "wall-clock per run (model building, solving, checking); timings exclude runs that ended in "
        f"error. Report made {now} on {escape(platform.node())} (Python {platform.python_version()}).</p>"
    )
    rows = table_rows(s)
    for kind in sorted({r["kind"] for r in s.rows}):
        parts.append(f"<h2>{escape(kind)}</h2>")
        parts.append(_table(list(COLUMNS[1:]), [row[1:] for row in rows if row[0] == kind], left=1))
        if kind in s.verdicts:
            v = s.verdicts[kind]
            parts.append("<p>cross-validation verdicts: "
                         + ", ".join(f"{n} {escape(name)}"
                                     for name, n in sorted(v.items(), key=lambda x: -x[1]))
                         + "</p>")
        parts.append(_plot(s, kind, timeouts[0] if len(timeouts) == 1 else None))
        slow = sorted((r for r in results if r["kind"] == kind and r.get("status") != "error"),
                      key=lambda r: -float(r.get("seconds") or 0))[:10]
        if slow:
            parts.append("<p>slowest runs:</p>" + _table(
                ["instance", "backend", "status", "seconds"],
                [[r["id"], r["backend"], r["status"], f"{float(r['seconds']):.3f}"] for r in slow], 3))
    parts.append(f"<h2>Disagreements ({len(s.disagreements)})</h2>")
    if s.disagreements:
        rows = [[r["kind"], r["id"], "; ".join(r["problems"])] for r in s.disagreements[:MAX_ROWS]]
        parts.append(_table(["kind", "instance", "problems"], rows, 3))
    else:
        parts.append('<p class="ok">none</p>')
    parts.append(f"<h2>Errors ({len(s.errors)})</h2>")
    if s.errors:
        rows = [[r["kind"], r["id"], r["backend"], r.get("error") or ""] for r in s.errors[:MAX_ROWS]]
        parts.append(_table(["kind", "instance", "backend", "error"], rows, 4))
    else:
        parts.append('<p class="ok">none</p>')
    if s.input_errors:
        parts.append(f"<h2>Malformed input items ({len(s.input_errors)})</h2>")
        rows = [[r["id"], r["error"]] for r in s.input_errors[:MAX_ROWS]]
        parts.append(_table(["instance", "error"], rows, 2))
    for what, n in (("disagreements", len(s.disagreements)), ("errors", len(s.errors))):
        if n > MAX_ROWS:
            parts.append(f'<p class="muted">first {MAX_ROWS} of {n} {what} shown; '
                         "all are in the results file</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
