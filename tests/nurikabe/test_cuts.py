"""Lazy connectivity cuts never remove a valid solution: every complete backend's exhaustive
enumeration equals a brute-force enumeration on small grids.

The brute force is independent of every model: it tries the colourings of the non-number cells
(all 2^n, less those with a white-cell count no solution has or an all-wall 2x2 block) and keeps
those the domain checker accepts. Puzzles are made from random colourings (a
number placed in each white island, its size or "?", sometimes one number perturbed so that some
puzzles have no solution), which exercises islands, walls, "?" numbers and multiple solutions.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from gridsolve.encoding.nurikabe import (
    always_wall,
    border_budget,
    distance_levels,
    eager_islands,
    enclosed_spans,
    max_adjacencies,
    min_lines,
    reach,
    shared_reach,
)
from gridsolve.encoding.nurikabe_cuts import SHARED, connectivity_cuts, shared_label_cuts
from gridsolve.encoding.regions import boundary, components, facing, start_distances
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles import grid
from gridsolve.puzzles.check.nurikabe import check
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from gridsolve.puzzles.solving import Limit, Status

from ..support.nurikabe_brute import brute_force, every_colouring, random_puzzle

BACKENDS = [b for b in registry.for_kind("nurikabe") if b.complete]


def enumerate_all(backend, puzzle) -> tuple[frozenset, bool]:
    r = run(backend, puzzle, Limit(seconds=120, solutions=100_000))
    assert r.status in (Status.SOLVED, Status.UNSAT), r.stats
    return r.solution_set(), r.exhausted


SIZES = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (2, 5))
CASES = [(rows, cols, seed) for rows, cols in SIZES for seed in range(4)]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize(("rows", "cols", "seed"), CASES)
def test_exact_solution_sets_on_random_puzzles(backend, rows, cols, seed):
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    found, exhausted = enumerate_all(backend, puzzle)
    want = brute_force(puzzle)
    if exhausted:
        assert found == want
    else:  # heuristics+sat when a deduction's proviso fails: never a wrong solution
        assert backend.name == "heuristics+sat" and found <= want


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize(
    "rows",
    [
        [[4, None], [None, None]],  # the whole grid is the island: no wall at all
        [[QUESTION, None, None], [None, None, None]],  # "?": any island size
        [[6, None, None], [None, None, None], [None, None, None]],  # many shapes, walls divide
        [[3, None, None, None], [None, None, None, None], [None, None, None, 3]],  # 6 solutions
    ],
    ids=["4-in-2x2", "question", "6-in-3x3", "two-3s"],
)
def test_many_solution_puzzles(backend, rows):
    puzzle = NurikabePuzzle.from_rows(rows)
    found, exhausted = enumerate_all(backend, puzzle)
    want = brute_force(puzzle)
    assert len(want) >= 1
    assert found == want if exhausted else found <= want


def test_the_brute_force_itself():
    # an 8 in a corner of a 3x3 grid: the one wall cell is any of the other 8 cells
    assert len(brute_force(NurikabePuzzle.from_rows([[8, None, None], [None] * 3, [None] * 3]))) == 8
    assert brute_force(NurikabePuzzle.from_rows([[1, None], [None, 1]])) == frozenset()
    # skipping the colourings that cannot be solutions by counting skips no solution: the same
    # sets as all 2^n colourings through the checker, on puzzles with "?", several solutions, none
    puzzles = [random_puzzle(random.Random(seed), rows, cols) for rows, cols in ((3, 3), (2, 4), (3, 4))
               for seed in range(8)]
    puzzles.append(NurikabePuzzle.from_rows([[QUESTION, None, None], [None] * 3, [None, None, 2]]))
    sets = [brute_force(p) for p in puzzles]
    assert sets == [every_colouring(p) for p in puzzles]
    assert any(p.has_unknown_clues() and s for p, s in zip(puzzles, sets, strict=True))
    assert any(len(s) >= 2 for s in sets) and any(not s for s in sets)


def model_solve(model: str):
    """A backend's solve, through the harness (the thresholds the tests patch are module globals
    read when the model is built)."""
    return lambda puzzle, limit: run(registry.get("nurikabe", model), puzzle, limit)


@pytest.mark.parametrize("model", ["sat", "cpsat", "cpsat-tree"])
@pytest.mark.parametrize(("rows", "cols", "seed"), CASES)
def test_models_with_every_island_huge(monkeypatch, model, rows, cols, seed):
    """The same comparison with every known island on the shared label: in ``sat`` and
    ``cpsat`` sized and separated by its lazy cuts, and the "?" islands connected by the
    facing-side island cuts; in ``cpsat-tree`` sized by the subtree flows and separated by the
    island index (above, the small islands have labels of their own; only huge ones are shared)."""
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 0)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    r = model_solve(model)(puzzle, Limit(seconds=120, solutions=100_000))
    assert r.status in (Status.SOLVED, Status.UNSAT) and r.exhausted
    assert r.solution_set() == brute_force(puzzle)


def test_facing_keeps_the_side_of_the_rim_toward_the_start():
    # a wall column splits a 3x5 grid; the rim of the left column-piece has only cells on its
    # right side facing a start cell at the far right
    cells = set(grid.cells(3, 5))
    piece = {(0, 0), (1, 0), (2, 0)}
    rim = boundary(piece, 3, 5)
    assert facing(piece, rim, [(1, 4)], cells, 3, 5) == {(0, 1), (1, 1), (2, 1)}
    # a piece in the middle: only the right-hand rim faces (1, 4) once the left side is cut off
    piece = {(0, 2), (1, 2), (2, 2)}
    rim = boundary(piece, 3, 5)
    assert facing(piece, rim, [(1, 4)], cells, 3, 5) == {(0, 3), (1, 3), (2, 3)}
    assert facing(piece, rim, [(1, 0)], cells, 3, 5) == {(0, 1), (1, 1), (2, 1)}


def facing_from_the_starts(region, rim, starts, allowed, rows, cols):
    """The definition of ``facing``, searched the plain way: the starts' components in
    ``allowed`` minus region and rim, and the rim cells next to them."""
    blocked = set(region) | set(rim)
    comp = set()
    for piece in components({c for c in allowed if c not in blocked}, rows, cols):
        if piece & set(starts):
            comp |= piece
    return {d for d in rim if any(n in comp for n in grid.neighbours(rows, cols, d))}


@pytest.mark.parametrize("seed", range(40))
def test_facing_searched_from_the_rim_equals_its_definition(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 9), rng.randint(3, 9)
    cells = list(grid.cells(rows, cols))
    allowed = {c for c in cells if rng.random() < 0.85}
    region = rng.choice(components(allowed, rows, cols))
    region = {c for c in region if rng.random() < 0.6} or region
    rim = {d for d in boundary(region, rows, cols) if d in allowed}
    free = sorted(c for c in allowed if c not in region and c not in rim)
    starts = rng.sample(free, min(len(free), rng.randint(1, 3)))
    want = facing_from_the_starts(region, rim, starts, allowed, rows, cols)
    assert facing(region, rim, starts, allowed, rows, cols) == want


@pytest.mark.parametrize("seed", range(10))
def test_cuts_kept_across_rounds_in_a_memo_equal_fresh_ones(seed):
    """The lazy models keep one ``memo`` per puzzle (the numbers, the guides of ``facing``):
    rounds of random models -- wall, "?" islands and the shared label of every known island --
    get the same cuts with it as without it."""
    rng = random.Random(seed)
    puzzle = random_puzzle(rng, rng.randint(4, 7), rng.randint(4, 7))
    reaches = reach(puzzle)
    clues = puzzle.clue_cells()
    shared = {i for i, (_, v) in enumerate(clues) if v != QUESTION}
    anchors = always_wall(puzzle, reaches)
    cells = list(grid.cells(puzzle.rows, puzzle.cols))
    memo: dict = {}
    for _ in range(6):
        black = frozenset(c for c in cells if puzzle.clue(c) is None and rng.random() < 0.5)
        members = [[c for c in reaches[i] if rng.random() < 0.5] if v == QUESTION else []
                   for i, (_, v) in enumerate(clues)]
        labelled = [c for c in shared_reach(reaches, shared) if c not in black]
        args = (puzzle, reaches, anchors, black, members, shared, labelled)
        assert connectivity_cuts(*args, memo) == connectivity_cuts(*args)
    assert "clues" in memo  # it was used


def lost_border_edges(solution: NurikabeSolution) -> int:
    return sum(4 - len(grid.neighbours(solution.rows, solution.cols, c)) for c in solution.black)


@pytest.mark.parametrize(("rows", "cols", "seed"), CASES)
def test_border_budget_holds_for_every_solution(rows, cols, seed):
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    budget = border_budget(puzzle)
    assert budget is None or all(lost_border_edges(s) <= budget for s in brute_force(puzzle))


def test_border_budget_rejects_a_long_wall_without_any_cut():
    # a 10 in a 3x5 grid: 5 wall cells, at most 7 border edges lost (3*5 + 1 - 22 + 13); the
    # right-hand column and two cells of the bottom row (two wall pieces) lose 8, and the CNF
    # alone (before any connectivity cut) rejects them -- it accepts them without the budget
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from pysat.solvers import Solver

    puzzle = NurikabePuzzle.from_rows([[None] * 5, [None, None, 10, None, None], [None] * 5])
    assert border_budget(puzzle) == 7 and max_adjacencies(10) == 13
    walls = {(0, 4), (1, 4), (2, 4), (2, 0), (2, 1)}
    for with_budget in (True, False):
        m = sat_nurikabe.Model(puzzle)
        if not with_budget:
            m.add_border_budget = lambda: None
        m.build()
        assumptions = [m.b[c] if c in walls else -m.b[c] for c in m.cells if c not in m.clue_at]
        with Solver(bootstrap_with=m.cnf.clauses) as solver:
            assert solver.solve(assumptions=assumptions) is not with_budget
    assert len(brute_force(puzzle)) >= 1


def test_max_adjacencies():
    # 1, 2, a 2x2 square, a 3x3 square, 3x4 rectangle; k = 5 is a 2x2 square and one more cell
    assert [max_adjacencies(k) for k in (1, 2, 4, 5, 9, 12)] == [0, 1, 4, 5, 12, 17]


@pytest.mark.parametrize(("rows", "cols", "want"), [(10, 10, "cadical195"), (10, 20, "cadical195"),
                                                     (15, 14, "glucose42")])
def test_sat_picks_its_solver_by_the_grid_size(rows, cols, want):
    """CaDiCaL up to 200 cells, Glucose 4.2 above (``satmodels.nurikabe.LARGE_GRID``), for ``sat``
    and ``heuristics+sat``; a solver the caller names is kept."""
    ones = [[1 if r % 2 == 0 and c % 2 == 0 else None for c in range(cols)] for r in range(rows)]
    puzzle = NurikabePuzzle.from_rows(ones)  # every 1 alone, the rest wall: one solution
    for name in ("sat", "heuristics+sat"):
        r = run(registry.get("nurikabe", name), puzzle, Limit(seconds=60, solutions=2))
        assert r.status == Status.SOLVED and r.exhausted and r.stats["solver"] == want
    r = run(registry.get("nurikabe", "sat"), puzzle, Limit(seconds=60, solutions=2), solver="minisat22")
    assert r.exhausted and r.stats["solver"] == "minisat22"


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])
def test_sat_solver_settings(monkeypatch, solver):
    """The model's CaDiCaL options (satmodels.nurikabe.CADICAL_OPTIONS) reach CaDiCaL and only
    CaDiCaL, before any clause; every solver still counts exactly, with and without a time limit
    (the time limit runs CaDiCaL in slices)."""
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from gridsolve.satmodels import vocabulary

    configured = []

    class Spy(vocabulary.Solver):
        def configure(self, options):
            configured.append((dict(options), self.nof_clauses()))
            return super().configure(options)

    monkeypatch.setattr(vocabulary, "Solver", Spy)
    puzzle = NurikabePuzzle.from_rows([[3, None, None, None], [None] * 4, [None, None, None, 3]])
    for seconds in (None, 60):
        r = sat_nurikabe.solve(puzzle, Limit(seconds=seconds, solutions=100), solver=solver)
        assert r.exhausted and r.solution_set() == brute_force(puzzle)
    want = [(sat_nurikabe.CADICAL_OPTIONS, 0)] * 2 if solver.startswith("cadical") else []
    assert configured == want


def test_large_grids_keep_larger_islands_eager(monkeypatch):
    # a 30 in the corner of a 40x40 grid: C(32, 3) = 4960 distance levels, over EAGER_LEVELS but
    # within 5 per cell of the grid, so the island is connected eagerly (without that allowance
    # it is huge: it gets the shared label instead of its own)
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe

    rows = [[None] * 40 for _ in range(40)]
    rows[0][0] = 30
    puzzle = NurikabePuzzle.from_rows(rows)
    for per_cell, shared in ((nurikabe_analysis.EAGER_LEVELS_PER_CELL, set()), (0, {0})):
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", per_cell)
        m = sat_nurikabe.Model(puzzle)
        m.build()
        assert m.shared == shared and not m.lazy
        assert (len(m.g), len(m.x[0])) == ((len(m.reach[0]), 0) if shared else (0, len(m.reach[0])))


@pytest.mark.parametrize("number", [3, 5, 7])
def test_distance_levels_admit_exactly_the_connected_islands(number):
    """With the number's literal true (every model fixes it) and the other membership literals
    fixed to a set S of the reach, the level clauses are satisfiable exactly when S plus the number
    is connected with every cell at most k-1 steps from the number inside it -- for every subset
    of a 3x3 reach."""
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    home = (1, 1)
    puzzle = NurikabePuzzle.from_rows([[None] * 3, [None, number, None], [None] * 3])
    reaches = reach(puzzle)
    pool = IDPool()
    clauses = [[pool.id(key) if positive else -pool.id(key) for positive, key in clause]
               for clause in distance_levels(puzzle, reaches, 0)]
    cells = sorted(set(reaches[0]) - {home})
    admitted = 0
    with Solver(name="cadical195", bootstrap_with=clauses + [[pool.id(("x", home))]]) as solver:
        for bits in product((False, True), repeat=len(cells)):
            island = {home} | {c for c, b in zip(cells, bits, strict=True) if b}
            fixed = [pool.id(("x", c)) if c in island else -pool.id(("x", c)) for c in cells]
            steps, todo = {home: 0}, [home]
            for cell in todo:  # breadth-first inside the island
                for n in grid.neighbours(3, 3, cell):
                    if n in island and n not in steps:
                        steps[n] = steps[cell] + 1
                        todo.append(n)
            want = len(steps) == len(island) and max(steps.values()) <= number - 1
            assert solver.solve(assumptions=fixed) == want, sorted(island)
            admitted += want
    assert admitted > 1


def test_cpsat_connects_small_islands_by_levels_and_huge_ones_lazily(monkeypatch):
    """``cpsat`` encodes the distance levels for the islands ``eager_islands`` picks and cuts
    only the others; with the thresholds at 0 every
    island is huge: it gets the shared label (cut lazily), and both count the same solutions."""
    import gridsolve.cpmodels.nurikabe as cp_nurikabe
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    puzzle = NurikabePuzzle.from_rows([[3, None, None, None], [None] * 4, [None, None, None, 3]])
    m = cp_nurikabe.NurikabeModel(puzzle)
    m.build()
    m.add_island_levels()
    assert eager_islands(puzzle, m.reach) == {0, 1} and m.lazy == set() and not m.g
    counts = []
    for levels, shared in ((3_000, set()), (0, {0, 1})):
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", levels)
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
        m = cp_nurikabe.NurikabeModel(puzzle)
        m.build()
        m.add_island_levels()
        assert m.shared == shared and m.lazy == set() and all(not m.x[i] for i in shared)
        r = cp_nurikabe.solve(puzzle, Limit(seconds=60, solutions=100))
        assert r.exhausted
        counts.append(r.solution_set())
    assert counts[0] == counts[1] == brute_force(puzzle)


def test_cpsat_tree_adds_the_distance_levels_of_small_islands():
    import gridsolve.cpmodels.nurikabe as cp_nurikabe

    puzzle = NurikabePuzzle.from_rows([[3, None, None, None], [None] * 4, [None, None, None, 3]])
    names = [v.name for v in cp_nurikabe.tree_model(puzzle).model.proto.variables]
    assert any(n.startswith("d(") for n in names) and any(n.startswith("dep") for n in names)


def test_cpsat_tree_roots_the_wall_at_the_anchor_nearest_the_centre():
    """The wall tree's root: of the cells every solution walls (out of every reach), the one
    nearest the grid's centre -- not the first in row-major order (docs/nurikabe.md)."""
    import gridsolve.cpmodels.nurikabe as cp_nurikabe

    puzzle = NurikabePuzzle.from_rows([[1] + [None] * 6, [None] * 7, [None] * 7, [None] * 6 + [1]])
    m = cp_nurikabe.NurikabeModel(puzzle)
    m.build()
    anchors = always_wall(puzzle, m.reach)
    assert anchors[0] == (0, 1) and (1, 3) in anchors and (2, 3) in anchors
    assert m.add_wall_tree() == (1, 3)  # |2r+1-4| + |2c+1-7| = 1 + 0, ties in row-major order
    cells = [(0, 0), (3, 6), (2, 2), (1, 3), (2, 3)]
    assert m.centre_first(cells) == [(1, 3), (2, 3), (2, 2), (0, 0), (3, 6)]
    # no anchor at all: the root is the first wall cell from the centre outward, chosen by the model
    m = cp_nurikabe.NurikabeModel(NurikabePuzzle.from_rows([[3, None, None, None], [None] * 4,
                                                            [None] * 3 + [3]]))
    m.build()
    assert m.add_wall_tree() is None
    roots = [v.name for v in m.model.proto.variables if v.name.startswith("root")]
    assert roots[:2] == ["root(1, 1)", "root(1, 2)"]  # the chain of candidates starts at the centre


# ---------------------------------------------------------------- a partial state's reach


def test_reach_with_a_fixed_state():
    """The reach never enters a fixed wall cell; a fixed white cell of one number's component
    keeps the other numbers off its neighbours; a 4 whose white component holds three cells
    reaches only one step beyond it."""
    puzzle = NurikabePuzzle.from_rows([[3, None, None], [None, None, None], [None, 2, None]])
    assert reach(puzzle)[0] == {(0, 0): 0, (0, 1): 1, (1, 0): 1, (0, 2): 2}
    assert reach(puzzle)[1] == {(2, 1): 0, (1, 1): 1, (2, 0): 1, (2, 2): 1}
    undecided = set(grid.cells(3, 3)) - {(0, 1), (1, 0)}
    fixed = NurikabeSolution.from_cells(3, 3, [(1, 0)], undecided)  # (0, 1) white, (1, 0) wall
    assert reach(puzzle, fixed) == [{(0, 0): 0, (0, 1): 1, (0, 2): 2}, {(2, 1): 0, (2, 0): 1, (2, 2): 1}]

    puzzle = NurikabePuzzle.from_rows([[4, None, None, None]] + [[None] * 4] * 3)
    assert len(reach(puzzle)[0]) == 10  # every cell within 3 steps
    fixed = NurikabeSolution.from_cells(4, 4, [], set(grid.cells(4, 4)) - {(0, 1), (0, 2)})
    assert reach(puzzle, fixed)[0] == {(0, 0): 0, (0, 1): 1, (1, 0): 1, (0, 2): 2, (1, 1): 2,
                                        (0, 3): 3, (1, 2): 3}


def agreeing_states(rng: random.Random, puzzle: NurikabePuzzle, solution: NurikabeSolution, n: int):
    """``n`` random partial states that agree with the solution (each cell decided as there, or not)."""
    cells = list(grid.cells(puzzle.rows, puzzle.cols))
    for _ in range(n):
        p = rng.random()
        undecided = [c for c in cells if rng.random() > p]
        black = solution.black - set(undecided)
        yield NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, black, undecided)


@pytest.mark.parametrize(("rows", "cols", "seed"), CASES)
def test_reach_with_a_fixed_state_keeps_every_agreeing_solution(rows, cols, seed):
    """Every island of every solution that agrees with a partial state lies inside the reach
    with that state, each cell no nearer the number than inside the island."""
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    rng = random.Random(seed)
    for sol in brute_force(puzzle):
        for fixed in agreeing_states(rng, puzzle, sol, 5):
            reaches = reach(puzzle, fixed)
            assert not set().union(*reaches) & fixed.black
            for i, (cell, _) in enumerate(puzzle.clue_cells()):
                island = island_of(puzzle, sol, cell)
                steps = start_distances([cell], island, rows, cols)
                assert all(c in reaches[i] and reaches[i][c] <= steps[c] for c in island)


@pytest.mark.parametrize(("rows", "cols", "seed"), CASES)
def test_sat_with_a_fixed_state_finds_exactly_the_agreeing_solutions(rows, cols, seed):
    """``sat`` given a partial state (as ``heuristics+sat`` gives it the heuristics' state, the
    reaches cut down by it) enumerates exactly the solutions that agree with it. A soundness guard:
    it also passes with uncut reaches; ``test_reach_with_a_fixed_state`` is the one that needs the
    cut."""
    from gridsolve.satmodels.nurikabe import solve

    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    rng = random.Random(seed)
    solutions = sorted(brute_force(puzzle), key=lambda s: sorted(s.black))
    for sol in solutions[:3]:
        for fixed in agreeing_states(rng, puzzle, sol, 3):
            r = solve(puzzle, Limit(seconds=60, solutions=100_000), fixed=fixed)
            want = {s for s in solutions if fixed.black <= s.black and not (fixed.white() & s.black)}
            assert r.exhausted and r.solution_set() == want


# ---------------------------------------------------------------- the shared label of huge islands


def cut_shapes(puzzle, shared, cells):
    cuts = shared_label_cuts(puzzle, reach(puzzle), shared, cells)
    assert all(cut.island == SHARED for cut in cuts)
    return {(cut.piece, cut.rim, cut.each) for cut in cuts}


def test_shared_label_cuts_for_each_kind_of_wrong_component():
    row = NurikabePuzzle.from_rows([[3, None, None, None, 3]])
    # both numbers in one component: not all of the path between them
    assert cut_shapes(row, {0, 1}, set(grid.cells(1, 5))) == {
        (frozenset({(0, 1), (0, 2), (0, 3)}), frozenset(), False)}
    # a cell out of the number's reach, three steps away: not all of the path to it (and no
    # size cut for that component)
    lone = NurikabePuzzle.from_rows([[3, None, None, None, None]])
    assert cut_shapes(lone, {0}, {(0, 0), (0, 1), (0, 2), (0, 3)}) == {
        (frozenset({(0, 1), (0, 2), (0, 3)}), frozenset(), False)}
    # (2, 1) is in the 5's reach (3 steps) but 5 steps from it inside the component: not all of
    # that path (rather than the 6 nearest cells, which hold (1, 0) instead of (2, 1))
    five = NurikabePuzzle.from_rows([[5, None, None], [None] * 3, [None] * 3])
    assert cut_shapes(five, {0}, {(0, 0), (1, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1)}) == {
        (frozenset({(0, 1), (0, 2), (1, 2), (2, 2), (2, 1)}), frozenset(), False)}
    # right size and within two steps, but (0, 2) is next to the 1, out of the 3's reach
    beside = NurikabePuzzle.from_rows([[3, None, None, 1]])
    assert cut_shapes(beside, {0}, {(0, 0), (0, 1), (0, 2)}) == {
        (frozenset({(0, 1), (0, 2)}), frozenset(), False)}
    # too large (every cell within 2 steps): not all of the 3 + 1 nearest cells
    square = NurikabePuzzle.from_rows([[3, None, None], [None, None, None]])
    assert cut_shapes(square, {0}, {(0, 0), (0, 1), (1, 0), (1, 1)}) == {
        (frozenset({(0, 1), (1, 0), (1, 1)}), frozenset(), False)}
    # too small: all of it -> one more cell of the rim; a component without a number: each cell
    # -> a rim cell facing a number
    seven = NurikabePuzzle.from_rows([[None] * 5, [7, None, None, None, None], [None] * 5])
    assert cut_shapes(seven, {0}, {(1, 0), (0, 3), (0, 4)}) == {
        (frozenset(), frozenset({(0, 0), (2, 0), (1, 1)}), False),
        (frozenset({(0, 3), (0, 4)}), frozenset({(0, 2), (1, 3), (1, 4)}), True)}
    # a right island: no cut
    assert cut_shapes(square, {0}, {(0, 0), (0, 1), (0, 2)}) == set()


def test_shared_label_cuts_reject_adjacent_numbers():
    # two numbers side by side share an island in every colouring: the cut is the empty clause
    puzzle = NurikabePuzzle.from_rows([[2, 2, None]])
    assert cut_shapes(puzzle, {0, 1}, {(0, 0), (0, 1)}) == {(frozenset(), frozenset(), False)}
    for backend in BACKENDS:
        assert enumerate_all(backend, puzzle)[0] == brute_force(puzzle) == frozenset()


@pytest.mark.parametrize("seed", range(8))
def test_shared_label_counts_like_the_per_island_labels(monkeypatch, seed):
    """On 5x6 grids with larger islands (too many cells for the brute force), ``sat`` and
    ``cpsat-tree`` with every known island on the shared label (thresholds at 0) enumerate the
    same solutions as ``sat`` with per-island labels and distance levels."""
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe

    rng = random.Random(1000 + seed)
    cells = list(grid.cells(5, 6))
    white = {c for c in cells if rng.random() < 0.65}
    clues = {}
    for island in components(white, 5, 6):
        clues[rng.choice(sorted(island))] = len(island)
    if rng.random() < 0.5:  # loosen one number: several solutions, or none
        cell = rng.choice(sorted(clues))
        clues[cell] = max(1, clues[cell] + rng.choice((-1, 1)))
    puzzle = NurikabePuzzle.from_rows([[clues.get((r, c)) for c in range(6)] for r in range(5)])
    limit = Limit(seconds=120, solutions=100_000)
    per_island = sat_nurikabe.solve(puzzle, limit)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 0)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    m = sat_nurikabe.Model(puzzle)
    assert m.shared == {i for i, (_, v) in enumerate(puzzle.clue_cells()) if v >= 2}
    shared = sat_nurikabe.solve(puzzle, limit)
    assert per_island.exhausted and shared.exhausted
    assert shared.solution_set() == per_island.solution_set()
    assert all(not check(puzzle, s) for s in shared.solutions)
    if len(per_island.solutions) <= 100:  # cpsat-tree re-solves once per solution (seed 3: 1483)
        flows = model_solve("cpsat-tree")(puzzle, limit)  # the huge islands sized by subtree flows
        assert flows.exhausted and flows.solution_set() == per_island.solution_set()


def test_shared_label_count_only_where_its_counter_is_small(monkeypatch):
    # a 3 in the middle of a 1x5 row, on the shared label (thresholds at 0): its reach is the
    # whole row (n = 5). The CNF alone, before any cut and without the border budget (which
    # rejects it too), rejects "only the number labelled" with the at-least count
    # (n * (n - 3) = 10 <= SEQ_LIMIT) and accepts it without (SEQ_LIMIT = 0)
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from pysat.solvers import Solver

    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 0)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    puzzle = NurikabePuzzle.from_rows([[None, None, 3, None, None]])
    for limit, accepted in ((sat_nurikabe.SEQ_LIMIT, False), (0, True)):
        monkeypatch.setattr(sat_nurikabe, "SEQ_LIMIT", limit)
        m = sat_nurikabe.Model(puzzle)
        m.add_border_budget = lambda: None
        m.build()
        assert m.shared == {0} and len(m.g) == 5
        only_the_number = [m.g[c] if c == (0, 2) else -m.g[c] for c in m.g]
        with Solver(bootstrap_with=m.cnf.clauses) as solver:
            assert solver.solve(assumptions=only_the_number) is accepted
    assert sat_nurikabe.solve(puzzle, Limit(seconds=60, solutions=10)).solution_set() == brute_force(puzzle)


@pytest.mark.parametrize("seed", range(40))
def test_wall_cuts_when_a_model_wall_outgrows_every_solution(monkeypatch, seed):
    """``sat`` with every known island on the shared label and without its count (SEQ_LIMIT 0):
    nothing bounds a model's wall by the solutions' wall size W, so a wall piece may have W cells
    or more and hold a whole solution's wall; its cut must then keep ``also`` (a wall cell of
    another piece). Seed 35 loses one of its 22 solutions to a whole-rim cut without it."""
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe

    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 0)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    monkeypatch.setattr(sat_nurikabe, "SEQ_LIMIT", 0)
    puzzle = random_puzzle(random.Random(seed * 7919 + 3 * 31 + 4), 3, 4)
    r = sat_nurikabe.solve(puzzle, Limit(seconds=120, solutions=100_000))
    assert r.exhausted
    assert r.solution_set() == brute_force(puzzle)


def test_a_wall_piece_as_large_as_the_wall_is_cut_with_another_piece():
    # a 5 in the corner of a 4x4 grid: W = 11. A model wall of 13 cells in two pieces (the
    # cells (2, 3) and (3, 2) white): the corner cell (3, 3) alone, and 12 cells >= W, which may
    # hold a whole solution's wall, so without an anchor its cut needs the other piece's cell
    puzzle = NurikabePuzzle.from_rows([[5, None, None, None]] + [[None] * 4 for _ in range(3)])
    assert puzzle.wall_count() == 11
    white = {(0, 0), (2, 3), (3, 2)}
    black = frozenset(c for c in grid.cells(4, 4) if c not in white)
    cuts = {cut.piece: cut for cut in connectivity_cuts(puzzle, reach(puzzle), [], black, [[]])}
    small, large = frozenset({(3, 3)}), black - {(3, 3)}
    assert set(cuts) == {small, large}
    assert cuts[small].also is None and cuts[small].rim == {(2, 3), (3, 2)}
    assert cuts[large].also == (3, 3) and cuts[large].rim == {(2, 3), (3, 2)}


@pytest.mark.parametrize("model", ["sat", "cpsat", "cpsat-tree"])
@pytest.mark.parametrize("seed", range(12))
def test_exact_counts_with_the_thresholds_of_large_grids(monkeypatch, model, seed):
    """Small thresholds give a 4x4 grid the mix of a large one: some islands on distance levels,
    the larger ones on the shared label, ``sat``'s island sizes by modulo totalizers
    (ISLAND_SEQ_LIMIT 10), other counts by cardinality networks (SEQ_LIMIT 10) and the shared label
    without its count -- paths the corpus takes and small tests otherwise
    never do. Every enumeration equals the brute force."""

    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe

    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 6)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    monkeypatch.setattr(sat_nurikabe, "SEQ_LIMIT", 10)
    monkeypatch.setattr(sat_nurikabe, "ISLAND_SEQ_LIMIT", 10)
    puzzle = random_puzzle(random.Random(seed * 7919 + 4 * 31 + 4 + 100000), 4, 4)
    r = model_solve(model)(puzzle, Limit(seconds=120, solutions=100_000))
    assert r.exhausted
    assert r.solution_set() == brute_force(puzzle)


@pytest.mark.parametrize(("rows", "cols", "seed"), [c for c in CASES if c[0] * c[1] >= 9])
def test_island_sizes_by_modulo_totalizers_count_exactly(monkeypatch, rows, cols, seed):
    """``sat`` with every island's size by a modulo totalizer (ISLAND_SEQ_LIMIT 0, as the largest
    islands of large grids get): its enumeration equals the brute force."""
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from pysat.card import EncType

    used = []
    equals = sat_nurikabe.CardEnc.equals

    def spy(*args, **kwargs):
        used.append(kwargs["encoding"])
        return equals(*args, **kwargs)

    monkeypatch.setattr(sat_nurikabe, "ISLAND_SEQ_LIMIT", 0)
    monkeypatch.setattr(sat_nurikabe.CardEnc, "equals", spy)
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    r = sat_nurikabe.solve(puzzle, Limit(seconds=120, solutions=100_000))
    assert r.exhausted and r.solution_set() == brute_force(puzzle)
    m = sat_nurikabe.Model(puzzle)  # an island with a count: fewer cells than its reach
    counted = any(0 < v < len(m.x[i]) for i, (_, v) in enumerate(m.clues) if i not in m.shared)
    assert (EncType.mtotalizer in used) == counted


@pytest.mark.parametrize("rows", [
    [[2, None, 2], [None, None, None]],
    [[3, None, None, 3], [None, None, None, None]],
    [[3, None, None], [None, None, None], [None, None, 4]],
])
def test_cpsat_tree_keeps_huge_islands_apart(monkeypatch, rows):
    """With every island huge, ``cpsat-tree``'s island index keeps two islands from touching:
    without it the 3x3 grid with a 3 and a 4 gets models whose two trees lie side by side (checked
    by removing it). The flows' sizes are checked by the random comparisons above (each of their constraints,
    removed, makes one to fifteen of those fail)."""
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 0)
    monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    puzzle = NurikabePuzzle.from_rows(rows)
    r = model_solve("cpsat-tree")(puzzle, Limit(seconds=60, solutions=1000))
    assert r.exhausted and r.solution_set() == brute_force(puzzle)


def island_of(puzzle: NurikabePuzzle, solution: NurikabeSolution, cell) -> set:
    white = {c for c in grid.cells(puzzle.rows, puzzle.cols) if c not in solution.black}
    return next(island for island in components(white, puzzle.rows, puzzle.cols) if cell in island)


def wall_diagonals(puzzle: NurikabePuzzle, sol: NurikabeSolution):
    """The 2x2 blocks of a solution with wall on one diagonal and white on the other: the white pair."""
    for a, b, c, d in grid.blocks(puzzle.rows, puzzle.cols):
        for walls, whites in (((a, d), (b, c)), ((b, c), (a, d))):
            if set(walls) <= sol.black and not set(whites) & sol.black:
                yield whites


def test_across_a_wall_diagonal_one_island_keeps_off_the_border():
    """The fact ``diagonal_enclosure`` states, checked on brute-force solutions, independently
    of every model: where a 2x2 block has wall on one diagonal and white on the other, the two
    white cells are in different islands and one of those islands has no border cell. The
    puzzles: random ones, and open grids with a few numbers (many solutions, many such blocks).
    The premise only: it holds whatever the models do; the rejection tests below test the rule."""
    puzzles = [random_puzzle(random.Random(seed), rows, cols)
               for rows, cols in ((3, 4), (4, 4), (3, 5), (2, 6)) for seed in range(10)]
    puzzles += [NurikabePuzzle.from_rows(rows) for rows in (
        [[3, None, None, None], [None] * 4, [None] * 4, [None, None, None, 3]],
        [[2, None, None, None], [None] * 4, [None, None, None, 2], [None] * 4],
        [[None, 4, None, None], [None] * 4, [None] * 4, [None, None, 5, None]],
        [[QUESTION, None, None, None], [None] * 4, [None, None, None, 2], [None] * 4],
    )]
    met = 0
    for puzzle in puzzles:
        rows, cols = puzzle.rows, puzzle.cols
        for sol in brute_force(puzzle):
            for whites in wall_diagonals(puzzle, sol):
                met += 1
                isles = [island_of(puzzle, sol, w) for w in whites]
                assert isles[0] != isles[1]
                assert any(all(0 < r < rows - 1 and 0 < c < cols - 1 for r, c in isle) for isle in isles)
    assert met >= 5  # the fact is exercised (8 such blocks), not vacuous


# a wall of two dominoes meeting only at a corner, (1, 2)-(2, 1): the 4's island (0, 0)-(1, 1) and
# the 8's island, the rest, face each other across it and both touch the border. Every rule the
# models state eagerly holds (sizes, separation, no 2x2 wall, a wall neighbour for each wall
# cell, the wall size and the border budget); only the wall's connectivity fails.
DOMINOES = NurikabePuzzle.from_rows([[4, None, None, None], [None] * 4, [None] * 4, [None, None, None, 8]])
DOMINO_WALL = frozenset({(0, 2), (1, 2), (2, 0), (2, 1)})


def test_the_domino_wall_breaks_only_the_connected_wall():
    assert [v.code for v in check(DOMINOES, NurikabeSolution(4, 4, DOMINO_WALL))] == ["wall-divided"]


@pytest.mark.parametrize("lone_shared", [False, True])
def test_sat_states_the_diagonal_enclosure_eagerly(monkeypatch, lone_shared):
    """Without lazy cuts, the CNF of ``sat`` alone rejects the domino wall (before the rule it
    accepted it, and a cut round was needed to remove it) -- also when the 8 is the one island
    on the shared label (levels cap 30: the 4 needs 20, the 8 72), which then stands for its own."""
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from pysat.solvers import Solver

    if lone_shared:
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 30)
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
        assert sat_nurikabe.Model(DOMINOES).shared == {1}

    m = sat_nurikabe.Model(DOMINOES)
    m.build()
    units = [[m.b[c] if c in DOMINO_WALL else -m.b[c]] for c in m.cells if c not in m.clue_at]
    with Solver(name="cadical195", bootstrap_with=m.cnf.clauses + units) as s:
        assert s.solve() is False
    monkeypatch.setattr(sat_nurikabe.Model, "add_diagonal_enclosure", lambda self: None)
    m = sat_nurikabe.Model(DOMINOES)
    m.build()
    with Solver(name="cadical195", bootstrap_with=m.cnf.clauses + units) as s:
        assert s.solve() is True


@pytest.mark.parametrize("lone_shared", [False, True])
def test_cpsat_states_the_diagonal_enclosure_eagerly(monkeypatch, lone_shared):
    """The same for the model of ``cpsat`` without its cuts (``cpsat-tree`` connects the wall
    eagerly anyway)."""
    import gridsolve.cpmodels.nurikabe as cp_nurikabe
    import gridsolve.encoding.nurikabe as nurikabe_analysis
    from ortools.sat.python import cp_model
    if lone_shared:
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS", 30)
        monkeypatch.setattr(nurikabe_analysis, "EAGER_LEVELS_PER_CELL", 0)
    m = cp_nurikabe.NurikabeModel(DOMINOES)
    assert m.shared == ({1} if lone_shared else set())
    m.build()
    m.add_island_levels()
    for c, v in m.b.items():
        m.model.add(v == (c in DOMINO_WALL))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(m.model) == cp_model.INFEASIBLE


# janko #29_10x10: a 37 at (1, 1), a 36 at (2, 2); W = 27. Its solution walls the 36 in as the
# 6x6 square (2..7, 2..7), in the ring round it less the corner (1, 1) -- exactly 12 lines for 27
# wall cells, the bound's equality; the 37 is the rest, along the border.
RING_29 = NurikabePuzzle.from_rows([[37 if (r, c) == (1, 1) else 36 if (r, c) == (2, 2) else None
                                     for c in range(10)] for r in range(10)])
RING_29_WALL = frozenset((r, c) for r in range(1, 9) for c in range(1, 9)
                         if (r in (1, 8) or c in (1, 8)) and (r, c) != (1, 1))


def lines_met(cells) -> int:
    return len({r for r, _ in cells}) + len({c for _, c in cells})


def test_an_island_off_the_border_meets_few_lines():
    """The fact ``enclosed_spans`` states, on checked solutions, independently of every model: an
    island with no border cell meets at most (W - 3) // 2 rows and columns, and ``min_lines``
    is the fewest k cells can meet. The brute-force solutions of random and open small grids,
    and janko #29's (equality)."""
    assert [min_lines(k) for k in (0, 1, 2, 3, 4, 5, 36, 37)] == [0, 2, 3, 4, 4, 5, 12, 13]
    assert not check(RING_29, NurikabeSolution(10, 10, RING_29_WALL))
    puzzles = [random_puzzle(random.Random(seed), rows, cols)
               for rows, cols in ((3, 4), (4, 4), (3, 5)) for seed in range(10)]
    puzzles += [NurikabePuzzle.from_rows(rows) for rows in (
        [[None] * 3, [None, 1, None], [None] * 3],
        [[None] * 4, [None, 2, None, None], [None] * 4, [None, None, None, 3]],
        [[None] * 4, [None, 1, None, None], [None, None, None, None], [4, None, None, None]],
    )]
    met = []
    for puzzle, sol in [(RING_29, NurikabeSolution(10, 10, RING_29_WALL))] + [
            (p, s) for p in puzzles for s in brute_force(p)]:
        rows, cols, w = puzzle.rows, puzzle.cols, len(sol.black)
        for cell, _ in puzzle.clue_cells():
            isle = island_of(puzzle, sol, cell)
            if all(0 < r < rows - 1 and 0 < c < cols - 1 for r, c in isle):
                met.append(w - 3 - 2 * lines_met(isle))
                assert lines_met(isle) <= (w - 3) // 2
    assert len(met) >= 5 and 0 in met  # exercised, and tight


def test_enclosed_spans_of_janko_29():
    rules = {rule.island: rule for rule in enclosed_spans(RING_29, reach(RING_29))}
    assert rules[0].most == rules[1].most == 12
    assert rules[0].must_touch_border(37) and not rules[1].must_touch_border(36)
    assert len(rules[1].lines) == 20 and set(rules[1].border) == {c for c in reach(RING_29)[1]
                                                                   if 0 in c or 9 in c}


# a 4 at (2, 3) and a 12 at (4, 1) on a 5x5: W = 9, so an island off the border meets at most 3
# lines, and the 4 (min_lines 4) must touch the border -- the CNF without the rule lets it off
FOUR_ON_5X5 = NurikabePuzzle.from_rows([[{(4, 1): 12, (2, 3): 4}.get((r, c)) for c in range(5)]
                                        for r in range(5)])


def test_enclosed_spans_of_small_grids():
    rule = enclosed_spans(FOUR_ON_5X5, reach(FOUR_ON_5X5))[0]
    assert rule.island == 0 and rule.most == 3 and rule.must_touch_border(4)
    # none where it cannot bind: the 1 in a 3x3 (W = 8: 2 lines allowed; its reach, its own cell,
    # meets 2), nor with a "?" (W unknown)
    one = NurikabePuzzle.from_rows([[None] * 3, [None, 1, None], [None] * 3])
    assert enclosed_spans(one, reach(one)) == []
    unknown = NurikabePuzzle.from_rows([[None] * 5, [None, QUESTION, None, None, None], [None] * 5])
    assert enclosed_spans(unknown, reach(unknown)) == []


def off_border(label, rows: int, cols: int) -> list:
    """Literals: no border cell in the island of ``label``."""
    return [-label[c] for c in label if c[0] in (0, rows - 1) or c[1] in (0, cols - 1)]


def test_sat_states_the_enclosed_spans_eagerly(monkeypatch):
    """Without lazy cuts, the CNF of ``sat`` alone rejects the 4 off the border of FOUR_ON_5X5, and
    #29's 36 off the border holding (2, 8) -- seven columns 2..8, so at least 7 + ceil(36 / 7) = 13
    lines, one too many; without the rule it accepts both (only the cuts would reject them). The
    solution's ring (the bound's equality) stays accepted."""
    import gridsolve.satmodels.nurikabe as sat_nurikabe
    from pysat.solvers import Solver

    def accepts(m, assumptions):
        with Solver(name="cadical195", bootstrap_with=m.cnf.clauses) as s:
            return s.solve(assumptions=assumptions)

    for with_rule in (True, False):
        if not with_rule:
            monkeypatch.setattr(sat_nurikabe.Model, "add_enclosed_spans", lambda self: None)
        m = sat_nurikabe.Model(FOUR_ON_5X5)
        m.build()
        assert accepts(m, off_border(m.x[0], 5, 5)) is not with_rule
        m = sat_nurikabe.Model(RING_29)
        m.build()
        assert accepts(m, off_border(m.x[1], 10, 10) + [m.x[1][(2, 8)]]) is not with_rule
        assert accepts(m, [m.b[c] if c in RING_29_WALL else -m.b[c] for c in m.b]) is True


def test_cpsat_states_the_enclosed_spans_eagerly():
    """The same for the model of ``cpsat`` without its cuts."""
    import gridsolve.cpmodels.nurikabe as cp_nurikabe
    from ortools.sat.python import cp_model

    def accepts(puzzle, with_rule):
        m = cp_nurikabe.NurikabeModel(puzzle)
        if not with_rule:
            m.add_enclosed_spans = lambda: None
        m.build()
        island = 0 if puzzle is FOUR_ON_5X5 else 1
        label = m.x[island]
        m.model.add_bool_and([v.Not() for c, v in label.items()
                              if c[0] in (0, puzzle.rows - 1) or c[1] in (0, puzzle.cols - 1)])
        if puzzle is RING_29:
            m.model.add(label[(2, 8)] == 1)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = 60
        status = solver.solve(m.model)
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
        return status != cp_model.INFEASIBLE

    for puzzle in (FOUR_ON_5X5, RING_29):
        assert accepts(puzzle, True) is False
        assert accepts(puzzle, False) is True
