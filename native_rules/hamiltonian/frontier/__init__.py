"""The frontier DP (new, beside the seed's method: the seed counts walkthroughs by running its
rule-guided walk to exhaustion; this counts 13x13 in seconds). docs/hamiltonian.md has the design.

* ``dp`` -- the DP in numpy, exact in limbs: ``count(puzzle)``, ``build(puzzle, store=,
  tag_start=)`` -> ``Table`` (``total``, ``by_tag``, ``unrank(rank)``), ``TooLarge``; re-exported
  here, so ``frontier.count`` is the DP's count.
* ``kernel`` -- the same transitions compiled, counted modulo primes below 2^62;
* ``compiled`` -- the exact count from those residues (Chinese remainder theorem), the route by
  width;
* ``cover`` -- which plug patterns the rest of the grid can still cover (prunes dead states);
* ``distributed`` -- the compiled DP partitioned by state hash across Dask workers;
* ``counting`` -- the ``dp`` backend (``solve`` lists paths by rank, ``count`` is count-only).
"""

from .dp import DEFAULT_MAX_STATES, TAG_STEPS, Board, Table, TooLarge, build, count

__all__ = ["DEFAULT_MAX_STATES", "TAG_STEPS", "Board", "Table", "TooLarge", "build", "count"]
