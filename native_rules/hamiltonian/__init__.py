"""The one-way labyrinth (Hamiltonian paths): exact counting, sampling and a completion oracle,
new beside the port of the seed's rule-guided walk.

* ``frontier``: the frontier DP -- ``count(puzzle)``, ``build(puzzle, store=, tag_start=)`` ->
  ``Table`` (``total``, ``by_tag``, ``unrank(rank)``), ``TooLarge``;
* ``counting``: the ``dp`` backend (``solve`` lists paths by rank, ``count`` is count-only);
* ``oracle``: ``candidates``, ``completion_counts``, ``completable_moves``, ``quick_infeasible``,
  ``Oracle`` (the walk oracle with a pluggable exact ``finder`` for large grids);
* ``sampling``: ``uniform`` (exact), ``walk`` (the seed's walk mode, perfect rules),
  ``walk_probability``.

For auditing a rule port: ``completable_moves(puzzle.with_prefix(walk))`` is the set of moves a
perfect rule set allows; a rule that forbids one of them loses walkthroughs, a rule set that
allows a move outside it can get stuck later.
"""
