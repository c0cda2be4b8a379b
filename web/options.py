"""What the requests' options share across kinds: the time limits, a generator option's
description for ``/api/kinds`` (``option``) and the reading of a chosen value (``choice``), so
that each kind's module in ``web/kinds`` states its generator's options in a few lines."""

from __future__ import annotations

from ..harness.limits import limits
from .document import number
from .states import BadInput

DEFAULT_SECONDS, MAX_SECONDS = 10.0, 60.0
SIZE_HELP = "N or ROWSxCOLS"
SEED_HELP = "the same seed makes the same puzzle"


def seconds(payload: dict, key: str = "timeout", default: float = DEFAULT_SECONDS) -> float:
    """A request's time limit ``payload[key]`` in seconds (at most ``MAX_SECONDS``)."""
    return number(payload, key, default, 0.01, MAX_SECONDS)


def option(default, help: str, choices=None, low=None, high=None) -> dict:
    """A generator option as ``/api/kinds`` describes it: {"default", "help", "choices" | "min"
    and "max"}."""
    out = {"default": default, "help": help}
    if choices is not None:
        out["choices"] = choices
    if low is not None:
        out["min"], out["max"] = low, high
    return out


def size_option(kind: str, default: str) -> dict:
    """The ``size`` option of a kind's generator, its sides bounded by ``harness.limits``."""
    lim = limits(kind)
    low, high = lim.min_side, lim.page_side
    sides = f"sides up to {high}" if low == 1 else f"sides {low} to {high}"
    return option(default, f"{SIZE_HELP}, {sides}")


def seed_option() -> dict:
    return option(0, SEED_HELP, low=0, high=2**31)


def generator_options(kind: str, default_size: str, **own: dict) -> dict:
    """A kind's generator options as the page lists them: the size first, the kind's ``own``
    options, the seed last (every generator takes a size and a seed)."""
    return {"size": size_option(kind, default_size), **own, "seed": seed_option()}


def choice(options: dict, spec: dict, key: str):
    """The value of the choice option ``key`` (``spec``: the kind's option table)."""
    described = spec[key]
    v = options.get(key, described["default"])
    if v not in described["choices"]:
        raise BadInput(f"{key} {v!r}: choose from {', '.join(map(str, described['choices']))}")
    return v


def plain(stats: dict) -> dict:
    """A generator's figures as JSON (numbers rounded, other values left out)."""
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()
            if isinstance(v, int | float | str | bool)}
