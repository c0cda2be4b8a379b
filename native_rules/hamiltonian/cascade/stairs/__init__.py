"""The labyrinth author's stair rules of his newer large-board engine (``large`` groups), ported
in the cascade's frame terms (``../shared/reference/hamiltonian.md`` 3.3 "Newer cascade"):

* shared: ``corners`` (``CornerDiscoveryAll``: closed and open corners per quarter), ``gates``
  (``CountAreaRel`` behind a stair-shaped gate, ``CheckNearFieldSmallRel``, cells taken for the
  moment), ``corner_check`` (``CheckCorner`` with its gate shapes and line-count tables);
* at start: ``at_start_in_out`` (``StairAtStartConvexIn2/3``, ``StairAtStartConvexOut2/3``),
  ``at_start_straight`` (``StairAtStartConvexStraight3/4/5``, ``Stair3x3``,
  ``RemoteStairMidAcross``);
* at end: ``at_end_open_corners`` (``StairAtEndConvexIn2/3/4``, ``StairAtEndConcaveIn2/3/4/5``),
  ``at_end_convex`` (``StairAtEndConvexStraight3/4``, ``StairAtEndConvexOut1/3/4``),
  ``at_end_concave`` (``StairAtEndConcaveStraight3/4/5/6``, ``StairAtEndConcaveOut3/5``);
* ``double`` (``DoubleStair``, ``DoubleStairReversed``) and ``sequence`` (the newer ``Sequence``,
  followed along the stair).
"""
