"""Nurikabe: the port of Roger Hui's J essay "Nurikabe" and the rule cascade beside it
(docs/nurikabe.md; seed: ../shared/seeds/nurikabe-j-essay.txt).

The port (backends ``bruteforce``, ``heuristics``, ``heuristics+bruteforce``):

* ``essay.py``      -- the essay's encoding and verbs: ``init``, ``see``, ``check``, ``islands``,
  ``wf``, ``comb``, ``bf`` (sections "Introduction", "Check", "All Possibilities")
* ``heuristics.py`` -- section "Heuristics": ``h2far``, ``h22``, ``h2ell``, ``hislands``,
  ``hendgame``, their composition ``heuristics``, and ``hint``
* ``backends.py``   -- the port's backends: a puzzle as the essay's matrix, the port run, the
  state back as a solution (and ``heuristic_state`` for ``heuristics+sat``)

Beside the port:

* ``deduce.py``     -- backend ``rules``: stronger hand rules (numba), cascaded, then probing
* ``hint.py``       -- the next step of that cascade and the rule that makes it
* ``grade.py``      -- grades by the weakest families of the cascade that complete a puzzle
* ``generate.py``   -- a seeded generator (unique puzzles, a grade if asked)
"""
