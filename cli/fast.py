"""The plain forms of the small jobs -- ``solve PUZZLE... [options]`` and ``count PUZZLE... /
count KIND --size N [options]`` -- parsed without typer or click, whose import costs more than
such a job's solve.

The options are those of ``cli.options`` (the tables typer's commands are built from), and the
command runs the body typer's command runs (``cli.solving``), under the same error handling, so
the output is the same either way. Only what is understood completely is answered here: ``--name
value``, ``--name=value``, ``-x value``, flags, and positionals, each value of a type converted
as ``cli.params`` converts it. Anything else -- another command, ``--help``, an unknown or
combined option, a missing or unconvertible value, ``--``, an option of a type not handled here
(``--out``) -- returns None and goes to typer unchanged, for its parsing and its messages.
tests/cli/test_fast.py runs a table of command lines both ways and compares them.
"""

from __future__ import annotations

import types
from enum import Enum
from typing import Any, Union, get_args, get_origin

from .options import SOLVING, Param
from .params import SIMPLE

NOT_PLAIN = object()  # a value (or an option) the fast path leaves to typer


def run(argv: list[str]) -> int | None:
    """The exit code of ``argv``'s job when it is a plain form of a small job (run here), else
    None (nothing was run or printed: typer takes it)."""
    parsed = parse(argv)
    if parsed is None:
        return None
    from .progress import show_notices
    from .solving import COMMANDS, guarded

    body = COMMANDS[argv[0]]
    show_notices()
    return guarded(lambda: body(**parsed))


def parse(argv: list[str]) -> dict[str, Any] | None:
    """The keyword arguments of the command ``argv[0]`` (solve or count) as typer would pass
    them, or None when ``argv`` is not a plain form this parser understands completely."""
    from .solving import COMMANDS

    if not argv or argv[0] not in COMMANDS:
        return None
    from .options import COUNT, SOLVE

    table = {**SOLVING, **{"solve": SOLVE, "count": COUNT}[argv[0]]}
    by_name = option_names(table)
    given: dict[str, Any] = {}
    positionals: list[str] = []
    rest = argv[1:]
    i = 0
    while i < len(rest):
        token = rest[i]
        i += 1
        if token == "-" or not token.startswith("-"):
            positionals.append(token)
            continue
        name, equals, inline = token.partition("=") if token.startswith("--") else (token, "", "")
        if name not in by_name:
            return None  # unknown, combined (-qn), attached (-n3), --help, --
        dest, flag_value = by_name[name]
        if flag_value is not None:
            if equals:
                return None  # a flag given a value: typer's error
            given[dest] = flag_value
            continue
        if equals:
            text = inline
        elif i < len(rest):
            text, i = rest[i], i + 1  # click takes the next token, whatever it looks like
        else:
            return None  # the value is missing: typer's error
        param = table[dest]
        value = convert(param.annotation, text)
        if value is NOT_PLAIN:
            return None
        if repeatable(param):
            given.setdefault(dest, []).append(value)
        else:
            given[dest] = value  # the last one counts, as in click
    if not positionals:
        return None  # typer says what is missing
    given["puzzles"] = positionals
    return {dest: given.get(dest, param.default) for dest, param in table.items()}


def option_names(table: dict[str, Param]) -> dict[str, tuple[str, Any]]:
    """Each option name of ``table`` -> (its parameter, the value a flag sets or None for an
    option that takes a value)."""
    out: dict[str, tuple[str, Any]] = {}
    for dest, param in table.items():
        for name in param.names:
            if "/" in name:  # --rotation/--no-rotation
                on, off = name.split("/")
                out[on], out[off] = (dest, True), (dest, False)
            else:
                out[name] = (dest, True if value_type(param.annotation) is bool else None)
    return out


def one_value(annotation: Any) -> tuple[Any, bool]:
    """(the type of one value of ``annotation``, repeatable?): ``int | None`` -> (int, False),
    ``list[str] | None`` -> (str, True)."""
    if get_origin(annotation) in (Union, types.UnionType):
        (annotation,) = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation)
        return annotation, True
    return annotation, False


def value_type(annotation: Any) -> Any:
    return one_value(annotation)[0]


def repeatable(param: Param) -> bool:
    return one_value(param.annotation)[1]


def convert(annotation: Any, text: str) -> Any:
    """``text`` as one value of ``annotation``, converted by ``cli.params``' own converter (what
    typer's path runs), or ``NOT_PLAIN`` when it does not convert (typer says why) or the type is
    not one handled here."""
    kind = value_type(annotation)
    if kind in (str, int, float):
        try:
            return SIMPLE[kind](text, None, None)
        except Exception:  # its error is typer's BadParameter: typer parses the line again and says it
            return NOT_PLAIN
    if isinstance(kind, type) and issubclass(kind, Enum):  # typer's choices are case-sensitive
        return next((member for member in kind if member.value == text), NOT_PLAIN)
    return NOT_PLAIN
