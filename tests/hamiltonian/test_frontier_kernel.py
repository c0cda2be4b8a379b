"""The compiled frontier DP (frontier.compiled / frontier.kernel) against the numpy DP: the same
counts on squares, rectangles, blocked cells, general endpoints and prefixes; CRT, primes,
checkpoint / resume."""

from __future__ import annotations

import random

import pytest
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.frontier import compiled as fc
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP

from ..support.hamiltonian_brute import random_puzzle


@pytest.mark.parametrize("n", range(1, 12))
def test_squares_equal_the_numpy_dp(n):
    assert fc.count(HP.square(n))[0] == frontier.count(HP.square(n))


@pytest.mark.parametrize("rows,cols", [(1, 7), (2, 9), (3, 8), (8, 3), (6, 11), (10, 7)])
def test_rectangles_equal_the_numpy_dp(rows, cols):
    p = HP.rect(rows, cols)
    assert fc.count(p)[0] == frontier.count(p)


@pytest.mark.parametrize("seed", range(60))
def test_blocked_cells_endpoints_and_prefixes_equal_the_numpy_dp(seed):
    rng = random.Random(seed)
    p = random_puzzle(rng, rng.randint(2, 8), rng.randint(2, 8), 6, 3)
    assert fc.count(p)[0] == frontier.count(p)


def test_the_left_half_of_9x9():
    assert fc.count(HP.square(9).with_prefix([(0, 0), (0, 1)]))[0] == 1_344_153_757


def test_two_disjoint_prime_sets_agree_past_2_64():
    p = HP.square(11)
    first, _ = fc.count(p)
    second, _ = fc.count(p, primes=fc.SECOND_PRIMES)
    assert first == second == frontier.count(p) > 2**40
    assert not set(fc.PRIMES) & set(fc.SECOND_PRIMES)


def test_a_short_prime_guess_is_repeated_with_more():
    p = HP.square(11)  # about 50 bits: one prime of 30 bits is short
    small = fc.primes_below(1 << 30, 4)
    assert fc.count(p, primes=small)[0] == frontier.count(p)


def test_crt_joins_residues():
    primes = fc.primes_below(1 << 20, 3)
    x = 123456789012345
    assert fc.crt([x % q for q in primes], primes) == x


def test_primes_below_are_primes():
    assert fc.primes_below(100, 4) == (97, 89, 83, 79)


@pytest.mark.parametrize("fuse", [False, True])
def test_checkpoint_resumes_to_the_same_count(tmp_path, monkeypatch, fuse):
    path = str(tmp_path / "ck.npz")
    p = HP.square(9)
    want = frontier.count(p)
    steps = []
    real = fc.StatePool.advance

    def killed_after_a_while(self, *args):
        steps.append(1)
        if len(steps) == 20:  # of 36 passes with two cells a pass, 72 without
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(fc.StatePool, "advance", killed_after_a_while)
    with pytest.raises(KeyboardInterrupt):
        fc.count(p, run=fc.Run(checkpoint=path, every_rows=1, every_seconds=0, fuse=fuse))
    monkeypatch.setattr(fc.StatePool, "advance", real)
    resumed = []
    load = fc.load_checkpoint
    monkeypatch.setattr(fc, "load_checkpoint", lambda *a: resumed.append(1) or load(*a))
    assert fc.count(p, run=fc.Run(checkpoint=path, resume=True, fuse=fuse))[0] == want
    assert resumed


def test_a_checkpoint_of_another_grid_is_refused(tmp_path):
    path = str(tmp_path / "ck.npz")
    fc.count(HP.square(7), run=fc.Run(checkpoint=path, every_rows=1, every_seconds=0))
    with pytest.raises(ValueError, match="another run"):
        fc.count(HP.square(9), run=fc.Run(checkpoint=path, resume=True))


def test_progress_line(capsys):
    fc.count(HP.square(7), run=fc.Run(progress=True))
    err = capsys.readouterr().err
    assert "cell 49/49" in err and "ETA" in err
    assert f"predicted peak {fc.PEAK_STATES[7]:,} states" in err


@pytest.mark.parametrize("fuse", [False, True])
def test_threads_split_large_layers_with_the_same_count(monkeypatch, fuse):
    monkeypatch.setattr(fc, "PARALLEL_STATES", 100)
    p = HP.square(11)
    assert fc.count(p, run=fc.Run(threads=2, fuse=fuse))[0] == frontier.count(p)


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_one_cell_a_pass_equals_the_numpy_dp_too(seed):
    """The default takes two cells of a row per pass where the memory allows (``fused``); one
    cell a pass, kept for tight memory, counts the same."""
    rng = random.Random(seed)
    p = random_puzzle(rng, rng.randint(2, 8), rng.randint(2, 8), 6, 3)
    assert fc.count(p, run=fc.Run(fuse=False))[0] == frontier.count(p)


def test_two_cells_a_pass_where_the_memory_allows(monkeypatch):
    passes = []
    real = fc.StatePool.advance

    def recording(self, n, args, shifts, plug_mask, primes, then=None, *rest):
        passes.append(then is not None)  # the second cell of the pass
        return real(self, n, args, shifts, plug_mask, primes, then, *rest)

    monkeypatch.setattr(fc.StatePool, "advance", recording)
    p = HP.square(9)
    assert fc.count(p, run=fc.Run(fuse=True))[0] == frontier.count(p)
    assert sum(passes) == 36 and len(passes) == 44  # 4 pairs a row; the row's odd cell alone
    plan = fc.Plan.of(HP.square(19))
    assert fc.fused(fc.Run(), plan, 3)  # predicted 2.2 GB of rows
    assert not fc.fused(fc.Run(memory=2 << 30), plan, 3)
    assert not fc.fused(fc.Run(), fc.Plan.of(HP.square(21)), 4)
    assert not fc.fused(fc.Run(memory=20000 << 20), fc.Plan.of(HP.square(21)), 4)  # the 21x21 runs


def test_a_short_peak_prediction_grows_the_pool_with_the_same_count(monkeypatch):
    grown = []
    real = fc.StatePool.reserve

    def counting_growth(self, free):
        if self.nfree < free:
            grown.append(free)
        real(self, free)

    monkeypatch.setattr(fc, "predicted_peak", lambda width, rows: 1)
    monkeypatch.setattr(fc.StatePool, "reserve", counting_growth)
    p = HP.square(11)
    assert fc.count(p)[0] == frontier.count(p)
    assert len(grown) > 3



def test_a_memory_limit_is_kept_while_the_count_runs():
    """-O memory is checked against the memory the process holds, cell by cell, not only against
    the prediction made before the run."""
    with pytest.raises(frontier.TooLarge, match="MiB allowed"):
        fc.count_residues(HP.square(9), fc.PRIMES[:1], fc.Run(memory=1 << 20))
    assert fc.count_residues(HP.square(9), fc.PRIMES[:1], fc.Run(memory=1 << 40)).peak_states > 0


def test_threads_draw_their_free_blocks_from_the_lowest_ids():
    """Each thread pops its free stack from the top: dealt round-robin, both tops are the
    lowest free ids, so two threads touch no more of the lazily mapped pool than one does."""
    pool = fc.StatePool(4, 64 * 512, threads=2)
    lowest = sorted(pool.stack[:pool.nfree].tolist())[:2]
    tstack = pool.quotas(2, [5, 5], [0, 0])
    assert sorted([int(tstack[0, 4]), int(tstack[1, 4])]) == lowest


def test_the_parts_of_a_pass_run_on_their_own_threads_and_release_the_gil():
    """``on_threads`` gives each part its own thread (this one and a pool's), and the kernels
    are compiled ``nogil``, so the parts run at once (numba's ``parallel`` twins are gone)."""
    import threading

    from gridsolve.native_rules.hamiltonian.frontier import kernel as K

    seen = []
    together = threading.Barrier(3, timeout=30)  # passed only if the three parts run at once

    def kernel(x, t0, t1):
        together.wait()
        seen.append((x, t0, t1, threading.get_ident()))

    fc.on_threads(3, kernel, "x")
    assert sorted(s[1:3] for s in seen) == [(0, 1), (1, 2), (2, 3)]
    assert len({s[3] for s in seen}) == 3 and threading.get_ident() in {s[3] for s in seen}
    for kernel in (K.scatter, K.merge, K.advance):
        assert kernel.targetoptions.get("nogil") and not kernel.targetoptions.get("parallel")


def test_the_residues_do_not_depend_on_the_primes_riding_along():
    """Three primes at once (the width of the 17x17 and 19x19 counts: this also puts that
    compile in numba's cache) give the same residues as one at a time, and their CRT is the
    count."""
    p = HP.square(9)
    together = fc.count_residues(p, fc.PRIMES[:3])
    alone = [fc.count_residues(p, (q,)).residues[0] for q in fc.PRIMES[:3]]
    assert together.residues == alone
    assert fc.crt(together.residues, fc.PRIMES[:3]) == frontier.count(p)
