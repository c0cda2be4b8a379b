"""Logic-rule files: the syntax of van Dam (2008), Chapter 5, and the 8 symmetric variants.

Syntax, one item per line (the order inside a rule does not matter, each rule ends with ``q``):

    % a comment                  ignored; ``% #N`` before a rule gives it the seed's number N
    s a|b|c                      start condition: position (a, b) has value c
    e a|b|c                      end condition: position (a, b) gets value c
    q                            end of the current rule

``a b c`` (spaces, as printed in the seed's Appendix A) is accepted as well as ``a|b|c``.
Positions are relative to an entry, on the seed's doubled lattice (``board.py``): (even, even) is
an entry, whose value is its number 0-4; (even, odd) and (odd, even) are edges, value 0 = cross,
1 = line; (odd, odd) would be a vertex, which no rule may name. Rules without a ``% #N`` comment
are numbered by their position in the file.

The eight symmetric variants of a rule (Chapter 5: "the rule itself, the 90, 180 and 270 degree
rotated versions and the mirrored versions of these four") are numbered 0-7: variant k mirrors
left-right when k >= 4, then turns (k mod 4) quarter turns clockwise. Variants that coincide with
an earlier one (symmetric rules) are dropped: applying the same conditions twice changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ...puzzles.formats import FormatError

Condition = tuple[int, int, int]  # (a, b, value)

VARIANT_NAMES = ("as written", "turned 90", "turned 180", "turned 270",
                 "mirrored", "mirrored, turned 90", "mirrored, turned 180", "mirrored, turned 270")
APPENDIX_A = "appendix_a.rules"


@dataclass(frozen=True)
class Rule:
    number: int
    starts: tuple[Condition, ...]
    ends: tuple[Condition, ...]
    line: int = field(default=0, compare=False)  # where the rule's ``q`` is in its file

    @property
    def reach(self) -> int:
        """How far the rule looks from its entry (in lattice steps)."""
        return max(max(abs(a), abs(b)) for a, b, _ in self.starts + self.ends)


@dataclass(frozen=True)
class Variant:
    number: int  # 0-7, see VARIANT_NAMES
    starts: tuple[Condition, ...]
    ends: tuple[Condition, ...]


def transform(a: int, b: int, k: int) -> tuple[int, int]:
    if k >= 4:
        b = -b
    for _ in range(k % 4):
        a, b = b, -a  # a quarter turn clockwise (a runs down, b runs right)
    return a, b


def variants(rule: Rule) -> list[Variant]:
    out, seen = [], set()
    for k in range(8):
        starts = tuple(sorted((*transform(a, b, k), v) for a, b, v in rule.starts))
        ends = tuple(sorted((*transform(a, b, k), v) for a, b, v in rule.ends))
        key = (starts, ends)
        if key not in seen:
            seen.add(key)
            out.append(Variant(k, starts, ends))
    return out


NUMBER_RE = re.compile(r"^%\s*#\s*(\d+)\b")


def parse(text: str, source: str = "<rules>") -> list[Rule]:
    """All rules of a rule file; FormatError (with the line) for anything malformed."""
    rules: list[Rule] = []
    starts: list[Condition] = []
    ends: list[Condition] = []
    number: int | None = None
    first = 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("%"):
            m = NUMBER_RE.match(line)
            if m and not starts and not ends:
                number = int(m.group(1))
            continue
        kind, rest = line[0], line[1:].strip()
        if kind in "se":
            cond = _condition(rest, source, no, raw)
            (starts if kind == "s" else ends).append(cond)
            first = first or no
        elif kind == "q":
            if rest:
                raise FormatError(f"unexpected text after q: {raw.strip()!r}", source, no)
            rules.append(_rule(number or len(rules) + 1, starts, ends, source, first or no, no))
            starts, ends, number, first = [], [], None, 0
        else:
            raise FormatError(f"a rule line starts with %, s, e or q, not {raw.strip()!r}", source, no)
    if starts or ends:
        raise FormatError("the last rule does not end with q", source, first)
    if not rules:
        raise FormatError("no rules in the file", source)
    return rules


def _condition(rest: str, source: str, no: int, raw: str) -> Condition:
    parts = [p for p in re.split(r"[|\s]+", rest) if p]
    try:
        a, b, v = (int(p) for p in parts)
    except ValueError:
        raise FormatError(f"expected 'a|b|c' (three integers), got {raw.strip()!r}", source, no) from None
    if a % 2 and b % 2:
        raise FormatError(f"({a}, {b}) is a vertex; conditions name entries or edges", source, no)
    if a % 2 == 0 and b % 2 == 0:
        if not 0 <= v <= 4:
            raise FormatError(f"entry ({a}, {b}) can only hold a number 0-4, not {v}", source, no)
    elif v not in (0, 1):
        raise FormatError(f"edge ({a}, {b}) is 0 (cross) or 1 (line), not {v}", source, no)
    return a, b, v


def _rule(number, starts, ends, source, first, no) -> Rule:
    if not starts or not ends:
        raise FormatError(f"rule #{number} needs start (s) and end (e) conditions", source, first)
    known: dict = {}
    for a, b, v in starts:
        if known.setdefault((a, b), v) != v:
            raise FormatError(f"rule #{number} asks ({a}, {b}) to be {known[a, b]} and {v}", source, first)
    for a, b, v in ends:
        if known.setdefault((a, b), v) != v:
            raise FormatError(f"rule #{number} sets ({a}, {b}) to {v} but it is {known[a, b]}", source, first)
    return Rule(number, tuple(starts), tuple(ends), no)


def load(path: str | Path | None = None) -> list[Rule]:
    """The rules of a file; ``None`` = the 36 rules of the seed's Appendix A shipped here."""
    if path is None:
        text = resources.files(__name__.rpartition(".")[0]).joinpath(  # this module's package
            "rules", APPENDIX_A).read_text(encoding="utf-8")
        return parse(text, APPENDIX_A)
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise FormatError(f"cannot read rules file: {exc.strerror or exc}", str(path)) from None
    return parse(text, str(path))
