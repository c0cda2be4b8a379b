"""The click group ``gridsolve`` runs: the commands registered on the typer app, each turned into
its click command only when it is used.

typer turns a command into a click command by reading its function's signature (evaluating every
annotation, building every option): for the two dozen commands that was a larger share of a small
job's start than its solve (benchmarks/results/cli_latency.md). ``LazyCommands`` keeps the
registrations and converts the one command that runs (or shows its own ``--help``), with typer's
own conversion; ``gridsolve --help`` lists the commands from their docstrings without converting
any. The parameters of a converted command get ``cli.params``' plain value converters.
"""

from __future__ import annotations

import inspect
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from .params import convert_plainly

try:  # the argument parser's errors: newer typer vendors click, older typer runs on click itself
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - depends on the typer installed
    from click.exceptions import UsageError


class LazyCommands(TyperGroup):
    """The top-level group of ``app``'s commands and sub-apps (``generate``), in the order they
    were registered, each converted on first use."""

    def __init__(self, app: typer.Typer, name: str) -> None:
        info = app.info
        super().__init__(name=name, help=info.help, no_args_is_help=bool(info.no_args_is_help),
                         rich_markup_mode=app.rich_markup_mode)
        self.app = app
        self.registered: dict[str, Any] = {}  # name -> typer's CommandInfo or TyperInfo
        for command in app.registered_commands:
            assert command.callback is not None
            self.registered[command.name or command.callback.__name__.lower().replace("_", "-")] = command
        for group in app.registered_groups:
            assert group.name is not None  # every sub-app is added with its name
            self.registered[group.name] = group
        self.listing = False
        convert_plainly(self, name)  # its own --help (its commands: as they are converted)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.registered)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self.registered:
            if self.listing:  # the command list of --help: a name and its help are enough
                return self.summary(cmd_name)
            command = self.convert(self.registered[cmd_name])
            convert_plainly(command, cmd_name, ctx)
            self.commands[cmd_name] = command
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        self.listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """typer's, with its "Did you mean ...?" taken from every registered command (typer's
        looks among the converted ones)."""
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            if args and self.suggest_commands and "Did you mean" not in exc.message:
                from difflib import get_close_matches

                matches = get_close_matches(args[0], self.list_commands(ctx))
                if matches:
                    hint = f"{exc.message.rstrip('.')}. Did you mean {', '.join(map(repr, matches))}?"
                    exc.message = hint  # pyright: ignore[reportAttributeAccessIssue] - typer's does the same
            raise

    def convert(self, entry: Any) -> Any:
        """typer's click command for a registered command (or the group of a sub-app), converted
        as in the whole app: under an app of the same settings holding it alone."""
        one = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                          rich_markup_mode=self.app.rich_markup_mode)
        if isinstance(entry, typer.models.TyperInfo):
            one.registered_groups.append(entry)
            return typer.main.get_command(one).commands[entry.name]  # pyright: ignore[reportAttributeAccessIssue]
        one.registered_commands.append(entry)
        return typer.main.get_command(one)

    def summary(self, name: str) -> TyperCommand:
        """A command without parameters that carries what the command list shows of ``name``:
        its help as typer would take it (the registration's, else the docstring)."""
        entry = self.registered[name]
        if isinstance(entry, typer.models.TyperInfo):
            assert entry.typer_instance is not None
            info = entry.typer_instance.info
            text, short = entry.help or info.help, entry.short_help or info.short_help
            hidden, deprecated = entry.hidden or info.hidden, entry.deprecated or info.deprecated
        else:
            text, short = entry.help, entry.short_help
            hidden, deprecated = entry.hidden, entry.deprecated
            text = inspect.getdoc(entry.callback) if text is None else inspect.cleandoc(text)
        return TyperCommand(name=name, help=text if isinstance(text, str) else None,
                            short_help=short if isinstance(short, str) else None,
                            hidden=bool(hidden), deprecated=bool(deprecated))
