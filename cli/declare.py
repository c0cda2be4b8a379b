"""The typer side of the shared options: each ``cli.options.Param`` as its ``typer.Option`` /
``typer.Argument`` (the defaults the command modules put in their signatures), the generators'
own options, and ``solving_command``, which gives ``solve`` and ``count`` their signatures from
the tables of ``cli.options`` -- the tables the typer-free parser of ``cli.fast`` reads too."""

from __future__ import annotations

import functools
import inspect
from typing import Any

import typer

from .options import (
    BACKEND,
    HINTS,
    KIND,
    OPTION,
    PUZZLES,
    QUIET,
    ROTATION,
    SIZE,
    SOLVING,
    TIMEOUT,
    TRACE,
    Param,
)


def typer_param(param: Param) -> Any:
    """typer's declaration of ``param``: an Argument when it has no option names."""
    if param.is_argument:
        return typer.Argument(param.default, metavar=param.metavar, help=param.help)
    return typer.Option(param.default, *param.names, help=param.help)


PuzzleArgs = typer_param(PUZZLES)
KindOpt = typer_param(KIND)
BackendOpt = typer_param(BACKEND)
TimeoutOpt = typer_param(TIMEOUT)
SizeOpt = typer_param(SIZE)
OptionOpt = typer_param(OPTION)
TraceOpt = typer_param(TRACE)
QuietOpt = typer_param(QUIET)
RotationOpt = typer_param(ROTATION)
HintsOpt = typer_param(HINTS)


def seed_option():
    """A generator's ``--seed``: puzzle i of ``--count`` uses seed + i."""
    return typer.Option(0, "--seed", help="random seed; puzzle i of --count uses seed + i")


def count_option():
    """A generator's ``--count``."""
    return typer.Option(1, "--count", "-n", help="how many puzzles")


def out_option():
    """A generator's ``--out`` file."""
    return typer.Option(None, "--out", "-o", help="write the puzzles here")


def solving_command(own: dict[str, Param]):
    """A decorator: ``fn(**options)`` as a typer command whose parameters are ``SOLVING`` (what
    solve and count share) followed by ``own``, in that order, declared as the tables say."""

    def decorate(fn):
        params = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=typer_param(p),
                                    annotation=p.annotation)
                  for name, p in {**SOLVING, **own}.items()]

        @functools.wraps(fn)
        def command(**kw):
            return fn(**kw)

        # a function takes __signature__ (inspect reads it first); functools.wraps' stubs lack it
        command.__signature__ = inspect.Signature(params, return_annotation=None)  # pyright: ignore[reportAttributeAccessIssue]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate
