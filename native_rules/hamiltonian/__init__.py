"""The one-way labyrinth (Hamiltonian paths): the port of the seed's rule-guided walk and, new
beside it, exact counting, sampling and a completion oracle.

* ``cascade/`` -- the port: the labyrinth author's walker state, his per-step pipeline and rule
  cascade (``cascade.engine``, the order in one place) and the rule modules, one per rule family
  (the map: ``cascade/__init__``). It keeps the author's 1-based (x, y) inside.
* ``frontier/`` -- the frontier DP: ``frontier.count(puzzle)``, ``frontier.build(puzzle, store=,
  tag_start=)`` -> ``Table`` (``total``, ``by_tag``, ``unrank(rank)``), ``TooLarge``; its compiled
  count; the ``dp`` backend (``frontier.counting``: ``solve`` lists paths by rank, ``count`` is
  count-only).
* ``tools/`` -- the author's drivers (keep-left enumeration, random walks, statistics) and the
  ``rules-dfs`` backend; new beside them: the completion oracle (``candidates``,
  ``completion_counts``, ``completable_moves``, ``quick_infeasible``, ``Oracle``), the audit of the
  rules against it, the replay of the author's saved states, and sampling (``uniform``, ``walk``,
  ``walk_probability``).
* ``coordinates`` -- the one place the author's (x, y) meets the domain's 0-based (row, col) and
  the ``r4c3`` names people read.

For auditing a rule port: ``completable_moves(puzzle.with_prefix(walk))`` is the set of moves a
perfect rule set allows; a rule that forbids one of them loses walkthroughs, a rule set that
allows a move outside it can get stuck later.
"""
