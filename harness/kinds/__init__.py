"""Each kind's harness module, ``harness/kinds/<kind>.py``: whatever the harness does differently
per kind, found through the one lookup ``kind_module`` (``puzzles.kinds.module_for``), never an
if/else over kind names. A module gives its kind's size limits (``LIMITS``, what ``harness.limits``
serves to the command line and the server) and explain's parts: the elements a solution is made
of, their JSON form, how a partial state reads, how the backbone is found and what the elements
are called. The modules are light -- a kind's machinery is imported inside the functions -- so
that reading a limit never loads a solver."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast, runtime_checkable

from ...puzzles.kinds import module_for
from ...puzzles.solving import Limit

if TYPE_CHECKING:
    from ...satmodels.backbone_search import Backbone


@dataclass(frozen=True)
class KindLimits:
    """How large a puzzle of the kind each front end takes (``harness.limits``)."""

    unit: str  # what is counted: "cells", or "pieces" for edge matching
    page: int  # the most units of a puzzle the page opens, solves, explains, hints...
    small: int  # jobs on puzzles up to this many units run in the reserved fast lane
    page_side: int  # the page's generator: each side at most this
    cli_side: int  # the command line's generator: each side at most this
    min_side: int = 1


class ExplainTerms(NamedTuple):
    """What explain calls the kind's elements, what "used by every solution" and "by none" read
    as, and the mark of an element where solutions differ (a Nurikabe "?" would read as a number)."""

    noun: str
    every: str
    none: str
    mark: str = "?"


@runtime_checkable
class HarnessKind(Protocol):
    """``harness/kinds/<kind>.py``. Elements are the keys of the kind's CNF model
    (``satmodels.<kind>.backbone``); a partial state maps elements to used / not used."""

    LIMITS: KindLimits
    TERMS: ExplainTerms

    def elements(self, puzzle: Any) -> list: ...

    def form(self, puzzle: Any, elements: Any) -> dict: ...

    def unused_form(self, puzzle: Any, elements: Any) -> dict: ...

    def given_from_solution(self, puzzle: Any, solution: Any) -> dict[Hashable, bool]: ...

    def read_given(self, puzzle: Any, text: str) -> dict[Hashable, bool]: ...

    def backbone(self, puzzle: Any, limit: Limit, given: dict) -> Backbone: ...


def kind_module(kind: str) -> HarnessKind:
    """The harness module of ``kind``: ``UnknownKind`` for a name not in ``KINDS``,
    ``KindNotSupported`` ("add harness/kinds/<kind>.py") for a kind without one."""
    return cast("HarnessKind", module_for("gridsolve.harness.kinds", kind))
