"""The labyrinth author's rule cascade, ported (specification ``../shared/reference/hamiltonian.md``
3.3-3.4; seed ``one-way-labyrinth-fodor.txt``). The order of the rules is in one place,
``engine.apply_rules_control``; each module holds one rule family, named as the ``--rules``
groups name it:

* ``walker`` -- the state (1-based (x, y), border ring, taken cells with their path index) and the
  frame algebra (``rel``, ``T``/``B``/``TB``/``E``/``idx``, mirroring, rotations, ``forbid``);
* ``area`` -- ``count_area``: the enclosed area, its parity and checkerboard counts, the line-count
  bound;
* ``engine`` -- ``next_step`` (NextStepPossibilities) and the cascade with its early exits, the
  rule groups (``GROUPS``, ``RULE_SETS``, ``parse_rules``);
* universal rules: ``near_field`` (``c-shape``, ``near-field``; and ``RULE_NAMES``, the name of
  every rule id a forbidden move records), ``border`` (``near-border``, ``area-near-border``),
  ``imbalance`` (``straight``, ``area-up``, ``area-up-big``, ``corner-big``; the newer
  ``straight-later-down``, ``straight-now-newer``);
* the 9 x 9 groups: ``side_table`` (``side-table``), ``area_tables`` (``area-tables``),
  ``double_area`` (``double-area``), ``sequence`` (``sequence``, ``down-stair``, ``next-step``);
* the large-board groups: ``imbalance_large`` (``straight-start-obstacle``, ``area-up-back``),
  ``next_step_double_area`` (``next-step-double-area``) and ``stairs/`` (the stairs at start and
  at end, the double stairs, ``Stair3x3``, the remote stair, the newer ``Sequence``, and the corner
  discovery and gates they share).

numba compiles the cascade as one kernel; its cache key carries a digest of all of
``native_rules``' sources (``_numba.sources``), so an edit to any rule module retires the
compiled code once, with nothing to delete by hand.
"""
