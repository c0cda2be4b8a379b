"""The table-driven scan of ``backtrack-table`` (``tables``): one
numba-compiled explicit-stack loop over the squares in a fixed order, each of which has its top
and left neighbour placed (or the border) when it is reached.

The candidates of a square are a contiguous slice of the table found by one lookup, ``key =
base[d] + colour above * C + colour left``; the table holds per position the piece and the two
colours the next squares read (bottom, right), so a candidate costs one test (is its piece
used?) and a placement a few stores. ``lo[key]`` .. ``exact[key]`` fit exactly, ``exact[key]``
.. ``broken[key]`` break one join (built only for max-joins); a fixed square's slice is its
one piece.

The same loop counts exact solutions and searches with *breaks* (mismatched joins): placing
square ``d`` may bring the breaks so far up to ``allowed[d]`` (all zero for an exact search). It
runs for a budget of placements and returns at each full board, at exhaustion or when the
budget is spent, so the caller can record boards, watch the clock, lower ``allowed`` and
resume. ``split`` = (depth, workers, worker) shares the subtrees below that depth round robin
between processes (the counter of subtrees entered there is identical in every process).
"""

from __future__ import annotations

from collections.abc import Callable

from ..kernels import Tiered, interpreted, njit

FOUND, EXHAUSTED, BUDGET = 0, 1, 2
SLICE = 1 << 22  # placements per kernel call
# placements the scans make interpreted in a process before their compiled code takes over: an
# interpreted placement (on lists) costs about 20 compiled ones, and the first compiled call
# costs, once per process, about a million interpreted placements (importing numba and loading
# the code; compiling the scan the first time takes little more)
INTERPRETED = 1 << 20
# state: depth, table position to go on from, placements, subtrees entered at the split depth,
# started (0 = not yet)
DEPTH, POS, NODES, SPLIT_SEEN, STARTED = range(5)


def new_state() -> list[int]:
    """A scan's state before its first step (plain: ``Search`` turns it into an array with the
    rest when the scan goes compiled)."""
    return [0] * 5


@njit(cache=True)
def scan(base, up, left, tpiece, tbot, trgt, lo, exact, broken, broken2, ncol, used, allowed, split,
         chosen, exk, bre, bre2, brk, bot, rgt, state, budget):
    """Run the search from ``state`` for up to ``budget`` placements. Square d's candidates are
    the table positions ``lo[key]`` .. ``exact[key]`` (and on to ``broken[key]`` /
    ``broken2[key]``, the fits that break one / two joins, while its breaks stay within
    ``allowed[d]``), key = ``base[d]`` + colour below the square above x C + colour right of
    the square to the left; ``bot`` / ``rgt`` hold those colours per depth
    (index n: the border, 0). ``chosen[d]`` is the table position placed at depth d, ``brk[d]``
    the breaks before it. Per candidate the only test is the piece's ``used`` flag.

    ``broken`` None: the exact search (every join matches), compiled as its own loop (numba
    drops the other arm of each ``broken is None`` test): ``tbot`` then holds the bottom colour
    times C, so a key is two loads and two adds, ``bre[d]`` the end of square d's slice, and
    ``broken2``, ``allowed``, ``exk``, ``bre2``, ``brk`` are not read."""
    n = len(base)
    d, p, nodes, seen = state[0], state[1], state[2], state[3]
    stop = nodes + budget
    split_depth, workers, me = split[0], split[1], split[2]
    if state[4] == 0:
        state[4] = 1
        d = 0
        if broken is None:
            key = base[0] + bot[up[0]] + rgt[left[0]]
            p, bre[0] = lo[key], exact[key]
        else:
            key = base[0] + bot[up[0]] * ncol + rgt[left[0]]
            p, exk[0], bre[0], bre2[0] = lo[key], exact[key], broken[key], broken2[key]
    elif d == n:
        d = n - 1
        p = chosen[d]
        used[tpiece[p]] = False
        p += 1
    elif d < 0:
        return EXHAUSTED
    end = bre[d]
    while True:
        if broken is not None:
            room = allowed[d] - brk[d]
            end = bre2[d] if room > 1 else (bre[d] if room == 1 else (exk[d] if room == 0 else p))
        pc = 0
        while p < end:
            pc = tpiece[p]
            if used[pc]:
                p += 1
                continue
            if d == split_depth:
                take = seen % workers == me
                seen += 1
                if not take:
                    p += 1
                    continue
            break
        if p < end:
            used[pc] = True
            chosen[d] = p
            if broken is not None:
                brk[d + 1] = brk[d] + (p >= exk[d]) + (p >= bre[d])
            bot[d] = tbot[p]
            rgt[d] = trgt[p]
            nodes += 1
            d += 1
            if d == n:
                state[0], state[1], state[2], state[3] = d, p, nodes, seen
                return FOUND
            if broken is None:
                key = base[d] + bot[up[d]] + rgt[left[d]]
                p = lo[key]
                end = exact[key]
                bre[d] = end
            else:
                key = base[d] + bot[up[d]] * ncol + rgt[left[d]]
                p, exk[d], bre[d], bre2[d] = lo[key], exact[key], broken[key], broken2[key]
            if nodes >= stop:
                state[0], state[1], state[2], state[3] = d, p, nodes, seen
                return BUDGET
        else:
            d -= 1
            if d < 0:
                state[0], state[1], state[2], state[3] = d, p, nodes, seen
                return EXHAUSTED
            p = chosen[d]
            used[tpiece[p]] = False
            p += 1
            end = bre[d]


class Interpreted:
    """The placements the scans may still make interpreted in this process (``run``)."""

    left = INTERPRETED


def run_interpreted(kernel, tables: tuple, search: tuple, budget: int) -> tuple[int, int]:
    """``kernel(*tables, *search, budget)`` run by the interpreter on plain lists (``search``
    changed in place) for as many of the ``budget`` placements as this process's
    ``INTERPRETED`` still allow: (code, placements made); (BUDGET, 0) once they are spent or
    everything runs compiled (``Tiered.off``)."""
    left = Interpreted.left
    if left <= 0 or Tiered.off:
        return BUDGET, 0
    state = search[-1]
    before = state[NODES]
    code = interpreted(kernel)(*tables, *search, min(budget, left))
    done = state[NODES] - before
    Interpreted.left = left - done
    return code, done


def run(kernel, tables: tuple, lists: Callable[[], tuple], search: tuple, budget: int) -> int:
    """``kernel(*tables, *search, budget)`` on arrays: the same code run interpreted on plain
    lists (numpy scalar indexing is slower still) while this process's ``INTERPRETED``
    placements last (``run_interpreted``), then compiled: a small search never imports numba.
    ``lists()`` gives the ``tables`` as lists (they do not change); ``search``, the arrays the
    scan reads and writes, get what it wrote."""
    if Interpreted.left > 0 and not Tiered.off:
        plain = [a.tolist() for a in search]
        code, done = run_interpreted(kernel, lists(), tuple(plain), budget)
        for array, values in zip(search, plain, strict=True):
            array[:] = values
        if code != BUDGET or done >= budget:
            return code
        budget -= done
    return kernel(*tables, *search, budget)


__all__ = ["BUDGET", "EXHAUSTED", "FOUND", "INTERPRETED", "SLICE", "Interpreted", "new_state", "run",
           "run_interpreted", "scan"]
