"""One module per kind for the page (``web/kinds/<kind>.py``): everything ``gridsolve serve`` does
differently per kind -- the state's JSON shape, the picture, the live verdict, hints, the
generator's options -- lives in the kind's module, which ``web_kind`` finds by the kind's name.
The rest of ``web/`` asks that module and never branches on a kind's name, so a new kind is a new
module here (and ``web/static/kinds/<kind>.js`` for the page), and a kind without one is refused
with one clear 400 (``puzzles.kinds.KindNotSupported``) at the first request that names it.

``WebKind`` is what every kind's module provides; what only some kinds have (grading, minimizing,
the labyrinth's moves, Slitherlink's numbers) is asked with ``feature``, whose refusal names the
kinds that have it.
"""

from __future__ import annotations

from typing import Any, Protocol, cast, runtime_checkable

from ...puzzles import kinds

Drawn = Any  # web.states.Drawn (which imports this package: not imported back)


class NotForKind(ValueError):
    """A request only some kinds answer (grade, minimize...), for another kind (400)."""


@runtime_checkable
class WebKind(Protocol):
    """What the page asks a kind's module (``web/kinds/<kind>.py``).

    Drawing: ``CELL`` / ``MARGIN`` (the renderer's cell size and margin, in SVG units),
    ``base_svg`` (the renderer's picture of the state), ``state_svg`` (the state's marks the
    renderer does not draw), ``edge_ends`` (where an edge ``["h"|"v", r, c]`` runs), and
    ``hit_areas`` (clickable elements beyond the cells). States: ``empty`` / ``read`` / ``write``
    (the JSON state, checked), ``from_solution`` / ``to_solution``, ``saved`` (what a save writes),
    ``given`` (explain's partial state), ``marks`` (explain's elements as cells and edges),
    ``differing``. Judging: ``violations`` (rules broken for good). Tools: ``HINT_BY`` (the ways
    of hinting, default first), ``hint`` (one step, applied), ``RULES_BY`` (a rule run's default
    way), ``GENERATE_OPTIONS`` (empty without a generator); ``extra`` (the kind's own fields of a
    doc) where it has any.

    Optional, asked through ``feature``: ``generate(rows, cols, seed, options)`` with
    ``EXPERIMENT_SIZE`` (the size of an experiment's generated puzzles), ``grade``,
    ``minimize_blank``, ``numbers``, ``moves``, ``run_rules`` (a whole rule run in one call),
    ``check_request`` (options the server judges before queueing a job), ``edit(puzzle, d, op)``
    (the author's edit ``op`` applied: the new puzzle and the state kept; ``web.edit``), and for
    the kinds with clues ``clue_candidates(puzzle, solution)`` (cell -> the clue a cell would
    carry in the solution, None: none fits), which ``web.analysis.suggest`` asks (and applies a
    clue by the kind's ``edit``)."""

    CELL: int
    MARGIN: int
    HINT_BY: tuple[str, ...]
    RULES_BY: str
    GENERATE_OPTIONS: dict[str, dict]

    def empty(self, puzzle: Any) -> Drawn: ...
    def read(self, puzzle: Any, state: dict) -> Drawn: ...
    def write(self, puzzle: Any, d: Drawn) -> dict: ...
    def from_solution(self, puzzle: Any, solution: Any) -> Drawn: ...
    def to_solution(self, puzzle: Any, d: Drawn) -> Any: ...
    def saved(self, puzzle: Any, d: Drawn) -> tuple[Any, Any]: ...
    def given(self, puzzle: Any, d: Drawn) -> dict: ...
    def marks(self, elements: Any) -> tuple[list, list]: ...
    def differing(self, puzzle: Any, a: Drawn, b: Drawn) -> dict: ...
    def violations(self, puzzle: Any, d: Drawn) -> list[dict]: ...
    def base_svg(self, puzzle: Any, d: Drawn) -> str: ...
    def state_svg(self, puzzle: Any, d: Drawn, g: dict) -> list[str]: ...
    def edge_ends(self, g: dict, ref: Any) -> tuple[float, float, float, float]: ...
    def hit_areas(self, puzzle: Any, g: dict) -> list[str]: ...
    def hint(self, puzzle: Any, d: Drawn, by: str, payload: dict) -> dict: ...


def web_kind(kind: str) -> WebKind:
    """The page's module of ``kind`` (a name or an alias), through the layers' one lookup:
    ``UnknownKind`` for a name gridsolve does not know, ``KindNotSupported`` (naming the file to
    add) for a known kind the page has no module for -- both a 400."""
    return cast("WebKind", kinds.module_for(__name__, kind))


def playable() -> list[str]:
    """The kinds the page shows: every kind of ``puzzles.kinds`` that has a module here."""
    out = []
    for kind in kinds.KINDS:
        try:
            web_kind(kind)
        except kinds.KindNotSupported:
            continue
        out.append(kind)
    return out


# what ``/api/kinds`` lists as a kind's ``features`` (the page shows the matching controls) ->
# the optional function of the kind's module that provides it
FEATURES = {"generate": "generate", "grade": "grade", "minimize": "minimize_blank", "numbers": "numbers",
            "moves": "moves", "rule_file": "run_rules", "rule_groups": "groups", "edit": "edit",
            "suggest": "clue_candidates"}


def features(kind: str) -> list[str]:
    """The optional requests and controls the kind has (``FEATURES``)."""
    module = web_kind(kind)
    return [name for name, attr in FEATURES.items() if hasattr(module, attr)]


def feature(kind: str, name: str, what: str):
    """The kind's optional function ``name`` (``grade``, ``minimize_blank``, ``moves``...);
    ``NotForKind`` naming the kinds that have it otherwise (``what``: the request's name)."""
    module = web_kind(kind)
    if not hasattr(module, name):
        having = [k for k in playable() if hasattr(web_kind(k), name)]
        raise NotForKind(f"{what} is for {' and '.join(having) or 'no'} puzzles, not {kinds.normalize(kind)}")
    return getattr(module, name)
