"""The options of ``solve`` and ``count``, declared once, without typer.

Two parsers read these tables: typer's (``cli.declare`` turns each ``Param`` into its
``typer.Option`` / ``typer.Argument`` and builds the commands' signatures from them) and the small
one of ``cli.fast``, which answers the plain forms of the small jobs without importing typer or
click. A name, a default or a type changed here changes both; nothing else spells them.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any


class TableFormat(str, Enum):
    text = "text"
    json = "json"


class Param:
    """One parameter of a command: its type as typer reads the annotation, its default (``...``
    for a required one), its names (``"--rotation/--no-rotation"`` for a flag with its negation;
    none for a positional argument), its help and, for an argument, its metavar. A plain class,
    not a dataclass: ``@dataclass`` compiles its methods when the module loads, which every
    plain small job (``cli.fast``) would pay for these few fields."""

    __slots__ = ("annotation", "default", "help", "metavar", "names")

    def __init__(self, annotation: Any, default: Any, names: tuple[str, ...] = (),
                 help: str | None = None, metavar: str | None = None) -> None:
        self.annotation = annotation
        self.default = default
        self.names = names
        self.help = help
        self.metavar = metavar

    def __repr__(self) -> str:
        return f"Param({self.annotation!r}, {self.default!r}, {self.names!r})"

    @property
    def is_argument(self) -> bool:
        return not self.names


PUZZLES = Param(list[str], ..., help="files, puzz.link URLs, Loopy IDs, or - for stdin", metavar="PUZZLE...")
KIND = Param(str | None, None, ("--kind", "-k"), "puzzle kind when the input does not say")
BACKEND = Param(str | None, None, ("--backend", "-b"), "backend name (see `gridsolve backends`)")
TIMEOUT = Param(float | None, None, ("--timeout", "-t"), "seconds per puzzle (default: none)")
SIZE = Param(str | None, None, ("--size", "-s"),
             "with a bare KIND argument: the kind's standard puzzle of this size")
OPTION = Param(list[str] | None, None, ("--option", "-O"), "backend option KEY=VALUE (repeatable)")
TRACE = Param(bool, False, ("--trace",), "print the backend's trace (rule solvers)")
QUIET = Param(bool, False, ("--quiet", "-q"), "no status lines on stderr: the results only")
ROTATION = Param(bool | None, None, ("--rotation/--no-rotation",),
                 "edge matching: allow / forbid turning pieces (default: as the puzzle says)")
HINTS = Param(bool | None, None, ("--hints/--no-hints",),
              "edge matching: add the known hint pieces (official Eternity II: the clue hints) / "
              "drop all fixed pieces")

# what solve and count both take (their command bodies receive these as keyword arguments)
SOLVING: dict[str, Param] = {
    "puzzles": PUZZLES, "kind": KIND, "size": SIZE, "backend": BACKEND, "timeout": TIMEOUT,
    "option": OPTION, "rotation": ROTATION, "hints": HINTS,
}

SOLVE: dict[str, Param] = {
    "limit": Param(int, 1, ("--limit", "-n"), "stop at N solutions; 2 proves uniqueness"),
    "fmt": Param(str, "text", ("--format", "-f"), "text, json, svg, url, pzprv3, or a kind's own"),
    "out": Param(Path | None, None, ("--out", "-o"), "write here (a directory for several SVGs)"),
    "trace": TRACE,
    "maximize_joins": Param(
        bool, False, ("--maximize-joins",),
        "edge matching: maximise the matched joins within --timeout (the table engine with breaks; "
        "-b cpsat for CP-SAT and its bound); prints the best board and its score"),
    "quiet": QUIET,
}

COUNT: dict[str, Param] = {
    "limit": Param(int, 1000, ("--limit", "-n"), "stop counting at N"),
    "fmt": Param(TableFormat, TableFormat.text, ("--format", "-f")),
}
