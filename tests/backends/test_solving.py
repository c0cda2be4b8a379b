import pytest
from gridsolve.puzzles.solving import Limit, SolveResult, Status


def test_limit_validates():
    with pytest.raises(ValueError):
        Limit(solutions=0)
    with pytest.raises(ValueError):
        Limit(seconds=0)
    assert Limit().solutions == 1 and Limit().seconds is None


@pytest.mark.parametrize(
    ("count", "exhausted", "unique"),
    [
        (1, True, True),
        (0, True, False),
        (2, False, False),
        (2, True, False),
        (1, False, None),
        (0, False, None),
    ],
)
def test_unique_verdict(count, exhausted, unique):
    r = SolveResult("x", Status.SOLVED, tuple(range(count)), exhausted)
    assert r.unique is unique
    assert r.count == count


def test_results_compare_by_solution_sets():
    a = SolveResult("a", Status.SOLVED, (frozenset({1}), frozenset({2})), True)
    b = SolveResult("b", Status.SOLVED, (frozenset({2}), frozenset({1})), True)
    assert a.solution_set() == b.solution_set()
