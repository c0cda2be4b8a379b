"""The puzzle kinds gridsolve knows, and uniform access to each kind's module in every domain
layer (``puzzles.<kind>``, ``puzzles.formats.<kind>``, ``puzzles.check.<kind>``,
``puzzles.render.<kind>``), typed by the protocols of ``puzzles.contracts``. Adding a kind = adding
its modules and one name here."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, cast

from .errors import FormatError

if TYPE_CHECKING:
    from .contracts import KindChecker, KindFormats, KindRenderer

KINDS: tuple[str, ...] = ("slitherlink", "hamiltonian", "nurikabe", "edgematching", "masyu")

ALIASES = {"slither": "slitherlink", "loopy": "slitherlink", "takegaki": "slitherlink"}
ALIASES |= {"labyrinth": "hamiltonian", "one-way-labyrinth": "hamiltonian"}
ALIASES |= {"eternity2": "edgematching", "eternity": "edgematching", "edge-matching": "edgematching"}
ALIASES |= {"mashu": "masyu"}


class UnknownKind(FormatError):
    """A kind name gridsolve does not know (bad input like any other)."""


def normalize(kind: str) -> str:
    if not isinstance(kind, str):  # e.g. a JSON Lines "kind" that is a number
        raise UnknownKind(f"a kind is a name, not {type(kind).__name__} {kind!r}")
    k = kind.strip().lower()
    k = ALIASES.get(k, k)
    if k not in KINDS:
        raise UnknownKind(f"unknown kind {kind!r} (known: {', '.join(KINDS)})")
    return k


def domain(kind: str) -> ModuleType:
    return importlib.import_module(f"gridsolve.puzzles.{normalize(kind)}")


def formats(kind: str) -> KindFormats:
    return cast("KindFormats", importlib.import_module(f"gridsolve.puzzles.formats.{normalize(kind)}"))


def checker(kind: str) -> KindChecker:
    return cast("KindChecker", importlib.import_module(f"gridsolve.puzzles.check.{normalize(kind)}"))


def render(kind: str) -> KindRenderer:
    return cast("KindRenderer", importlib.import_module(f"gridsolve.puzzles.render.{normalize(kind)}"))


def kind_of(obj) -> str:
    """The kind of a puzzle or solution object (each type carries a ``kind`` class attribute)."""
    return obj.kind
