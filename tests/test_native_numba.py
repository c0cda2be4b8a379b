"""native_rules._numba: a helper called with different constants compiles once, compiled code
calls the wrapper-less twin, and Python calls still work (the first-use compile time rests on
both)."""

from __future__ import annotations

import numpy as np
import pytest
from gridsolve.native_rules._numba import njit

numba = pytest.importorskip("numba")


@njit
def _shift(x, k):
    return x + k


@njit
def _uses_constants(a):
    return _shift(a[0], 1) + _shift(a[0], 2) + _shift(a[0], 3)


def test_a_helper_called_with_three_constants_compiles_once():
    assert _uses_constants(np.array([10])) == 36
    assert len(_shift.compiled_only.signatures) == 1
    [sig] = _shift.compiled_only.signatures
    assert all(not isinstance(t, numba.types.Literal) for t in sig)


def test_compiled_code_calls_the_twin_without_a_python_wrapper_and_python_calls_work():
    assert _uses_constants(np.array([1])) == 9
    assert _shift.signatures == []  # Python never called _shift: no wrapper was built for it
    assert _shift(4, 5) == 9
    assert len(_shift.signatures) == 1
    assert _shift.compiled_only.targetoptions.get("no_cpython_wrapper") is True
