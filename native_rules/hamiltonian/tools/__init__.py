"""The labyrinth's tools: the author's drivers behind the command line and the contract, and the
exact checks beside the port.

* ``drivers`` -- port: the author's keep-left depth-first enumeration (walkthroughs numbered as
  his, halfway split), random walks, the statistics mode (resumable, fixed-seed chunks), errors per
  random walk; numba-compiled.
* ``rulesdfs`` -- the ``rules-dfs`` backend: the rule-pruned keep-left enumeration behind the
  backend contract.
* ``oracle`` -- new: which next moves of a partial walk can still be completed, and in how many
  ways (the frontier DP, or a pluggable exact ``finder`` for large grids).
* ``audit`` -- new: every step of random walks checked against the oracle (``Stepper``: the rules
  one step at a time from Python).
* ``replay`` -- the author's saved states replayed through the port, the disputed moves judged
  by the oracle.
* ``sampling`` -- random labyrinths: exactly uniform (the DP's ranks) or the author's walk.
"""
