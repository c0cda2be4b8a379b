"""The compiled frontier DP partitioned by state hash across Dask workers (new): the way to count
a grid whose frontier no single machine holds.

Part ``p`` of a layer holds the states whose key hash has top bits ``p`` (``frontier_kernel.
bucket_of``). Each cell, every part expands its states (``expand_rows``) and splits the
successor rows by their part; every part then gathers its pieces from all the others and merges
equal keys (``merge_rows``). The layers stay on the workers as futures; only the pieces move,
and at the end the residues of the completed paths. Same residues, float bound, CRT and
dropped dead states as ``compiled``; each cell costs the scheduler a round of tasks, so
it pays off only when the frontier is large.
"""

from __future__ import annotations

import numpy as np

from ....puzzles.hamiltonian import HamiltonianPuzzle
from . import compiled as fc
from . import kernel as K


def _expand(rows, shifts, plug_mask, args: tuple[int, int, bool, bool, bool, bool], pbits, cover, ci, ahead):
    """The successor rows of one part, split by the part they belong to."""
    out, part = K.expand_rows(rows, shifts, plug_mask, *args, pbits, cover, ci, ahead)
    order = np.argsort(part, kind="stable")
    bounds = np.searchsorted(part[order], np.arange((1 << pbits) + 1))
    return tuple(np.ascontiguousarray(out[order[bounds[d]:bounds[d + 1]]]) for d in range(1 << pbits))


def _piece(pieces, d):
    return pieces[d]


def _merge(primes, pbits, *pieces):
    """One part of the next layer: its pieces from every part, equal keys merged."""
    rows = np.ascontiguousarray(np.concatenate(pieces))
    m = K.merge_rows(rows, np.array(primes, np.int64), pbits)
    return rows[:m].copy()


def count_residues(client, puzzle: HamiltonianPuzzle, primes: tuple[int, ...], parts: int) -> fc.Result:
    """``frontier_count.count_residues`` over the workers of ``client``, the layers split in
    ``parts`` (a power of two) by state hash."""
    pbits = parts.bit_length() - 1
    if parts != 1 << pbits:
        raise ValueError(f"parts must be a power of two, not {parts}")
    plan = fc.Plan.of(puzzle)
    if plan is None:
        return fc.Result([1 % q for q in primes], 1.0, 1, 0)
    start = np.zeros((1, len(primes) + 2), np.int64)
    start[0, 1:-1] = 1
    start[:, -1:].view(np.float64)[0, 0] = 1.0
    empty = start[:0]
    first = K.bucket_of(0, pbits)
    layer = [client.scatter(start if d == first else empty) for d in range(parts)]
    prune = plan.pruning(fc.COVER_ROWS)  # the states that cannot be completed: dropped
    cover = client.scatter(prune.tables, broadcast=True)
    row, peak = 0, 1
    for i, (r, _) in enumerate(plan.order):
        split = [client.submit(_expand, part, r - row, plan.plug_mask, plan.cell_args(i), pbits, cover,
                               prune.row(i), prune.ahead(i + 1), pure=False)
                 for part in layer]
        row = r
        layer = [client.submit(_merge, primes, pbits,
                               *[client.submit(_piece, s, d, pure=False) for s in split], pure=False)
                 for d in range(parts)]
        peak = max(peak, sum(client.gather([client.submit(len, x, pure=False) for x in layer])))
    got = client.gather([client.submit(fc.finals, x, plan.plug_mask, primes, pure=False) for x in layer])
    residues = [sum(g[0][t] for g in got) % q for t, q in enumerate(primes)]
    return fc.Result(residues, sum(g[1] for g in got), peak, 0)


def count(client, puzzle: HamiltonianPuzzle, parts: int = 4,
          primes: tuple[int, ...] = fc.PRIMES) -> int:
    """The exact number of Hamiltonian paths, computed on the workers of ``client``."""
    return fc.joined(puzzle, primes, lambda ps: count_residues(client, puzzle, ps, parts))[0]
