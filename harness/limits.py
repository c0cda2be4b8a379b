"""How large a puzzle each front end takes: one table, per kind, read by the command line's
up-front refusals (``gridsolve generate``'s ``--size``) and by ``gridsolve serve`` (every request
that opens, solves, counts, explains, hints, generates or experiments checks it before any work).

The page's limits admit every puzzle of the corpora it opens (the Janko collections up to 60x60,
Eternity II and Brendan Owen's piece sets up to 20x20, the labyrinth's saved states up to 25x25)
and refuse what would tie the machine up for minutes (a 1000x1000 Slitherlink). ``small`` is the
size the page's reserved worker takes (docs/serve.md: the fast lane); larger jobs queue for the
others. Beyond the page, the command line takes any size the formats admit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindLimits:
    unit: str  # what is counted: "cells", or "pieces" for edge matching
    page: int  # the most units of a puzzle the page opens, solves, explains, hints...
    small: int  # jobs on puzzles up to this many units run in the reserved fast lane
    page_side: int  # the page's generator: each side at most this
    cli_side: int  # the command line's generator: each side at most this
    min_side: int = 1


LIMITS: dict[str, KindLimits] = {
    "slitherlink": KindLimits("cells", page=4096, small=100, page_side=30, cli_side=100),
    "nurikabe": KindLimits("cells", page=4096, small=100, page_side=30, cli_side=60),
    "edgematching": KindLimits("pieces", page=400, small=16, page_side=16, cli_side=64, min_side=2),
    "hamiltonian": KindLimits("cells", page=1024, small=49, page_side=13, cli_side=200),
    "masyu": KindLimits("cells", page=4096, small=100, page_side=30, cli_side=60),
}

PAGE_ANSWER_BYTES = 32 << 20  # an answer larger than this is refused, not sent


class TooLarge(ValueError):
    """A puzzle or an answer over a limit of this table: one line naming the limit."""


def limits(kind: str) -> KindLimits:
    try:
        return LIMITS[kind]
    except KeyError:
        raise KeyError(f"no size limits for the kind {kind!r} in harness.limits.LIMITS") from None


def check_page(kind: str, rows: int, cols: int, what: str = "the page") -> None:
    """``TooLarge`` when a ``rows`` x ``cols`` puzzle of ``kind`` is over the page's limit; the
    message names the limit and the command that solves it without one."""
    lim = limits(kind)
    units = rows * cols
    if units > lim.page:
        raise TooLarge(f"a {rows}x{cols} {kind} puzzle has {units} {lim.unit}; {what} takes at most "
                       f"{lim.page} (harness.limits); solve it from the command line instead: "
                       f"gridsolve solve FILE --kind {kind}")


def is_small(kind: str, rows: int, cols: int) -> bool:
    return rows * cols <= limits(kind).small


def check_side(kind: str, rows: int, cols: int, side: int, what: str) -> None:
    """``ValueError`` naming the sides a generator takes (``side``: its maximum)."""
    low = limits(kind).min_side
    if not (low <= rows <= side and low <= cols <= side):
        raise ValueError(f"{what}: each side {low}..{side} for {kind}")
