"""Edge matching (Eternity II style): the port of the seed's OCaml programs and the table-driven
engine beside it (docs/edgematching.md; seed: ../shared/seeds/eternity2-backtracking-report.txt).

The port (backends ``backtrack``, ``backtrack-rot``, ``backtrack-rot-locked``):

* ``backtrack.py``      -- the seed's records and functions (``tile``, ``init_board``,
  ``shuffle_board``, ``rotate_tile_*``, ``print_board``) and ``search``, which drives the loop
* ``backtrack_fast.py`` -- its ``solve_backtrack`` / ``test_tile`` as one compiled explicit-stack loop
* ``backends.py``       -- the port's backends: a puzzle in, the seed's program run, solutions out

Beside the port, the table engine (backend ``backtrack-table``):

* ``engine.py``         -- its entry ``solve``: exact search and counting, or max-joins
* ``tables.py``         -- the candidate tables by (cell class, top, left), the scan order, ``Search``
* ``scan.py``           -- the one compiled scan over the tables (exact, or with breaks)
* ``restarts.py``       -- the first board by Luby restarts over candidate shuffles
* ``parallel.py``       -- the scan on several processes: split subtrees, or a portfolio of restarts
* ``maxjoins.py``       -- max-joins: the scan allowed to break joins on a schedule, climbs, restarts
* ``tree_estimate.py``  -- Knuth's estimate of the engine's search tree
* ``order_estimate.py`` -- Knuth's estimate under any cell order, anchor and forward check
* ``forward_checks.py`` -- the forward checks ``order_estimate`` can apply, one compiled function each
"""
