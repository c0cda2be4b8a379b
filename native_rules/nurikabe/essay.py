"""A faithful port of Roger Hui's J essay "Nurikabe" (J Wiki; ``shared/seeds/nurikabe-j-essay.txt``)
to numpy, verb by verb, with the essay's names, order and encoding: a state is an integer matrix
with WHITE 0, BLACK -1, FREE -2 and the numbers as positive integers.

Sections ported: "Introduction" (``init``, ``see``), "Check" (``connect``, ``tc``, ``islands``,
``check``), "All Possibilities" (``wf``, ``comb``, ``bf``), "Heuristics" (``h2far``,
``neighborhood``, ``h22``, ``h2ell``, ``hislands``, ``hendgame``, ``heuristics``, ``bfh``) and
"Collected Definitions" (``hint``, ``ijv``). Each function quotes its J definition. The short
names are the essay's: ``y`` and ``x`` are J's right and left arguments, ``m`` and ``n`` the
white and free counts of ``wf``, ``t`` a state, ``i`` / ``j`` index lists; they stay.

Decisions where J and numpy differ (each tested in ``tests/nurikabe/test_essay.py``):

* ``islands`` is the essay's ``~.@(<@I."1"_)@tc@connect`` -- the connected components of the
  connection matrix, each a sorted index list, in the order of their smallest cell. The
  transitive closure by repeated squaring costs O(N^3 log N) (2500 cells: minutes per call), so
  ``islands`` computes the same components by label propagation on the grid; ``islands_tc``
  keeps the literal closure, and the tests check that both agree.
* ``check`` raises ``CheckFailed`` naming the essay's assertion that failed (J: an assertion
  failure); ``checks_out`` is ``check :: 0:``. Like the essay, it wants exactly one black island,
  so a grid without black cells never checks out (the domain checker accepts it).
* ``bf`` builds every colouring at once, as the essay does, but first estimates the memory the
  arrays need and raises ``Infeasible`` (saying how many colourings) instead of exhausting
  memory -- J reports ``out of memory: comb`` for ``bfh n7``. When no colouring checks out, J's
  ``t {~ #t`` is an index error; the port raises ``NoSolution``.
* ``ijv`` picks a random changed cell (J's ``?``); the port takes a numpy ``Generator`` so that
  hints are reproducible (``hint`` defaults to seed 0) and also returns the heuristic's name.
"""

from __future__ import annotations

from math import comb as binomial

import numpy as np

from ...puzzles.render.nurikabe import boxed

WHITE = 0
BLACK = -1
FREE = -2

MEMORY_BUDGET = 1 << 30  # bytes bf may allocate (J: "out of memory")


class CheckFailed(AssertionError):
    """``check``'s assertion failure; the message names the assertion."""


class Infeasible(MemoryError):
    """``bf`` would need more memory than ``MEMORY_BUDGET``."""


class NoSolution(LookupError):
    """``bf`` found no colouring that checks out (J: index error)."""


def init(y):
    """``init=: + FREE*0=]`` -- blank cells (0) become FREE."""
    y = np.asarray(y, dtype=np.int64)
    return y + FREE * (y == 0)


def see(y) -> str:
    """``see=: 3 : 'y { _1|.(":&.>1+i.>./,y),<"0 ''?X '''`` as J displays the boxed result."""
    y = np.asarray(y)
    glyph = {WHITE: " ", BLACK: "X", FREE: "?"}
    return boxed([[glyph.get(int(v), str(int(v))) for v in row] for row in y])


# ------------------------------------------------------------------------------------- Check


def connect(y):
    """Connection matrix: cells adjacent with equal ``WHITE<.y``, reflexive and symmetric.

    s=. WHITE<.y
    i=. I., (}.=}:) s
    j=. I., 0,.~(}."1 = }:"1) s
    (+.|:) 1 (<"1 (i+/0,{:$y),j+/0 1)}=i.*/$y
    """
    y = np.asarray(y)
    rows, cols = y.shape
    s = np.minimum(WHITE, y)
    i = np.flatnonzero(s[1:] == s[:-1])  # upper cell of equal vertical pairs
    j = np.flatnonzero(np.hstack([s[:, 1:] == s[:, :-1], np.zeros((rows, 1), bool)]))
    m = np.eye(rows * cols, dtype=bool)
    m[i, i + cols] = True
    m[j, j + 1] = True
    return m | m.T


def tc(m):
    """``tc=: +./ .*~^:(>.@(2&^.)@#)`` -- transitive closure of a reflexive graph by squaring."""
    m = np.asarray(m, dtype=bool)
    for _ in range(int(np.ceil(np.log2(len(m)))) if len(m) > 1 else 0):
        mi = m.astype(np.int32)
        m = (mi @ mi) > 0
    return m


def islands_tc(y) -> list[np.ndarray]:
    """``islands=: ~. @ (<@I."1"_) @ tc @ connect``, literally."""
    closure = tc(connect(y))
    seen, out = set(), []
    for row in closure:
        key = tuple(np.flatnonzero(row))
        if key not in seen:
            seen.add(key)
            out.append(np.array(key, dtype=np.int64))
    return out


def islands(y) -> list[np.ndarray]:
    """The components of ``connect y`` (same result as ``islands_tc``), by label propagation:
    every cell takes the smallest label of an equal neighbour, then its label's label, until
    nothing changes."""
    y = np.asarray(y)
    s = np.minimum(WHITE, y)
    label = np.arange(s.size, dtype=np.int64).reshape(s.shape)
    down, right = s[1:] == s[:-1], s[:, 1:] == s[:, :-1]
    while True:
        new = label.copy()
        np.minimum(new[1:], np.where(down, label[:-1], new[1:]), out=new[1:])
        np.minimum(new[:-1], np.where(down, label[1:], new[:-1]), out=new[:-1])
        np.minimum(new[:, 1:], np.where(right, new[:, :-1], new[:, 1:]), out=new[:, 1:])
        np.minimum(new[:, :-1], np.where(right, new[:, 1:], new[:, :-1]), out=new[:, :-1])
        new = new.ravel()[new]  # pointer jumping: a label is a cell of the same component
        if np.array_equal(new, label):
            break
        label = new
    flat = label.ravel()
    order = np.argsort(flat, kind="stable")
    bounds = np.flatnonzero(np.diff(flat[order])) + 1
    return np.split(order, bounds)


def check(y) -> int:
    """1 iff y is a Nurikabe solution; a failed assertion raises ``CheckFailed``.

    assert. (y e. BLACK,WHITE) +. 0<y
    assert. -. 2 2 (2 2$BLACK)&-:;._3 y
    c=. islands y
    assert. (#c) = 1++/,0<y
    i=. c{&.><,y
    n=. #&>i
    b=. i = n$&.><BLACK
    assert. 1=+/b
    assert. b +. *./@(0&<:)&>i
    assert. b +. 1 = +/@(0&<)&>i
    assert. b +. n = +/&>i
    """
    y = np.asarray(y)
    if not np.all(np.isin(y, (BLACK, WHITE)) | (y > 0)):
        raise CheckFailed("(y e. BLACK,WHITE) +. 0<y")
    blk = y == BLACK
    if np.any(blk[:-1, :-1] & blk[1:, :-1] & blk[:-1, 1:] & blk[1:, 1:]):
        raise CheckFailed("-. 2 2 (2 2$BLACK)&-:;._3 y")
    c = islands(y)
    if len(c) != 1 + int(np.sum(y > 0)):
        raise CheckFailed("(#c) = 1++/,0<y")
    flat = y.ravel()
    i = [flat[k] for k in c]
    b = np.array([bool(np.all(v == BLACK)) for v in i])
    if b.sum() != 1:
        raise CheckFailed("1=+/b")
    for bk, v in zip(b, i, strict=True):
        if bk:
            continue
        if not np.all(v >= 0):
            raise CheckFailed("b +. *./@(0&<:)&>i")
        if np.sum(v > 0) != 1:
            raise CheckFailed("b +. 1 = +/@(0&<)&>i")
        if len(v) != v.sum():
            raise CheckFailed("b +. n = +/&>i")
    return 1


def checks_out(y) -> bool:
    """``check :: 0:``"""
    try:
        return bool(check(y))
    except CheckFailed:
        return False


# ---------------------------------------------------------------------- All Possibilities


def wf(y) -> tuple[int, int]:
    """# white cells still missing, # free cells.

    t=. ,y
    m=. (+/0>.t)-+/(0<t)+.t=WHITE
    n=. +/t=FREE
    """
    t = np.asarray(y).ravel()
    m = int(np.maximum(0, t).sum() - np.sum((t > 0) | (t == WHITE)))
    n = int(np.sum(t == FREE))
    return m, n


def comb(x: int, y: int):
    """All size x combinations of i.y, in J's order (lexicographic).

    k=. i.>:d=.y-x
    z=. (d$<i.0 0),<i.1 0
    for. i.x do. z=. k ,.&.> ,&.>/\\. >:&.> z end.
    ; z
    """
    d = y - x
    k = range(d + 1)
    z = [np.zeros((0, 0), np.int64) for _ in range(d)] + [np.zeros((1, 0), np.int64)]
    for _ in range(x):
        z = [zi + 1 for zi in z]  # >:&.> z
        suffix, acc = [], np.zeros((0, 0), np.int64)  # ,&.>/\. z: box j = boxes j.. catenated
        for zi in reversed(z):
            acc = _catenate(zi, acc)
            suffix.append(acc)
        suffix.reverse()
        z = [np.hstack([np.full((len(s), 1), kj, np.int64), s]) for kj, s in zip(k, suffix, strict=True)]
    return _raze(z, x)


def _catenate(a, b):
    """J's ``,`` on two tables: an empty table takes the other's row width."""
    if len(a) == 0:
        return b
    if len(b) == 0:
        return a
    return np.vstack([a, b])


def _raze(boxes, width: int):
    rows = [b for b in boxes if len(b)]
    return np.vstack(rows) if rows else np.zeros((0, width), np.int64)


def approx(n: int) -> str:
    """A count for a message: ``1.77e+71``, or ``about 10^N`` past what a float holds
    (``f"{n:.4g}"`` raises OverflowError there)."""
    try:
        return f"{n:.4g}"
    except OverflowError:
        return f"about 10^{len(str(n)) - 1}"


def colourings(y):
    """``bf``'s candidates: the state with each size-m set of its n free cells WHITE and the
    other free cells BLACK, in ``comb`` order, as one array (rows of the raveled grid)."""
    t = np.asarray(y).ravel()
    b = t == FREE
    m, n = wf(t)
    if m < 0 or m > n:
        return np.zeros((0, t.size), np.int64)
    need = binomial(n, m) * (8 * (m + n + t.size) + n)
    if need > MEMORY_BUDGET:
        raise Infeasible(
            f"bf would build all {approx(binomial(n, m))} colourings of {n} free cells with {m} white "
            f"(m!n for wf = {m} {n}), about {approx(need)} bytes; the essay's J reports "
            "'out of memory: comb' here"
        )
    chosen = comb(m, n)  # m comb n
    white = np.zeros((len(chosen), n), bool)
    if m:
        np.put_along_axis(white, chosen, True, axis=1)  # (i.n) e."1 m comb n
    fill = np.where(white, WHITE, BLACK)  # { BLACK,WHITE
    out = np.broadcast_to(t * ~b, (len(chosen), t.size)).copy()
    out[:, b] += fill  # b #^:_1"1 ... expanded into the free cells
    return out


def bf(y):
    """Brute force: the first colouring that checks out.

    t=. ,y
    b=. t=FREE
    'm n'=. wf t
    t=. ($y) $"1 (t*-.b) +"1 b #^:_1"1 ((i.n) e."1 m comb n){BLACK,WHITE
    t {~ (check :: 0:"2 i. 1:) t
    """
    y = np.asarray(y)
    for cand in colourings(y):
        grid = cand.reshape(y.shape)
        if checks_out(grid):
            return grid
    raise NoSolution("no colouring checks out (J: index error in t {~ #t)")


# ------------------------------------------------------------------------------- Heuristics
# (the heuristics themselves are in heuristics.py; they are re-exported here)
