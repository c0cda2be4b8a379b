"""Option values converted without pydantic.

typer 0.2x converts each parameter's value through a pydantic ``TypeAdapter`` built on first use:
importing pydantic and building the adapters cost every command more than a small puzzle's whole
solve (benchmarks/results/cli_latency.md). gridsolve's parameters are of a few plain types -- str,
int, float, bool, a Path, an Enum, and lists of them -- so ``convert_plainly`` gives each such
parameter of a command a converter of its own (typer's own helpers check paths and choices, with
typer's messages); any other parameter keeps typer's conversion. A typer without this machinery
(older releases convert with click's types and never import pydantic) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})
FALSE = frozenset({"", "0", "false", "f", "no", "n", "off"})


def convert_plainly(command: Any, name: str = "gridsolve", parent: Any = None) -> None:
    """Give every parameter of a plain type of ``command`` (a click command or group, its
    subcommands included) the converter ``PlainValue``; the others keep typer's. The ``--help``
    option, which click makes on first use per command, is made here (in the context the command
    runs in: its parent's settings apply) so that it is converted too."""
    try:
        from typer._click import Context
    except ImportError:  # an older typer: click's own types convert, pydantic is never imported
        return
    ctx = Context(command, info_name=name, parent=parent)
    help_option = command.get_help_option(ctx) if hasattr(command, "get_help_option") else None
    for param in [*getattr(command, "params", ()), help_option]:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", False) is not None:
            continue  # not typer's runtime conversion, or already given one
        convert = converter(descriptor)
        if convert is not None:
            param._runtime_param = PlainValue(convert)  # pyright: ignore[reportOptionalMemberAccess]
    for sub_name, sub in getattr(command, "commands", {}).items():
        convert_plainly(sub, sub_name, ctx)


def converter(descriptor: Any) -> Callable[[Any, Any, Any], Any] | None:
    """``convert(value, param, ctx)`` for one value of a parameter typer describes by
    ``descriptor`` (its annotation and ``ParameterInfo``), or None when it is not a plain one."""
    info, annotation = descriptor.parameter_info, descriptor.annotation
    if getattr(descriptor, "file_annotation", None) is not None or info.parser is not None \
            or info.min is not None or info.max is not None:
        return None
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation)
    if annotation in SIMPLE:
        return SIMPLE[annotation]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return choice(tuple(annotation), info.case_sensitive)
    if isinstance(annotation, type) and issubclass(annotation, Path) and info.path_type is None:
        return path(annotation, info)
    return None


class PlainValue:
    """What typer asks of a parameter's converter: ``coerce(value, param, ctx)``, None for a value
    not given (an empty tuple for a repeatable one), a list for a repeatable one."""

    def __init__(self, convert: Callable[[Any, Any, Any], Any]) -> None:
        self.convert = convert

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        several = param.multiple or param.nargs == -1
        if value is None:
            return () if several else None
        if not several:
            return self.convert(value, param, ctx)
        if isinstance(value, str):
            raise bad("Value must be an iterable.", param, ctx)
        return [self.convert(v, param, ctx) for v in value]


def bad(message: str, param: Any, ctx: Any) -> Exception:
    """typer's (click's) error for a bad value: "Invalid value for '--limit': ..." (exit 2)."""
    from typer._click.exceptions import BadParameter

    return BadParameter(message, ctx=ctx, param=param)


def as_text(value: Any, param: Any, ctx: Any) -> str:
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    return str(value)


def as_int(value: Any, param: Any, ctx: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise bad(f"{value!r} is not a valid integer.", param, ctx) from None


def as_float(value: Any, param: Any, ctx: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        raise bad(f"{value!r} is not a valid number.", param, ctx) from None


def as_bool(value: Any, param: Any, ctx: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE or text in FALSE:
        return text in TRUE
    raise bad(f"{value!r} is not a valid boolean.", param, ctx)


SIMPLE: dict[Any, Callable[[Any, Any, Any], Any]] = {
    str: as_text, int: as_int, float: as_float, bool: as_bool}


def choice(choices: tuple, case_sensitive: bool) -> Callable[[Any, Any, Any], Any]:
    """One of an Enum's members, matched as typer matches them (its messages too)."""
    from typer._param_types import coerce_cli_choice

    def convert(value: Any, param: Any, ctx: Any) -> Any:
        try:
            return coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)
        except ValueError as exc:
            raise bad(str(exc), param, ctx) from None

    return convert


def path(path_type: type, info: Any) -> Callable[[Any, Any, Any], Any]:
    """A path, checked as typer checks it (exists, file / directory, ...) once it is a Path."""
    from typer._param_types import coerce_cli_path

    def convert(value: Any, param: Any, ctx: Any) -> Any:
        if not isinstance(value, path_type):
            value = path_type(as_text(value, param, ctx))
        return coerce_cli_path(value, info, path_type=path_type, param=param, ctx=ctx)

    return convert
