"""The shared encoding vocabulary's family-independent half: what the CP-SAT models
(``gridsolve.cpmodels``) and the CNF models (``gridsolve.satmodels``) both need -- cuts found in a
candidate solution, and each kind's analysis (reaches, distance levels, implied facts) -- so that
neither family mirrors the other. Nothing here imports ortools or pysat."""
