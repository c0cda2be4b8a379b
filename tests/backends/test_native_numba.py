"""native_rules.kernels: a helper called with different constants compiles once, compiled code
calls the wrapper-less twin, Python calls still work, and the twins' code is linked into the
entry that calls them rather than compiled alone (the first-use compile time rests on all
three)."""

from __future__ import annotations

import numpy as np
import pytest
from gridsolve.native_rules.kernels import njit

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


@njit
def _step(x):
    return x * 3 + 1 if x % 2 else x // 2


@njit
def _walk(x, n):
    for _ in range(n):
        x = _step(x)
    return x


@njit
def _twice(x, n):
    return _walk(x, n) + _walk(x + 1, n)


def _plain(x, n):
    for _ in range(n):
        x = x * 3 + 1 if x % 2 else x // 2
    return x


def test_twins_are_linked_into_their_callers_and_get_no_machine_code(monkeypatch):
    """The twins' own modules never reach the JIT engine; their code does, inside the entry's module
    (whether LLVM keeps it there as a function of its own or inlines it is LLVM's choice)."""
    from gridsolve.native_rules.compiler import LinkOnlyLibrary
    from numba.core.codegen import JitEngine

    added = []
    add_module = JitEngine.add_module

    def recording(self, module):
        added.append(module.name)
        return add_module(self, module)

    monkeypatch.setattr(JitEngine, "add_module", recording)
    assert _twice(27, 50) == _plain(27, 50) + _plain(28, 50)  # a chain of three levels (compiled here)
    assert any("_twice" in name for name in added)
    for twin in (_walk.compiled_only, _step.compiled_only):
        [cres] = twin.overloads.values()
        assert isinstance(cres.library, LinkOnlyLibrary)
        assert cres.library.get_pointer_to_function(cres.fndesc.mangled_name) == 0
        assert not any("compiled_only" in name for name in added)  # never compiled alone
    [entry] = _twice.overloads.values()
    assert not isinstance(entry.library, LinkOnlyLibrary)
    assert entry.library.codegen._engine.is_symbol_defined(entry.fndesc.mangled_name)


@njit
def _next(x):
    return x * 3 + 1 if x % 2 else x // 2


@njit
def _collatz_steps(x):
    n = 0
    while x != 1:
        x = _next(x)
        n += 1
    return n


def test_interpreted_runs_the_same_code_without_compiling_anything():
    from gridsolve.native_rules.kernels import cached, interpreted

    plain = interpreted(_collatz_steps)
    assert plain(27) == 111
    assert plain.__globals__["_next"] is interpreted(_next)  # its callees are interpreted too
    assert _collatz_steps.signatures == [] and _next.compiled_only.signatures == []
    assert not cached(_collatz_steps)  # neither compiled in this process nor on disk
    assert _collatz_steps(27) == 111
    assert cached(_collatz_steps)


@njit
def _halve(x):
    return x // 2


@njit
def _double(x):
    return x + x


@njit
def _square(x):
    return x * x


@njit
def _cube(x):
    return x * x * x


def test_tiered_runs_interpreted_within_its_budget_then_compiled(monkeypatch):
    from gridsolve.native_rules.kernels import Tiered

    # the process's tiering, as a fresh process has it (another test in this worker may have
    # asked to compile at once, or spent a budget)
    monkeypatch.setattr(Tiered, "off", False)
    monkeypatch.setattr(Tiered, "left", {})
    monkeypatch.setattr(Tiered, "unsettled", {})
    t = Tiered(_square, 60.0)
    assert t(7) == 49 and _square.signatures == []  # interpreted: nothing compiled
    short = Tiered(_cube, 1e-12)
    assert short(2) == 8 and _cube.signatures == []  # the first call spends the budget...
    assert short(3) == 27 and len(_cube.signatures) == 1  # ...the next one compiles
    assert Tiered(_cube, 60.0).now is _cube  # the budget is the process's, per function
    assert Tiered(_halve, 0).now is _halve  # no budget: compiled at once


def test_compile_at_once_turns_the_interpreted_first_use_off(monkeypatch):
    from gridsolve.native_rules.kernels import Tiered, compile_at_once

    monkeypatch.setattr(Tiered, "off", False)
    compile_at_once()
    assert Tiered(_double, 60.0).now is _double


@njit
def _triple(x):
    return 3 * x


def test_for_grid_interprets_small_grids_first_and_compiles_large_ones_at_once(monkeypatch):
    from gridsolve.native_rules.kernels import SMALL_GRID, Tiered, for_grid

    monkeypatch.setattr(Tiered, "off", False)
    monkeypatch.setattr(Tiered, "left", {})
    monkeypatch.setattr(Tiered, "unsettled", {})
    assert for_grid(_triple, SMALL_GRID + 1).now is _triple
    monkeypatch.setattr(Tiered, "left", {})
    assert for_grid(_triple, 25).now is not _triple and for_grid(_triple, 25)(2) == 6


@njit(cache=True)
def _quadruple(x):
    return 4 * x


@pytest.mark.parametrize("on_disk", [True, False])
def test_the_larger_budget_is_settled_only_when_the_smaller_is_spent(monkeypatch, on_disk):
    # whether the compiled code is cached (a digest of every source file) is asked only once the
    # smaller budget has run out: a small job that stays within it never asks
    from gridsolve.native_rules import kernels
    from gridsolve.native_rules.kernels import Tiered

    monkeypatch.setattr(Tiered, "off", False)
    monkeypatch.setattr(Tiered, "left", {})
    monkeypatch.setattr(Tiered, "unsettled", {})
    asked = []
    monkeypatch.setattr(kernels, "cached", lambda func: asked.append(func) or on_disk)
    small = Tiered(_quadruple, 60.0, 30.0)
    assert small(2) == 8 and asked == [] and small.now is not _quadruple  # within 30 s: not asked
    spent = Tiered(_quadruple, 1e-12, 0.0)  # the process's budget: the first one's still
    assert spent.now is not _quadruple and asked == []
    Tiered.left[_quadruple] = 0.0  # the smaller budget spent
    assert small(3) == 12 and asked == [_quadruple]
    # cached: the warm budget was all (compiled now); not cached: 30 s more, interpreted on
    assert (small.now is _quadruple) == on_disk and _quadruple.signatures == []
    assert Tiered.left[_quadruple] == pytest.approx(0.0 if on_disk else 30.0, abs=1.0)


def test_cache_keys_of_the_package_change_with_any_of_its_sources(tmp_path, monkeypatch):
    # numba keys cached code by the function's own file; a rule edited in another module must
    # retire the cascade's cached code too, so cached entries carry the package's sources digest
    from gridsolve.native_rules import kernels
    from numba.core import types
    from numba.core.registry import cpu_target

    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("y = 2\n")
    before = kernels.sources_digest(tmp_path)
    (tmp_path / "sub" / "b.py").write_text("y = 3\n")
    assert kernels.sources_digest(tmp_path) != before

    entry = kernels.njit(cache=True)(lambda x: x + 1)
    codegen, sig = cpu_target.target_context.codegen(), (types.int64,)
    key = entry._cache._index_key(sig, codegen)
    monkeypatch.setattr(kernels, "sources", lambda: "another digest")
    assert entry._cache._index_key(sig, codegen) == (*key[:-1], "another digest") != key


KERNEL_MODULE = """
from gridsolve.native_rules.kernels import njit

@njit(cache=True)
def _inc(x):
    return x + 1

@njit(cache=True)
def add_two(x):
    return _inc(_inc(x))
"""

PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
import kernel_module
from gridsolve.native_rules.kernels import cached, interpreted
before = cached(kernel_module.add_two)
assert interpreted(kernel_module.add_two)(1) == 3
interpreted_only = "numba" not in sys.modules
if sys.argv[2] == "compile":
    assert kernel_module.add_two(1) == 3
print(before, interpreted_only, len(kernel_module.add_two.signatures))
"""


def test_kernels_are_plain_functions_until_compiled_and_a_second_process_finds_their_cache(tmp_path):
    """Declaring and running a kernel interpreted imports no numba; a compiled call caches its code,
    which the next process sees (``cached``, still without numba) and loads instead of compiling."""
    import os
    import subprocess
    import sys

    (tmp_path / "kernel_module.py").write_text(KERNEL_MODULE)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def run(mode: str) -> list[str]:
        out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), mode], env=env, check=True,
                             capture_output=True, text=True).stdout
        return out.split()

    assert run("interpret") == ["False", "True", "0"]  # nothing cached, no numba imported
    assert run("compile") == ["False", "True", "1"]  # compiled (and cached) only when called
    assert run("interpret") == ["True", "True", "0"]  # the cache is seen without importing numba
    loaded = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), "compile"], check=True,
                            env={**env, "NUMBA_DEBUG_CACHE": "1"}, capture_output=True, text=True)
    assert "data loaded" in loaded.stdout and "data saved" not in loaded.stdout, loaded.stdout
