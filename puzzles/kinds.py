"""The puzzle kinds gridsolve knows (``KINDS``: the one list of kind names), and the one lookup of
a kind's module in any layer (``module_for``): the domain layers here (``puzzles.<kind>``,
``puzzles.formats.<kind>``, ``puzzles.check.<kind>``, ``puzzles.render.<kind>``, typed by the
protocols of ``puzzles.contracts``), ``harness.kinds.<kind>`` and ``cli.<kind>`` through the same
call. A name not in ``KINDS`` is ``UnknownKind``; a kind without the module a layer asks for is
``KindNotSupported``, naming the file to add -- never a fall-through to another kind. Adding a kind
= adding its modules and one name here."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, cast

from .errors import FormatError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

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


class KindNotSupported(FormatError):
    """A kind of ``KINDS`` without a module in the layer asked (or without samples): the message
    names the file to add, so a half-registered kind fails loudly at the first place that needs it."""


def module_for(package: str, kind: str) -> ModuleType:
    """The module of ``kind`` in ``package`` (``"gridsolve.puzzles.formats"``,
    ``"gridsolve.harness.kinds"``, ``"gridsolve.cli"``): the one lookup every layer asks for its
    per-kind module, so that no layer branches on kind names and imports still point down.
    ``UnknownKind`` for a name not in ``KINDS``; ``KindNotSupported`` when the module is missing."""
    k = normalize(kind)
    name = f"{package}.{k}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the module exists and one of its own imports is missing: a real bug
            raise
        layer = package.removeprefix("gridsolve.")
        path = f"{layer.replace('.', '/')}/{k}.py"
        raise KindNotSupported(f"kind {k!r} has no {layer} module: add {path}") from None


def domain(kind: str) -> ModuleType:
    return module_for("gridsolve.puzzles", kind)


def formats(kind: str) -> KindFormats:
    return cast("KindFormats", module_for("gridsolve.puzzles.formats", kind))


def checker(kind: str) -> KindChecker:
    return cast("KindChecker", module_for("gridsolve.puzzles.check", kind))


def render(kind: str) -> KindRenderer:
    return cast("KindRenderer", module_for("gridsolve.puzzles.render", kind))


def samples(kind: str) -> list[Traversable]:
    """The shipped sample puzzles of ``kind`` (``puzzles/samples/<kind>/*.txt``, by name): what
    ``make demo`` cross-validates, the fuzz suite's seeds and the page's sample list.
    ``KindNotSupported`` when the kind has none."""
    from importlib import resources  # not at the top: every command imports this module

    k = normalize(kind)
    folder = resources.files("gridsolve.puzzles") / "samples" / k
    found = sorted((f for f in folder.iterdir() if f.name.endswith(".txt")), key=lambda f: f.name) \
        if folder.is_dir() else []
    if not found:
        raise KindNotSupported(f"kind {k!r} has no samples: add puzzles/samples/{k}/*.txt")
    return found


def kind_of(obj) -> str:
    """The kind of a puzzle or solution object (each type carries a ``kind`` class attribute)."""
    return obj.kind
