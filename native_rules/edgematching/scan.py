"""The table-driven scan of ``backtrack-table`` (``tables``): an explicit-stack loop
(numba-compiled, or ahead of time: ``EXACT_AHEAD``) over the squares in a fixed order, each of which
has its top and left neighbour placed (or the border) when it is reached.

The candidates of a square are a contiguous slice of the table found by one lookup, ``key =
base[d] + colour above * C + colour left``; the table holds per position the piece and the two
colours the next squares read (bottom, right), so a candidate costs one test (is its piece
used?) and a placement a few stores. ``lo[key]`` .. ``exact[key]`` fit exactly, ``exact[key]``
.. ``broken[key]`` break one join (built only for max-joins); a fixed square's slice is its
one piece.

Two loops: ``scan_exact`` counts exact solutions, ``scan`` searches with *breaks* (mismatched
joins; max-joins): placing square ``d`` may bring the breaks so far up to ``allowed[d]``. Each
runs for a budget of placements and returns at each full board, at exhaustion or when the
budget is spent, so the caller can record boards, watch the clock, lower ``allowed`` and
resume. ``split`` = (depth, workers, worker) shares the subtrees below that depth round robin
between processes (the counter of subtrees entered there is identical in every process).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..ahead import Ahead
from ..kernels import Tiered, interpreted, njit

FOUND, EXHAUSTED, BUDGET = 0, 1, 2
SLICE = 1 << 22  # placements per kernel call
# placements the scans make interpreted in a process before their compiled code takes over: an
# interpreted placement (on lists) costs about 20 compiled ones, and the first compiled call
# costs, once per process, about a million interpreted placements (importing numba and loading
# the code; compiling the scan the first time takes little more)
INTERPRETED = 1 << 20
# placements the exact scan makes interpreted (~17 ms) before its ahead-of-time compiled code
# (``EXACT_AHEAD``), when on disk, takes over: its module loads in a millisecond but needs numpy
# (~50 ms, ~10^5 interpreted placements), so a search of 2^15 to ~10^5 placements loses up to
# ~40 ms and any longer one gains (Owen's 6x6: 0.7 M placements, 0.26 s interpreted, ~0.1 s so)
AHEAD = 1 << 15
# placements the ahead-of-time code makes in a process before numba's takes over: it runs ~6 %
# slower (position-independent code for a generic CPU model: 24 vs 26 M placements per CPU second
# on Owen's 8x7), numba's costs its import and load (~0.3 s) -- even after ~5 s of search
AHEAD_UNTIL = 1 << 27
# state: depth, table position to go on from, placements, subtrees entered at the split depth,
# started (0 = not yet)
DEPTH, POS, NODES, SPLIT_SEEN, STARTED = range(5)


def new_state() -> list[int]:
    """A scan's state before its first step (plain: ``Search`` turns it into an array with the
    rest when the scan goes compiled)."""
    return [0] * 5


@njit(cache=True)
def scan_exact(base, up, left, tpiece, tbotc, trgt, lo, exact, used, split, chosen, bre, bot, rgt, state,
               budget):
    """The exact search (every join matches) from ``state`` for up to ``budget`` placements.
    Square d's candidates are the table positions ``lo[key]`` .. ``exact[key]``, key = ``base[d]``
    + colour below the square above x C (``tbotc`` holds it so) + colour right of the square to
    the left, a key two loads and two adds; ``bot`` / ``rgt`` hold those colours per depth
    (index n: the border, 0), ``chosen[d]`` the table position placed at depth d, ``bre[d]`` the
    end of its slice. Per candidate the only test is the piece's ``used`` flag.

    The exact arm of ``scan`` written alone, so that it takes arrays only: numba.pycc compiles it
    ahead of time (``EXACT_AHEAD``; pycc takes no ``None`` argument), and the interpreter, which runs a
    small job's first placements, runs it a third faster than the general loop."""
    n = len(base)
    d, p, nodes, seen = state[0], state[1], state[2], state[3]
    stop = nodes + budget
    split_depth, workers, me = split[0], split[1], split[2]
    if state[4] == 0:
        state[4] = 1
        d = 0
        key = base[0] + bot[up[0]] + rgt[left[0]]
        p = lo[key]
        bre[0] = exact[key]
    elif d == n:
        d = n - 1
        p = chosen[d]
        used[tpiece[p]] = False
        p += 1
    elif d < 0:
        return EXHAUSTED
    end = bre[d]
    while True:
        if d == split_depth:
            while p < end:
                if not used[tpiece[p]]:
                    take = seen % workers == me
                    seen += 1
                    if take:
                        break
                p += 1
        else:
            while p < end and used[tpiece[p]]:
                p += 1
        if p < end:
            used[tpiece[p]] = True
            chosen[d] = p
            bot[d] = tbotc[p]
            rgt[d] = trgt[p]
            nodes += 1
            d += 1
            if d == n:
                state[0], state[1], state[2], state[3] = d, p, nodes, seen
                return FOUND
            key = base[d] + bot[up[d]] + rgt[left[d]]
            p = lo[key]
            end = exact[key]
            bre[d] = end
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


ARRAY = "i8[::1]"
# scan_exact compiled ahead of time (``native_rules.ahead``), for the arguments ``tables.Search``
# passes: C-contiguous int64 arrays, ``used`` bool, and the budget
EXACT_AHEAD = Ahead(scan_exact, f"i8({', '.join([ARRAY] * 8 + ['b1[::1]'] + [ARRAY] * 6)}, i8)",
                    (__name__, "EXACT_AHEAD"))


@njit(cache=True)
def scan(base, up, left, tpiece, tbot, trgt, lo, exact, broken, broken2, ncol, used, allowed, split,
         chosen, exk, bre, bre2, brk, bot, rgt, state, budget):
    """The search with breaks (max-joins) from ``state`` for up to ``budget`` placements. Square
    d's candidates are the table positions ``lo[key]`` .. ``exact[key]`` and on to
    ``broken[key]`` / ``broken2[key]``, the fits that break one / two joins, while its breaks
    stay within ``allowed[d]``; key = ``base[d]`` + colour below the square above x C + colour
    right of the square to the left; ``bot`` / ``rgt`` hold those colours per depth (index n:
    the border, 0). ``chosen[d]`` is the table position placed at depth d, ``brk[d]`` the breaks
    before it; ``exk[d]``, ``bre[d]``, ``bre2[d]`` the ends of its exact / one-break / two-break
    fits. Per candidate the only test is the piece's ``used`` flag. With ``allowed`` all zero
    it walks ``scan_exact``'s tree (tests/edgematching/test_engine.py)."""
    n = len(base)
    d, p, nodes, seen = state[0], state[1], state[2], state[3]
    stop = nodes + budget
    split_depth, workers, me = split[0], split[1], split[2]
    if state[4] == 0:
        state[4] = 1
        d = 0
        key = base[0] + bot[up[0]] * ncol + rgt[left[0]]
        p, exk[0], bre[0], bre2[0] = lo[key], exact[key], broken[key], broken2[key]
    elif d == n:
        d = n - 1
        p = chosen[d]
        used[tpiece[p]] = False
        p += 1
    elif d < 0:
        return EXHAUSTED
    while True:
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
            brk[d + 1] = brk[d] + (p >= exk[d]) + (p >= bre[d])
            bot[d] = tbot[p]
            rgt[d] = trgt[p]
            nodes += 1
            d += 1
            if d == n:
                state[0], state[1], state[2], state[3] = d, p, nodes, seen
                return FOUND
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


class Interpreted:
    """The placements the scans may still make interpreted in this process (``run``), and those
    the exact scan has made so far."""

    left = INTERPRETED
    exact_made = 0
    ahead_made = 0  # placements made by the ahead-of-time code


def numba_loaded() -> bool:
    """Has this process imported numba (a benchmark, a worker that ran compiled code)?"""
    return "numba" in sys.modules


def ahead_code():
    """The exact scan's ahead-of-time code when this process should run it, else None: it loads,
    numba is not imported here (a process that has it pays only its cached code's load, and that
    code runs ~6 % faster), and it has made fewer than ``AHEAD_UNTIL`` placements."""
    if Interpreted.ahead_made >= AHEAD_UNTIL or numba_loaded():
        return None
    return EXACT_AHEAD.load()


def interpreted_budget(kernel) -> int:
    """The placements ``kernel`` may make interpreted now. The exact scan stops at ``AHEAD``
    placements in the process to ask for its ahead-of-time code (``EXACT_AHEAD``): run from then
    on when ``ahead_code`` gives it, else built in the background for the next process when it
    is not on disk, while this one goes on interpreted."""
    left = Interpreted.left
    if left <= 0 or Tiered.off:
        return 0
    if kernel is scan_exact:
        if Interpreted.exact_made < AHEAD:
            return min(left, AHEAD - Interpreted.exact_made)
        if EXACT_AHEAD.load() is None:
            EXACT_AHEAD.build_in_background()
        elif ahead_code() is not None:
            return 0
    return left


def run_interpreted(kernel, tables: tuple, search: tuple, budget: int) -> tuple[int, int]:
    """``kernel(*tables, *search, budget)`` run by the interpreter on plain lists (``search``
    changed in place) for as many of the ``budget`` placements as ``interpreted_budget``
    allows: (code, placements made); (BUDGET, 0) when it allows none."""
    left = interpreted_budget(kernel)
    if left <= 0:
        return BUDGET, 0
    state = search[-1]
    before = state[NODES]
    code = interpreted(kernel)(*tables, *search, min(budget, left))
    done = state[NODES] - before
    Interpreted.left -= done
    if kernel is scan_exact:
        Interpreted.exact_made += done
    return code, done


def compiled(kernel):
    """The machine code that runs ``kernel`` now: for the exact scan ``ahead_code`` when it gives
    it (no numba imported), else numba's (compiled once, then loaded from the cache)."""
    if kernel is scan_exact:
        return ahead_code() or kernel
    return kernel


def run(kernel, tables: tuple, lists: Callable[[], tuple], search: tuple, budget: int) -> int:
    """``kernel(*tables, *search, budget)`` on arrays: the same code run interpreted on plain
    lists (numpy scalar indexing is slower still) while ``interpreted_budget`` allows
    (``run_interpreted``), then compiled (``compiled``): a small search never imports numba.
    ``lists()`` gives the ``tables`` as lists (they do not change); ``search``, the arrays the
    scan reads and writes, get what it wrote."""
    while interpreted_budget(kernel) > 0:
        plain = [a.tolist() for a in search]
        code, done = run_interpreted(kernel, lists(), tuple(plain), budget)
        for array, values in zip(search, plain, strict=True):
            array[:] = values
        if code != BUDGET or done >= budget:
            return code
        budget -= done
    machine = compiled(kernel)
    if machine is kernel:
        return kernel(*tables, *search, budget)
    state = search[-1]
    before = int(state[NODES])
    code = machine(*tables, *search, min(budget, AHEAD_UNTIL - Interpreted.ahead_made))
    done = int(state[NODES]) - before
    Interpreted.ahead_made += done
    if code != BUDGET or done >= budget:
        return code
    return kernel(*tables, *search, budget - done)  # AHEAD_UNTIL reached: numba's code goes on


__all__ = ["AHEAD", "AHEAD_UNTIL", "BUDGET", "EXACT_AHEAD", "EXHAUSTED", "FOUND", "INTERPRETED", "SLICE",
           "Interpreted", "ahead_code", "compiled", "interpreted_budget", "new_state", "numba_loaded", "run",
           "run_interpreted", "scan", "scan_exact"]
