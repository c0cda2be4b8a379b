"""Where the labyrinth author's coordinates meet the package's: the one crossing.

The port (``cascade``, the drivers) counts as the author does: 1-based (x, y), x the column and
y the row, the walk starting at (1, 1). The domain (``puzzles.hamiltonian``, the oracle, the
frontier DP, the JSON output) counts from 0 in (row, col). People read a cell as ``r4c3``: row
and column from 1, as every hint of the command line names cells. So (x, y) = (3, 4) is
(row, col) = (3, 2) is ``r4c3``.
"""

from __future__ import annotations

from ...puzzles import grid

Cell = tuple[int, int]


def to_rc(cell: Cell) -> Cell:
    """The author's 1-based (x, y) -> the domain's 0-based (row, col)."""
    x, y = cell
    return y - 1, x - 1


def to_xy(cell: Cell) -> Cell:
    """The domain's 0-based (row, col) -> the author's 1-based (x, y)."""
    row, col = cell
    return col + 1, row + 1


cell_name = grid.cell_name  # a 0-based (row, col) as people read it: ``r4c3``


def author_cell_name(cell: Cell) -> str:
    """The author's (x, y) as people read it: (3, 4) -> ``r4c3``."""
    return cell_name(to_rc(cell))
