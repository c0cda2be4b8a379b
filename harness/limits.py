"""How large a puzzle each front end takes: one table, per kind, read by the command line's
up-front refusals (``gridsolve generate``'s ``--size``) and by ``gridsolve serve`` (every request
that opens, solves, counts, explains, hints, generates or experiments checks it before any work).

The page's limits admit every puzzle of the corpora it opens (the Janko collections up to 60x60,
Eternity II and Brendan Owen's piece sets up to 20x20, the labyrinth's saved states up to 25x25)
and refuse what would tie the machine up for minutes (a 1000x1000 Slitherlink). ``small`` is the
size the page's reserved worker takes (docs/serve.md: the fast lane); larger jobs queue for the
others. Beyond the page, the command line takes any size the formats admit.

Each kind's row lives in its own module (``harness/kinds/<kind>.py``: ``LIMITS``); ``LIMITS`` here
is the table they make, read through the one kind lookup, so a kind without a row fails loudly
(``KindNotSupported``) at the first request that needs it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..puzzles import kinds
from .kinds import KindLimits, kind_module

__all__ = ["LIMITS", "PAGE_ANSWER_BYTES", "KindLimits", "TooLarge", "check_page", "check_side",
           "is_small", "limits"]


class KindTable(Mapping[str, KindLimits]):
    """Every kind's limits, kind name -> ``KindLimits``, asked of each kind's harness module when
    read (so a new kind is a row in its own module, not a line here)."""

    def __getitem__(self, kind: str) -> KindLimits:
        return kind_module(kind).LIMITS

    def __iter__(self) -> Iterator[str]:
        return iter(kinds.KINDS)

    def __len__(self) -> int:
        return len(kinds.KINDS)

    def __contains__(self, kind: object) -> bool:
        return kind in kinds.KINDS


LIMITS = KindTable()

PAGE_ANSWER_BYTES = 32 << 20  # an answer larger than this is refused, not sent


class TooLarge(ValueError):
    """A puzzle or an answer over a limit of this table: one line naming the limit."""


def limits(kind: str) -> KindLimits:
    """The limits of ``kind``: ``UnknownKind`` / ``KindNotSupported`` for a kind without a row."""
    return LIMITS[kind]


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
