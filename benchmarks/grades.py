"""Grades over the corpora: how ``gridsolve grade`` spreads the janko Nurikabe and Slitherlink
puzzles over its ladders (docs/grading.md), how long a grade takes, and how the grades compare
with the difficulty labels the corpora carry: the W ratings of the CSP-Rules Slitherlink files
(``W1`` .. ``notW7``, ``T&E`` in their names) and Loopy's tiers of the janko puzzles (read from
the peer benchmark's ``slitherlink_peers.csv`` when it is there). The janko files hold no labels.

    python -m benchmarks grades [--timeout 10] [--sample N] [--seed 1]

Writes ``benchmarks/results/grades.csv`` (one row per puzzle) and ``grades.md``.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import re
import statistics
import time
from collections import Counter

from gridsolve.harness import nurikabe as nk
from gridsolve.harness import slitherlink as sl
from gridsolve.puzzles.formats import read

from .common import RESULTS, command, data, markdown_table, publish, stamp

NAME = "grades"
LADDERS = {"nurikabe": (*nk.GRADES, nk.NO_SOLUTION), "slitherlink": (*sl.TIERS, "no solution")}


def w_rating(ident: str) -> str:
    """The CSP-Rules W rating in a file name: ``W1``..``W7``, ``notWn`` (not solved at Wn), or
    ``none``."""
    found = re.search(r"(not)?W(\d+)", ident)
    return found.group(0) if found else "none"


def source_label(folder: str, ident: str) -> str:
    """The difficulty the puzzle's source gave it, from the CSP-Rules folder and file names:
    Puzzle-loop's folders H (hard) / N (normal), Kakuro-online's Gen-M / Handmade-H, Mebane's
    MR rating, Tatham's H (hard)."""
    source, _, sub = folder.partition("/")
    if source == "Puzzle-loop":
        return f"Puzzle-loop {'hard' if sub.startswith('H') else 'normal'}"
    if source == "Kakuro-online":
        return f"Kakuro-online {'hard' if '-H#' in ident else 'medium'}"
    if source == "Mebane":
        found = re.search(r"MR[\d.]+", ident)
        return f"Mebane {found.group(0) if found else 'MR0'}"
    return f"{source} {'hard' if ident.startswith('H') else 'other'}"


def loopy_tiers() -> dict[str, str]:
    """Loopy's tier per janko puzzle from the peer benchmark's rows (empty when absent)."""
    path = RESULTS / "slitherlink_peers.csv"
    if not path.exists():
        return {}
    with path.open() as f:
        return {r["id"]: r["loopy_tier"] or "gave up" for r in csv.DictReader(f)
                if r["corpus"] == "janko" and r["solver"] == "loopy"}


def grade_corpus(kind: str, corpus: str, entries, seconds: float) -> list[dict]:
    rows = []
    for e in entries:
        t0 = time.perf_counter()
        if kind == "nurikabe":
            if e.puzzle.has_unknown_clues():
                continue
            g = nk.grade(e.puzzle, seconds)["grade"]
        else:
            g = sl.engine_grade(e.puzzle)["tier"]
        rows.append({"kind": kind, "corpus": corpus, "id": e.id, "size": f"{e.puzzle.rows}x{e.puzzle.cols}",
                     "grade": g, "seconds": round(time.perf_counter() - t0, 5), "label": ""})
    return rows


def distribution(rows: list[dict], ladder) -> str:
    tally = Counter(r["grade"] for r in rows)
    total = len(rows)
    secs = [r["seconds"] for r in rows]
    head = ["grade", "puzzles", "share"]
    table = [[g, tally[g], f"{tally[g] / total:.1%}"] for g in ladder if tally[g]]
    return (markdown_table(head, table) + f"\n{total} puzzles; seconds per grade: median "
            f"{statistics.median(secs):.4f}, max {max(secs):.2f}.\n")


def cross(rows: list[dict], label_of, labels, ladder, title: str) -> str:
    """Rows: a label; columns: the grades."""
    grid = Counter((label_of(r), r["grade"]) for r in rows)
    cols = [g for g in ladder if any(grid[(lab, g)] for lab in labels)]
    body = [[lab, *(grid[(lab, g)] for g in cols)] for lab in labels if any(grid[(lab, g)] for g in cols)]
    return f"\n### {title}\n\n" + markdown_table([title.split(" ")[0], *cols], body)


def main(argv: list[str]) -> int:
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()
    ap = argparse.ArgumentParser(prog="python -m benchmarks grades")
    ap.add_argument("--timeout", type=float, default=nk.GRADE_SECONDS,
                    help="Nurikabe probing seconds per puzzle")
    ap.add_argument("--sample", type=int, default=0, help="only N random janko puzzles per kind (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    def entries(kind: str, path: str):
        found = [e for e in read(str(data(kind, path))) if e.ok]
        return random.Random(args.seed).sample(found, min(args.sample, len(found))) if args.sample else found

    load = os.getloadavg()[0]
    rows = grade_corpus("nurikabe", "janko", entries("nurikabe", "janko-puzzlekit.json"), args.timeout)
    rows += grade_corpus("slitherlink", "janko", entries("slitherlink", "janko-puzzlekit.json"), args.timeout)
    root = data("slitherlink", "csp-rules")
    for folder in sorted({f.parent for f in root.rglob("*.clp")}):
        name = str(folder.relative_to(root))
        for r in grade_corpus("slitherlink", "csp-rules", [e for e in read(str(folder)) if e.ok], 0):
            rows.append({**r, "label": source_label(name, r["id"])})
    parts = ["# Grades over the corpora\n", stamp(command(NAME, argv)),
             "Grade = the weakest rung of the kind's ladder whose deductions complete the puzzle "
             "(docs/grading.md). The janko files carry no difficulty labels. Load average (1 min) at "
             f"the start {load:.2f}, at the end {os.getloadavg()[0]:.2f}, on {os.cpu_count()} cores.\n"]
    for kind, corpus in (("nurikabe", "janko"), ("slitherlink", "janko"), ("slitherlink", "csp-rules")):
        mine = [r for r in rows if r["kind"] == kind and r["corpus"] == corpus]
        parts.append(f"\n## {kind}, {corpus}\n\n" + distribution(mine, LADDERS[kind]))
    ladder = LADDERS["slitherlink"]
    csp = [r for r in rows if r["corpus"] == "csp-rules"]
    ratings = sorted({w_rating(r["id"]) for r in csp}, key=lambda w: (w == "none", w.startswith("not"), w))
    parts.append(cross(csp, lambda r: w_rating(r["id"]), ratings, ladder,
                       "W-rating (CSP-Rules) against the tier"))
    labels = sorted({r["label"] for r in csp})
    parts.append(cross(csp, lambda r: r["label"], labels, ladder,
                       "Source (its difficulty label) against the tier"))
    loopy = loopy_tiers()
    if loopy:
        janko = [r for r in rows if r["kind"] == "slitherlink" and r["corpus"] == "janko"
                 and r["id"] in loopy]
        labels = ("Easy", "Normal", "Tricky", "Hard", "gave up")
        parts.append(cross(janko, lambda r: loopy[r["id"]], labels, ladder,
                           "Loopy (its tier, from slitherlink_peers.csv) against the tier"))
    publish(NAME, "".join(parts), rows)
    return 0
