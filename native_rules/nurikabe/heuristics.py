"""The essay's section "Heuristics" and ``hint`` (Collected Definitions), ported verb by verb
(see ``essay.py`` for the encoding and the porting decisions). Each heuristic maps a state to a
state and never changes a number (``y``, ``x``, ``i``, ``j``, ``t``: the essay's J names, kept);
``heuristics`` is the essay's composition

    heuristics=: hendgame @ (hislands @ h2ell @ h22 ^:_) @ h2far

``hislands`` keeps one subtlety of the J code: its six deductions read the islands, colours and
neighbour lists computed once from the state it was given, while each deduction amends the
state left by the one before (the fourth also re-reads the current FREE cells).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .essay import BLACK, FREE, WHITE, bf, init, islands, wf


def h2far(y):
    """Set to black cells too far from a numbered cell.

    i=. ($y)#:I.,_2=y
    j=. ($y)#:I.,1<y
    b=. (i +/@:|@:-"1/ j) */ .>: (1<y)#&,y
    p=. (i.$y) e. ($y)#.b#i
    (p*BLACK) + y*-.p
    """
    y = np.asarray(y)
    i = np.argwhere(y == FREE)
    j = np.argwhere(y > 1)
    dist = np.abs(i[:, None, :] - j[None, :, :]).sum(axis=2)
    b = np.all(dist >= y[y > 1][None, :], axis=1)
    p = np.zeros(y.shape, bool)
    p[tuple(i[b].T)] = True
    return p * BLACK + y * ~p


def neighborhood(x, y):
    """``neighborhood=: 3 3 ,;._3 [,.([,],[),.[`` -- the 3x3 neighbourhood of each cell (raveled,
    9 values), the matrix bordered by x."""
    y = np.asarray(y)
    padded = np.pad(y, 1, constant_values=x)
    rows, cols = y.shape
    return np.stack([padded[dr : dr + rows, dc : dc + cols] for dr in range(3) for dc in range(3)], axis=-1)


BLOCKS = np.array([[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]])  # ,/2 2 ,;._3 i.3 3
ELL = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 1]])  # #: 12 10 5 3


def h22(y):
    """Set to white the free cell of a 2x2 block with 3 black cells.

    p=. (FREE=y) *. +./"1 (=i.4) e.~ (,/2 2 ,;._3 i.3 3) {"2 1 (BLACK,FREE) i. WHITE neighborhood y
    (p*WHITE) + y*-.p
    """
    y = np.asarray(y)
    nb = neighborhood(WHITE, y)
    code = np.where(nb == BLACK, 0, np.where(nb == FREE, 1, 2))  # (BLACK,FREE) i.
    blocks = code[..., BLOCKS]  # rows x cols x 4 blocks x 4 codes
    unit = (blocks.sum(axis=-1) == 1) & (blocks.max(axis=-1) == 1)  # e. =i.4
    p = (y == FREE) & unit.any(axis=-1)
    return p * WHITE + y * ~p


def h2ell(y):
    """If a 2-cell has only two possibilities for a white neighbor, and the three cells together
    form an "L", then set to black the neighbor of the two limbs of the "L".

    k=. #: 12 10 5 3
    t=. FREE = (* (2=4{"1]) * (k{BLACK,FREE) e.~ 1 3 5 7{"1 ]) ,/ BLACK neighborhood y
    i=. I. -. t-:"1 (9$0)
    j=. (k i.(<i;1 3 5 7){t){(-1 _1+n),_1 1+n=. {:$y
    p=. (i.$y) e. i+j
    (p*BLACK) + y*-.p
    """
    y = np.asarray(y)
    rows, cols = y.shape
    nb = neighborhood(BLACK, y).reshape(-1, 9)
    pats = np.where(ELL == 1, FREE, BLACK)  # k{BLACK,FREE
    limbs = nb[:, [1, 3, 5, 7]]
    member = (limbs[:, None, :] == pats[None, :, :]).all(axis=2)  # e.~
    keep = (nb[:, 4] == 2) & member.any(axis=1)
    t = FREE == nb * keep[:, None]
    i = np.flatnonzero(t.any(axis=1))  # I. -. t-:"1 (9$0)
    n = cols
    offsets = np.array([-1 - n, 1 - n, n - 1, n + 1])  # (-1 _1+n),_1 1+n
    which = [int(np.flatnonzero((ELL == t[c, [1, 3, 5, 7]]).all(axis=1))[0]) for c in i]  # k i.
    p = np.zeros(rows * cols, bool)
    p[i + offsets[which]] = True
    p = p.reshape(rows, cols)
    return p * BLACK + y * ~p


def _neighbour_table(rows: int, cols: int):
    """``N=. 1 3 5 7 {"1 ,/_1 neighborhood i.$y`` -- up, left, right, down (-1 = none)."""
    return neighborhood(-1, np.arange(rows * cols).reshape(rows, cols)).reshape(-1, 9)[:, [1, 3, 5, 7]]


def hislands(y):
    """The six deductions on islands (J below; comments = the essay's list):

    N=. 1 3 5 7 {"1 ,/_1 neighborhood i.$y  NB. neighbors for each cell
    t=. islands y                           NB. islands
    c=. t{&.><,y                            NB. corresp. colors
    n=. (t ,@:{&.> <N) ~.@-.&.> _1,&.>t     NB. neighbors of each island
    d=. n{&.><,y                            NB. corresp. colors
    s=. (#&>c) (= * 0<]) +/&>c              NB. for white islands, 1 iff complete
    y=. BLACK i"_} y [ i=. ;p#n                  [ p=. w * s [ w=. WHITE<:{.&>c
    y=. WHITE i"_} y [ i=. ((p#d)i.&>FREE){&>p#n [ p=. w * s < (FREE e.&>d) * (<:#&>d)=+/@(BLACK&=)&>d
    y=. BLACK i"_} y [ i=. ((p#d)i.&>FREE){&>p#n [ p=. (1=+/@(FREE&=)&>d) (* * 1<+/@]) BLACK={.&>c
    y=. BLACK i"_} y [ i=. (I.FREE=,y) (e.#[) (-.@~: # ]) ;n#~0<+/&>c
    y=. BLACK i"_} y [ i=. ; t #~ f * */@(BLACK&=)&>d [ f=. FREE={.&>c
    y=. WHITE i"_} y [ i=. ; t #~ f * WHITE=<./&>d
    """
    y0 = np.asarray(y)
    rows, cols = y0.shape
    table = _neighbour_table(rows, cols).tolist()
    t = [k.tolist() for k in islands(y0)]  # (plain lists: the islands are small, numpy calls cost more)
    flat = y0.ravel().tolist()
    c = [[flat[i] for i in k] for k in t]
    n = []
    for k in t:
        own, out = set(k), []
        for i in k:
            for v in table[i]:  # ~.@-. keeps first occurrences
                if v != -1 and v not in own:
                    own.add(v)
                    out.append(v)
        n.append(out)
    d = [[flat[i] for i in nk] for nk in n]
    s = [len(ck) == sum(ck) and sum(ck) > 0 for ck in c]
    w = [WHITE <= ck[0] for ck in c]
    y = list(flat)
    # set to black neighbors of complete white islands
    for k in range(len(t)):
        if w[k] and s[k]:
            for i in n[k]:
                y[i] = BLACK
    # set to white the only free neighbor of an incomplete white island surrounded by blacks
    for k in range(len(t)):
        if w[k] and s[k] < (FREE in d[k] and len(d[k]) - 1 == d[k].count(BLACK)):
            y[n[k][d[k].index(FREE)]] = WHITE
    # set to black the only free neighbor of a black island, if there is more than one black island
    blacks = sum(ck[0] == BLACK for ck in c)
    for k in range(len(t)):
        if d[k].count(FREE) == 1 and c[k][0] == BLACK and blacks > 1:
            y[n[k][d[k].index(FREE)]] = BLACK
    # set to black a free cell neighboring >1 numbered white islands
    seen, dups = set(), set()
    for k in range(len(t)):
        if sum(c[k]) > 0:
            for v in n[k]:
                (dups if v in seen else seen).add(v)
    for i in [i for i, v in enumerate(y) if v == FREE and i in dups]:
        y[i] = BLACK
    # set to x cells of a free island surrounded by x cells
    free = [ck[0] == FREE for ck in c]
    for k in range(len(t)):
        if free[k] and all(v == BLACK for v in d[k]):
            for i in t[k]:
                y[i] = BLACK
    for k in range(len(t)):
        if free[k] and d[k] and min(d[k]) == WHITE:
            for i in t[k]:
                y[i] = WHITE
    return np.array(y, dtype=y0.dtype).reshape(rows, cols)


def hendgame(y):
    """Set to black all free cells if no white cells are left; set to white all free cells if
    the number of missing white cells equals the number of free cells.

    c=. wf y
    (p*i{BLACK,WHITE,FREE) + y*-.p=. (FREE=y)*2>i=. ((0={.c),=/c)i.1
    """
    y = np.asarray(y)
    m, n = wf(y)
    i = [m == 0, m == n, True].index(True)
    p = (y == FREE) & (i < 2)
    return p * (BLACK, WHITE, FREE)[i] + y * ~p


def heuristics(y, trace: Callable[[str, np.ndarray], None] | None = None):
    """``heuristics=: hendgame @ (hislands @ h2ell @ h22 ^:_) @ h2far`` -- ``^:_`` repeats until
    the state no longer changes. ``trace(name, state)`` (optional) sees every step."""
    y = h2far(y)
    if trace:
        trace("h2far", y)
    while True:
        z = y
        for name, h in (("h22", h22), ("h2ell", h2ell), ("hislands", hislands)):
            z = h(z)
            if trace:
                trace(name, z)
        if np.array_equal(z, y):
            break
        y = z
    y = hendgame(y)
    if trace:
        trace("hendgame", y)
    return y


def bfh(y):
    """``bfh=: bf @ heuristics @ init`` -- brute force with heuristics."""
    return bf(heuristics(init(y)))


HINTS = (("h2far", h2far), ("h22", h22), ("h2ell", h2ell), ("hislands", hislands), ("hendgame", hendgame))


def ijv(x, y, rng: np.random.Generator):
    """``ijv=: 4 : '(, x {~ <) ($y) #: (?@# { ]) I.,y'`` -- (row, column, value in x) of a random
    cell having value 1 in boolean y."""
    cells = np.flatnonzero(np.asarray(y).ravel())
    r, c = divmod(int(cells[rng.integers(len(cells))]), np.asarray(y).shape[1])
    return r, c, int(np.asarray(x)[r, c])


def hint(y, rng: np.random.Generator | None = None):
    """Apply the heuristics in turn and pick a cell the first one that changes anything colours:
    ``((row, column, COLOR), name)``, or ``None`` (J: '') when no hint is available.

    if. -. y -: h=. h2far    y do. h ijv y~:h return. end.
    ... h22, h2ell, hislands, hendgame likewise ...
    ''
    """
    y = np.asarray(y)
    rng = rng if rng is not None else np.random.default_rng(0)
    for name, heuristic in HINTS:
        h = heuristic(y)
        if not np.array_equal(y, h):
            return ijv(h, y != h, rng), name
    return None
