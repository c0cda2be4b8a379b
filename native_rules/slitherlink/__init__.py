"""Ports of the Takegaki (Slitherlink) solvers and generator of Ramon van Dam, "Takegaki"
(Leiden, 2008; ../shared/seeds/takegaki-slitherlink-van-dam-2008.txt).

* ``board.py``      -- the seed's absolute coordinates (Chapter 2), the solved check (Chapter 3)
* ``backtrack.py``  -- solveback/next (Chapter 4) with the promising test (Chapter 3);
  ``backtrack_fast.py`` is the same search compiled with numba
* ``rulefile.py``   -- the rule-file syntax and the 8 symmetric variants (Chapter 5)
* ``rules/appendix_a.rules`` -- the 36 rules of Appendix A
* ``rules.py``      -- the rule application loop (Chapter 5)
* ``logic.py``      -- loop avoidance and the combined loop (Chapter 6), the tiny-loop guard
* ``backends.py``   -- the port's backends ``backtrack``, ``rules`` and ``rules+backtrack`` (the
  combined solver, Chapter 9.3), grades
* ``generate.py``   -- the generator (Chapter 7): loop growth, numbers, removal; modes
  normal / hard / sat

Improvements beside the port carry their own names: the ``strong`` pruning (backends
``backtrack-strong``, ``rules+backtrack-strong``), and the deduction engine of backend
``deduce`` (and of ``rules+sat``, hints and grades):

* ``engine.py``     -- the compiled engine: clue / vertex / corner tables, inside-outside
  colouring, loop closure, contradiction probing
* ``deduce.py``     -- its driver and the ``deduce`` backend, hints, grades by tier
"""
