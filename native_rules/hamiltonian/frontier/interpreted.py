"""The frontier DP's count in plain Python, for narrow boards: no numpy to import.

The same states and transitions as ``dp`` (its docstring has the plug labels: 0 = no link,
1 = "(", 2 = ")", 3 = "|"; 2 bits a plug, the grid transposed when wider than tall), on a dict
from packed int keys to Python int counts (exact at any size). Count-only: no stored layers, no
start tags.

What keeps it fast enough to beat numpy's import plus the numpy DP on a small board: a cell's
successors depend only on the key and the cell's kind (its column, which links it may make,
whether it is a terminal or the last cell, how many row changes follow it), and the same kinds
recur on every inner row, so each key's successors are worked out once per kind and looked up
after that (the row change's shift folded in). The inner loop is then one lookup and one dict
update per transition.
"""

from __future__ import annotations

from ....puzzles.hamiltonian import HamiltonianPuzzle
from ....puzzles.solving import NO_DEADLINE, Deadline
from .packing import MAX_WIDTH, TooLarge

# the depth change of a plug symbol scanning right for a "(" 's partner; negated scanning left
_RIGHT_DEPTH = (0, 1, -1, 0)


def _partner(key: int, first: int, stop: int, right: bool) -> int:
    """The slot of the partner of an open parenthesis, scanning from slot ``first`` (right up to
    ``stop`` for a "(", left down to 0 for a ")"): where the depth, 1 before it, comes to 0."""
    depth = 1
    if right:
        for slot in range(first, stop):
            depth += _RIGHT_DEPTH[(key >> (2 * slot)) & 3]
            if not depth:
                return slot
    else:
        for slot in range(first, -1, -1):
            depth -= _RIGHT_DEPTH[(key >> (2 * slot)) & 3]
            if not depth:
                return slot
    raise AssertionError("unmatched parenthesis in a frontier state")  # pragma: no cover


def _successors(key: int, c: int, plugs: int, can_r: bool, can_d: bool, terminal: bool,
                is_last: bool, slot_mask: int) -> list[int]:
    """The keys one state leads to through cell column ``c`` (``dp._transitions`` for one key)."""
    p, q = 2 * c, 2 * (c + 1)
    left, up = (key >> p) & 3, (key >> q) & 3
    base = key & ~((3 << p) | (3 << q))
    out: list[int] = []
    if terminal:
        if not left and not up:
            if can_d:
                out.append(base | (3 << p))
            if can_r:
                out.append(base | (3 << q))
        elif not left or not up:
            sym = left | up
            if sym == 3:
                if is_last and not base & slot_mask:
                    out.append(base)
            else:
                partner = _partner(key, c + 2 if sym == 1 else c - 1, plugs, sym == 1)
                out.append(base ^ (sym << (2 * partner)))
        return out
    if not left and not up:
        if can_r and can_d:
            out.append(base | (1 << p) | (2 << q))
    elif not left or not up:
        sym = left | up
        if can_d:
            out.append(base | (sym << p))
        if can_r:
            out.append(base | (sym << q))
    elif left == 2 and up == 1:  # ")(" : two partial paths become one
        out.append(base)
    elif left == 3 and up == 3:  # the two terminal paths meet: only at the last cell, nothing else left
        if is_last and not base & slot_mask:
            out.append(base)
    elif left == 1 or up == 1:  # "((", "|(", "(|": the partner right of the cell relabels
        if left != 2 and up != 2:
            partner = _partner(key, c + 2, plugs, True)
            out.append(base ^ ((3 if left == up else 1) << (2 * partner)))
    elif left != 1 and up != 1:  # "))", "|)", ")|": the partner left of the cell relabels
        partner = _partner(key, c - 1, plugs, False)
        out.append(base ^ ((3 if left == up else 2) << (2 * partner)))
    return out


def count(puzzle: HamiltonianPuzzle, *, max_states: int, deadline: Deadline | None = None
          ) -> tuple[int, int]:
    """The exact number of Hamiltonian paths (completions of the prefix, if any) and the peak
    number of frontier states; raises ``TooLarge`` past ``max_states``."""
    deadline = deadline or NO_DEADLINE
    p = puzzle.remainder() if puzzle.prefix else puzzle
    if p.start == p.end:  # only possible when it is the one free cell
        return 1, 1
    rows, cols, start, end = p.rows, p.cols, p.start, p.end
    blocked = p.blocked
    if cols > rows:  # the frontier runs along the short side
        rows, cols = cols, rows
        start, end = (start[1], start[0]), (end[1], end[0])
        blocked = frozenset((c, r) for r, c in blocked)
    plugs = cols + 1
    if plugs > MAX_WIDTH + 1:
        raise TooLarge(f"the grid is {cols} cells wide; the frontier DP packs at most {MAX_WIDTH}")
    slot_mask = (1 << (2 * plugs)) - 1
    order = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in blocked]
    states = {0: 1}
    peak = 1
    memos: dict[tuple, dict[int, list[int]]] = {}
    for i, (r, c) in enumerate(order):
        deadline.check(building=False)
        kind = (c, c + 1 < cols and (r, c + 1) not in blocked,
                r + 1 < rows and (r + 1, c) not in blocked, (r, c) in (start, end), i == len(order) - 1,
                order[i + 1][0] - r if i + 1 < len(order) else 0)
        memo = memos.setdefault(kind, {})
        args = kind[:5]
        shifts = kind[5]
        new: dict[int, int] = {}
        get = new.get
        for key, n in states.items():
            succ = memo.get(key)
            if succ is None:
                succ = _successors(key, c, plugs, *args[1:], slot_mask)
                for _ in range(shifts):  # the row change: every plug one slot on (the last one empty)
                    succ = [(s << 2) & slot_mask for s in succ]
                memo[key] = succ
            for s in succ:
                new[s] = get(s, 0) + n
        if not new:
            return 0, peak
        if len(new) > max_states:
            raise TooLarge(f"more than {max_states} frontier states")
        peak = max(peak, len(new))
        states = new
    return states.get(0, 0), peak
