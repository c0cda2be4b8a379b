"""The frontier DP (new, beside the seed's method: the seed counts walkthroughs by running its
rule-guided walk to exhaustion; this counts 13x13 in seconds). docs/hamiltonian.md has the design.

* ``dp`` -- the DP in numpy, exact in limbs: ``count(puzzle)``, ``build(puzzle, store=,
  tag_start=)`` -> ``Table`` (``total``, ``by_tag``, ``unrank(rank)``), ``TooLarge``; re-exported
  here, so ``frontier.count`` is the DP's count.
* ``interpreted`` -- the same count in plain Python on a dict (no numpy import): the route for
  narrow boards, where importing numpy costs more than the whole count;
* ``packing`` -- the width limit, the state bound and ``TooLarge``, shared without numpy;
* ``kernel`` -- the same transitions compiled, counted modulo primes below 2^62;
* ``compiled`` -- the exact count from those residues (Chinese remainder theorem), the route by
  width;
* ``cover`` -- which plug patterns the rest of the grid can still cover (prunes dead states);
* ``distributed`` -- the compiled DP partitioned by state hash across Dask workers;
* ``counting`` -- the ``dp`` backend (``solve`` lists paths by rank, ``count`` is count-only).

The names from ``dp`` are loaded on first use (PEP 562), so that importing the package (the
``dp`` backend's count route, ``TooLarge``) does not import numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .packing import DEFAULT_MAX_STATES, TooLarge

if TYPE_CHECKING:
    from .dp import TAG_STEPS, Board, Table, build, count

__all__ = ["DEFAULT_MAX_STATES", "TAG_STEPS", "Board", "Table", "TooLarge", "build", "count"]
_FROM_DP = ("TAG_STEPS", "Board", "Table", "build", "count")


def __getattr__(name: str):
    if name in _FROM_DP:
        from . import dp

        return getattr(dp, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
