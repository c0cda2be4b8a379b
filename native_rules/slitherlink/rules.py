"""Solving with logic rules: the application loop of van Dam (2008), Chapter 5.

    do {
      for (each available logic rule)
        for (each entry on the grid)
          for (each of the 8 symmetric variants of the rule)
            if (all the starting conditions are met)
              apply the ending conditions;
    } while (changes have been made)

Rules come from a rule file (``rulefile.py``; by default the 36 rules of Appendix A), are tried
in file order, at every entry in reading order, in every distinct variant, and their ending
conditions are applied at once, so later rules see them.

Out-of-grid semantics (Chapter 5): "a location outside of the grid is always absent", so a start
condition asking for a cross outside the grid always holds; any other start condition outside
the grid (a line, a number) fails. An end condition outside the grid is satisfied if it asks for
a cross, and is a contradiction otherwise. The board stores outside edges as crosses and outside
entries as OFF, so these semantics are plain comparisons.

An end condition that conflicts with what the board holds (a line where a cross is, another
number) raises ``Contradiction``: no solution has the situation the rule started from.

Speed, without changing what is applied or in which order: each rule variant is compiled to
flat offsets on the board, and the entries where its number conditions hold are listed once
(numbers never change while solving unless a rule file sets numbers; then nothing is
pre-filtered).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .board import LINE, UNKNOWN, Board, Contradiction
from .rulefile import VARIANT_NAMES, Rule, variants

TRACE_HEAD = ("# rule applications: entries as (row, col) from 0; edges in the seed's absolute "
              "coordinates (i, j), entry (r, c) = (2r+1, 2c+1)")


@dataclass
class _Variant:
    number: int
    starts: tuple  # ((offset, value), ...) checked at run time
    statics: tuple  # ((offset, value), ...) number conditions, checked when compiling
    ends: tuple  # ((offset, value, a, b), ...)


@dataclass
class _Compiled:
    rule: Rule
    sites: list = field(default_factory=list)  # [(entry index, [variants]), ...] in reading order


def compile_rules(board: Board, rules: list[Rule]) -> list[_Compiled]:
    """Each rule's sites on this board: the entries (reading order) with the variants whose
    number conditions hold there."""
    if board.pad < max(r.reach for r in rules) + 1:
        raise ValueError("board padding smaller than the rules' reach")
    val = board.val
    entries = board.entries
    on_grid = set(entries)
    by_number: dict[int, list[int]] = {}
    for base in entries:
        if val[base] >= 0:
            by_number.setdefault(val[base], []).append(base)
    out = []
    for rule, vs in _variants(tuple(rules), board.stride):
        c = _Compiled(rule)
        out.append(c)
        if not any(v.statics for v in vs):  # edge conditions only: every entry, every variant
            c.sites = [(base, vs) for base in entries]
            continue
        pairs = []
        for n, v in enumerate(vs):
            if not v.statics:
                pairs.extend((base, n) for base in entries)
                continue
            (off, x), rest = v.statics[0], v.statics[1:]
            for e in by_number.get(x, ()):
                base = e - off
                if base in on_grid and all(val[base + o] == y for o, y in rest):
                    pairs.append((base, n))
        pairs.sort()
        for base, n in pairs:
            if c.sites and c.sites[-1][0] == base:
                c.sites[-1][1].append(vs[n])
            else:
                c.sites.append((base, [vs[n]]))
    return out


@lru_cache(maxsize=32)
def _variants(rules: tuple[Rule, ...], stride: int) -> list[tuple[Rule, list[_Variant]]]:
    """Every rule's distinct variants as flat offsets for a board of this stride. Number start
    conditions become ``statics`` (checked once per board), unless some rule sets numbers."""
    s = stride
    sets_numbers = any((a % 2 == 0 and b % 2 == 0) for r in rules for a, b, _ in r.ends)
    out = []
    for rule in rules:
        vs = []
        for v in variants(rule):
            numbers = tuple((a * s + b, x) for a, b, x in v.starts if a % 2 == 0 and b % 2 == 0)
            edges = tuple((a * s + b, x) for a, b, x in v.starts if (a + b) % 2)
            ends = tuple((a * s + b, x, a, b) for a, b, x in v.ends)
            if sets_numbers:
                vs.append(_Variant(v.number, numbers + edges, (), ends))
            else:
                vs.append(_Variant(v.number, edges, numbers, ends))
        out.append((rule, vs))
    return out


def apply_rules(board: Board, compiled: list[_Compiled], trace: list | None = None) -> int:
    """Chapter 5's do/while loop until no rule changes anything. Returns how many rule
    applications changed the board (0 = no rule applied)."""
    val = board.val
    applied = 0
    while True:
        changed = False
        for c in compiled:
            for base, here in c.sites:
                for v in here:
                    for off, x in v.starts:
                        if val[base + off] != x:
                            break
                    else:
                        done = []
                        for off, x, a, b in v.ends:
                            k = base + off
                            cur = val[k]
                            if cur == x:
                                continue
                            if cur != UNKNOWN:  # UNKNOWN == BLANK: an unset edge or entry
                                raise Contradiction(_conflict(board, c.rule, v, base, a, b, x, cur))
                            val[k] = x
                            done.append((a, b, x))
                        if done:
                            changed = True
                            applied += 1
                            if trace is not None:
                                trace.append(_describe(board, c.rule, v, base, done))
        if not changed:
            return applied


def _where(board: Board, base: int, a: int, b: int) -> tuple[int, int]:
    i, j = board.ij(base)
    return i + a, j + b


def _describe(board: Board, rule: Rule, v: _Variant, base: int, done: list) -> str:
    i, j = board.ij(base)
    parts = []
    for a, b, x in done:
        if (a + b) % 2:
            parts.append(f"{'line' if x == LINE else 'cross'} ({i + a},{j + b})")
        else:
            parts.append(f"number {x} ({i + a},{j + b})")
    return (f"rule #{rule.number} at entry ({i // 2},{j // 2}) variant {v.number} "
            f"({VARIANT_NAMES[v.number]}): " + ", ".join(parts))


def _conflict(board, rule, v, base, a, b, x, cur) -> str:
    i, j = _where(board, base, a, b)
    ei, ej = board.ij(base)
    if (a + b) % 2:
        what = "line" if x == LINE else "cross"
        now = "outside the grid" if not board.on_grid(i, j) else ("a line" if cur == LINE else "a cross")
    else:
        what = f"number {x}"
        now = "outside the grid" if not board.on_grid(i, j) else f"number {cur}"
    return (f"rule #{rule.number} at entry ({ei // 2},{ej // 2}) variant {v.number} needs a {what} "
            f"at ({i},{j}), which is {now}")
