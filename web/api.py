"""The API's requests, one function each: ``work(root, payload) -> answer`` (JSON-ready), called
by ``web.app`` in a worker thread. What each takes and answers: docs/serve.md.

The requests that open, draw and save live here; those that run the project's solvers, rules and
generators in ``web.tools``, experiments in ``web.jobs``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import analysis, tools
from .document import document, kind_of, state_of
from .drawing import picture
from .edit import edit_request
from .kinds import features, playable, web_kind
from .sources import read_source, sample_names, save_text, write_file
from .states import BadInput, from_solution
from .verdict import verdict


def kinds_info() -> dict:
    """Every kind the page shows (those with a module in ``web/kinds``): its backends (available
    here or why not), default backend, generator options, shipped samples, ways of hinting, save
    formats and optional features (``web.kinds.FEATURES``: the page shows their controls)."""
    from ..harness import registry

    out = []
    for kind in playable():
        module = web_kind(kind)
        backends = []
        for b in registry.for_kind(kind):
            ok, why = b.available()
            backends.append({"name": b.name, "description": b.description, "family": b.family,
                             "complete": b.complete, "available": ok, "why": why})
        out.append({"kind": kind, "backends": backends, "default_backend": registry.DEFAULTS.get(kind),
                    "generate_options": module.GENERATE_OPTIONS, "samples": sample_names(kind),
                    "hint_by": list(module.HINT_BY), "save_formats": tools.save_formats(kind),
                    "features": features(kind)})
    return {"kinds": out}


def open_source(root: Path, payload: dict) -> dict:
    entry, ids = read_source(root, payload.get("source"), kind_of(payload))
    given = from_solution(entry.puzzle, entry.solution) if entry.solution is not None else None
    state = given if payload.get("use_given") and given is not None else None
    out = document(entry.puzzle, entry.id, state, given)
    out["entries"] = ids
    return out


def state(root: Path, payload: dict) -> dict:
    puzzle, d = state_of(payload)
    v = verdict(puzzle, d)
    return {"svg": picture(puzzle, d, highlight=_marks(payload.get("highlight")), violations=v["violations"]),
            "verdict": v}


def _marks(obj: Any) -> dict | None:
    """A request's ``{"cells", "edges"}`` to highlight, checked."""
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise BadInput('highlight: expected {"cells": [[r, c]...], "edges": [["h"|"v", r, c]...]}')
    cells = [c for c in obj.get("cells", []) if _ints(c, 2)]
    edges = [e for e in obj.get("edges", []) if isinstance(e, list) and len(e) == 3 and e[0] in ("h", "v")
             and _ints(e[1:], 2)]
    return {"cells": cells, "edges": edges}


def _ints(x: Any, n: int) -> bool:
    return isinstance(x, list) and len(x) == n and all(isinstance(v, int) and not isinstance(v, bool)
                                                        for v in x)


def save(root: Path, payload: dict) -> dict:
    puzzle, d = state_of(payload)
    puzzle, solution = web_kind(puzzle.kind).saved(puzzle, d)  # None: nothing drawn to save
    text = save_text(puzzle, solution, payload.get("format", "canonical"))
    out: dict = {"text": text}
    if payload.get("path") is not None:
        overwrite = payload.get("overwrite", False)
        if not isinstance(overwrite, bool):
            raise BadInput("overwrite: true or false")
        out["path"] = write_file(root, payload["path"], text, overwrite)
    return out


ENDPOINTS = {"open": open_source, "state": state, "save": save, "edit": edit_request, **tools.ENDPOINTS,
             **analysis.ENDPOINTS}


def warm_up() -> None:
    """The server's own first requests paid at start: every shipped sample opened and drawn, so
    the formats, renderers and verdicts they import are loaded before the page asks. (The work
    requests run in the workers, which warm themselves: ``web.worker.warm``.)"""
    here = Path(".")
    for kind in playable():
        for name in sample_names(kind):
            doc = open_source(here, {"source": f"sample:{kind}/{name}"})
            state(here, {"kind": kind, "puzzle": doc["puzzle"], "state": doc["state"]})
