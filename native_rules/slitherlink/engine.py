"""The compiled core of the Slitherlink deduction engine (beside the seed's port): one propagation
loop over a work queue of local units, and contradiction probing. ``deduce.py`` drives it from
Python; the rules, their soundness and the tiers are described in docs/slitherlink.md.

Units. Every cell and every lattice vertex is a unit of four edges (a cell's in the order top,
right, bottom, left; a vertex's up, right, down, left -- a missing border edge is the sentinel
edge, always off). A unit's constraint is a set of the 16 assignments of its four edges, a 16-bit
mask, cut down by precomputed tables (``tables``): the known edges, the clue count (cells) or
degree 0 or 2 (vertices), the flags of its four corners ("at most one" / "at least one" of the
two edges meeting there -- Tatham's dlines, shared by the cell and the vertex of the corner) and
the inside/outside relations of the cells around it; a ``level`` below ``FULL_LEVEL`` (grading)
leaves out the later of these families. What every
remaining assignment agrees on is deduced: edges, corner flags, and relations between cells
("same side" / "other side" of the loop: a parity union-find over the cells and the outside,
which also holds Tatham's linked edge pairs). Loop closure: the lines form paths whose two ends
know each other (``PP``/``PL``); an unknown edge joining the ends of one path is off unless
closing it would be the whole solution, and a closed loop turns every other edge off.

Everything mutable lives in one ``int32`` array ``s`` (a probe copies it), the static grid in one
``int32`` array ``g`` and the work queue in ``w``; their layouts are the header constants below,
filled in by ``deduce.layout``.
"""

from __future__ import annotations

import numpy as np

from ..kernels import njit

UNK, YES, NO = 0, 1, 2

# header of ``g``: sizes, then offsets of the static tables and of the sections of ``s``
NC, NV, NE, CE, CN, CA, CLUE, VE, VQ, EC, EV, OUTER, NOUTER, TAB = range(14)
AN, DP, DQ, DZ, DN, PP, PL, WHY, ORD, MISC, SSIZE = range(14, 25)
HEADER = 25
# MISC slots
M_YES, M_CLOSED, M_UNK, M_DEFER, M_SEQ, M_TRIALS, M_POS, M_IDLE = range(8)
MISC_SIZE = 8
# the table block at TAB: masks of the 16 assignments of a unit's edges
T_YES, T_NO, T_CNT, T_AM, T_AL, T_PAR, T_EMC, T_EMV = 0, 4, 8, 13, 17, 21, 53, 58
TABLE_SIZE = 62
FULL = 0xFFFF
Q0 = 4  # the queue's start in ``w``
SCRATCH = 62  # ``w``'s last slots: the unit being evaluated and what it found
# in the scratch: where the findings start (two counts, then up to 4 edges and 10 relations)
FOUND, FOUND_EDGES, FOUND_RELATIONS = 18, 2, 14

# why an edge was decided (the rule behind it; ``deduce.RULES`` names them)
W_CLUE, W_VERTEX, W_CLUE_CORNER, W_VERTEX_CORNER, W_CLUE_COLOUR, W_VERTEX_COLOUR = 1, 2, 3, 4, 5, 6
W_LOOP, W_CLOSED, W_PROBE, W_PROBE_AGREE = 7, 8, 9, 10
# contradictions (``deduce.CONTRADICTIONS`` names them)
C_CELL, C_VERTEX, C_COLOUR, C_BRANCH, C_SUBLOOP, C_CLASH, C_EMPTY = 1, 2, 3, 4, 5, 6, 7
# the rule families a ``level`` switches on (grading runs the lower ones; every other caller
# FULL_LEVEL): counting, loop closure and "at most one more" at a vertex with a line, + corner
# flags from every unit with a decided edge, + from every unit (the diagonal chains), + the
# inside/outside colouring
L_COUNTING, L_CORNERS, L_CHAINS, L_COLOURING = 1, 2, 3, 4
FULL_LEVEL = L_COLOURING
STAGE_LEVEL = L_CHAINS


def tables() -> np.ndarray:
    """The constant masks (bit m = assignment m, bit k of m = edge k on): an edge on / off, k
    edges on, corner k (edges k, k+1) at most / at least one, edge-parity per subset and value,
    and the edges between a unit's first cell and each other cell (a cell's own unit: the cell,
    then its four neighbours; a vertex's: the four cells around it from the north-west)."""
    t = np.zeros(TABLE_SIZE, np.int32)
    for m in range(16):
        bit = 1 << m
        for k in range(4):
            if m >> k & 1:
                t[T_YES + k] |= bit
            else:
                t[T_NO + k] |= bit
            a, b = m >> k & 1, m >> ((k + 1) % 4) & 1
            if a + b <= 1:
                t[T_AM + k] |= bit
            if a + b >= 1:
                t[T_AL + k] |= bit
        t[T_CNT + bin(m).count("1")] |= bit
        for sub in range(16):
            t[T_PAR + 2 * sub + bin(m & sub).count("1") % 2] |= bit
    t[T_EMC:T_EMC + 5] = (0, 1, 2, 4, 8)
    t[T_EMV:T_EMV + 4] = (0, 1, 3, 7)
    return t


@njit(cache=True)
def _push(w, u):
    """Queue unit ``u`` (``w``: head, size, log length, units, then the queue, the in-queue flags,
    the log of edges decided and ``SCRATCH``)."""
    nu = w[3]
    if w[Q0 + nu + u] == 0:
        w[Q0 + nu + u] = 1
        t = w[0] + w[1]
        w[Q0 + (t if t < nu else t - nu)] = u
        w[1] += 1


@njit(cache=True)
def _find(s, g, x):
    """Root of ``x``'s class times 2 plus ``x``'s parity to it (1: the other side of the loop),
    compressing the path."""
    dp, dq = g[DP], g[DQ]
    r, p = x, 0
    while s[dp + r] != r:
        p ^= s[dq + r]
        r = s[dp + r]
    y, q = x, p
    while s[dp + y] != y:
        nxt, py = s[dp + y], s[dq + y]
        s[dp + y] = r
        s[dq + y] = q
        q ^= py
        y = nxt
    return 2 * r + p


@njit(cache=True)
def _union(s, g, w, x, y, p, level):
    """Record that cells ``x`` and ``y`` are on the same side (``p`` 0) or on different sides (1);
    from the colouring level on, queue every unit around a cell whose relations this changes.
    One exit, as ``_unit``'s."""
    fx, fy = _find(s, g, x), _find(s, g, y)
    rx, ry = fx >> 1, fy >> 1
    r = 0
    if rx == ry:
        r = 0 if (fx ^ fy) & 1 == p else C_COLOUR
    else:
        dz, dn = g[DZ], g[DN]
        if s[dz + rx] < s[dz + ry]:
            rx, ry = ry, rx
        s[g[DP] + ry] = rx
        s[g[DQ] + ry] = (fx ^ fy ^ p) & 1
        s[dz + rx] += s[dz + ry]
        if level >= L_COLOURING:
            nc = g[NC]
            m = ry
            while True:
                if m == nc:
                    for i in range(g[NOUTER]):
                        _push(w, g[g[OUTER] + i])
                else:
                    _push(w, m)
                    for k in range(4):
                        n = g[g[CN] + 4 * m + k]
                        if n < nc:
                            _push(w, n)
                        _push(w, nc + (g[g[CA] + 4 * m + k] >> 2))
                m = s[dn + m]
                if m == ry:
                    break
        s[dn + rx], s[dn + ry] = s[dn + ry], s[dn + rx]
    return r + 0 * (s[0] + g[0] + w[0])


@njit(cache=True)
def _set_edge(s, g, w, e, val, why, level):
    """Decide edge ``e``: queue its units, relate its two cells, and for a line join the paths
    at its ends (a closed loop with other lines about is a contradiction)."""
    cur = s[e]
    if cur == val:
        return 0
    if cur != UNK:
        return C_CLASH
    s[e] = val
    s[g[WHY] + e] = why
    ms = g[MISC]
    s[g[ORD] + e] = s[ms + M_SEQ]
    s[ms + M_SEQ] += 1
    s[ms + M_UNK] -= 1
    w[Q0 + 2 * w[3] + w[2]] = e
    w[2] += 1
    nc = g[NC]
    a, b = g[g[EC] + 2 * e], g[g[EC] + 2 * e + 1]
    if a < nc:
        _push(w, a)
    if b < nc:
        _push(w, b)
    u, v = g[g[EV] + 2 * e], g[g[EV] + 2 * e + 1]
    _push(w, nc + u)
    _push(w, nc + v)
    r = _union(s, g, w, a, b, 1 if val == YES else 0, level)
    if r or val != YES:
        return r
    s[ms + M_YES] += 1
    pp, pl = g[PP], g[PL]
    pu, pv = s[pp + u], s[pp + v]
    if pu < 0 or pv < 0:
        return C_BRANCH
    if pu == v:  # the line closes its own path
        if s[pl + u] + 1 != s[ms + M_YES]:
            return C_SUBLOOP
        s[ms + M_CLOSED] = 1
        s[pp + u] = -1
        s[pp + v] = -1
        return 0
    length = s[pl + u] + s[pl + v] + 1
    if pu != u:
        s[pp + u] = -1
    if pv != v:
        s[pp + v] = -1
    s[pp + pu] = pv
    s[pp + pv] = pu
    s[pl + pu] = length
    s[pl + pv] = length
    _push(w, nc + pu)
    _push(w, nc + pv)
    d = s[ms + M_DEFER]
    if d >= 0:
        s[ms + M_DEFER] = -1
        _push(w, nc + d)
    return 0


@njit(cache=True)
def _closing_ends(s, g, w, v, level):
    """Loop closure at path end ``v``: an unknown edge to the path's other end is off, unless the
    path holds every line and closing it meets every clue (then it may be the solution: the
    check is repeated when another line appears)."""
    ms = g[MISC]
    o = s[g[PP] + v]
    if o < 0 or o == v:
        return 0
    for k in range(4):
        e = g[g[VE] + 4 * v + k]
        if e == g[NE] or s[e] != UNK:
            continue
        if g[g[EV] + 2 * e] != o and g[g[EV] + 2 * e + 1] != o:
            continue
        if s[ms + M_YES] > s[g[PL] + v]:
            return _set_edge(s, g, w, e, NO, W_LOOP, level)
        for c in range(g[NC]):
            n = g[g[CLUE] + c]
            if n < 0:
                continue
            cnt = 0
            for j in range(4):
                f = g[g[CE] + 4 * c + j]
                cnt += s[f] == YES or f == e
            if cnt != n:
                return _set_edge(s, g, w, e, NO, W_LOOP, level)
        s[ms + M_DEFER] = v
    return 0


@njit(cache=True)
def _unit(s, g, w, u, level):
    """Deduce what every assignment of unit ``u``'s edges allowed by its constraints agrees on:
    corner flags are set here, the edges and relations found are left in ``w``'s scratch for
    ``_drain`` (a call that takes the arrays costs reference counting: this one makes none)."""
    nc, tab = g[NC], g[TAB]
    ents = w.shape[0] - SCRATCH  # where the unit's cells, edges, corners and roots are kept
    edges, angles, roots, out = ents + 5, ents + 9, ents + 13, ents + FOUND
    w[out] = 0  # edges found (edge, value, rule), then relations found (cell, cell, parity)
    w[out + 1] = 0
    if u < nc:
        n = g[g[CLUE] + u]
        allowed = g[tab + T_CNT + n] if n >= 0 else FULL
        w[ents] = u
        nent, em = 5, tab + T_EMC
        for k in range(4):
            w[edges + k] = g[g[CE] + 4 * u + k]
            w[angles + k] = g[g[CA] + 4 * u + k]
            w[ents + k + 1] = g[g[CN] + 4 * u + k]
        base_why = W_CLUE
    else:
        v = u - nc
        allowed = g[tab + T_CNT] | g[tab + T_CNT + 2]
        nent, em = 4, tab + T_EMV
        for k in range(4):
            w[edges + k] = g[g[VE] + 4 * v + k]
            w[angles + k] = 4 * v + k
            w[ents + k] = g[g[VQ] + 4 * v + k]
        base_why = W_VERTEX
    open_edges = 0
    for k in range(4):
        st = s[w[edges + k]]
        if st == YES:
            allowed &= g[tab + T_YES + k]
        elif st == NO:
            allowed &= g[tab + T_NO + k]
        else:
            open_edges += 1
    plain = allowed
    an = g[AN]
    for k in range(4):
        f = s[an + w[angles + k]]
        if f & 1:
            allowed &= g[tab + T_AM + k]
        if f & 2:
            allowed &= g[tab + T_AL + k]
    cornered = allowed
    failed = C_CELL if u < nc else C_VERTEX
    r = 0
    if open_edges == 0:  # decided: only a check (its corners and relations are in its edges)
        r = 0 if allowed else failed
    else:
        if level >= L_COLOURING:
            for i in range(nent):
                w[roots + i] = _find(s, g, w[ents + i])
            for i in range(nent):
                for j in range(i + 1, nent):
                    if w[roots + i] >> 1 == w[roots + j] >> 1:
                        sub = g[em + i] ^ g[em + j]
                        allowed &= g[tab + T_PAR + 2 * sub + ((w[roots + i] ^ w[roots + j]) & 1)]
        if allowed == 0:
            r = failed
        else:
            known = on = 0  # the unit's edges decided or found, and those on
            for k in range(4):
                e = w[edges + k]
                if s[e] != UNK:
                    known |= 1 << k
                    on |= (s[e] == YES) << k
                    continue
                val = UNK
                if allowed & g[tab + T_NO + k] == 0:
                    val = YES
                elif allowed & g[tab + T_YES + k] == 0:
                    val = NO
                if val == UNK:
                    continue
                known |= 1 << k
                on |= (val == YES) << k
                bad = g[tab + (T_NO if val == YES else T_YES) + k]
                why = base_why if plain & bad == 0 else (
                    base_why + 2 if cornered & bad == 0 else base_why + 4)
                at = out + FOUND_EDGES + 3 * w[out]
                w[at], w[at + 1], w[at + 2] = e, val, why
                w[out] += 1
            flags = 3 if level >= L_CHAINS else 0
            for k in range(4):  # below it, only a unit with a decided edge (counting: a line
                # at a vertex)
                if flags == 0 and w[edges + k] != g[NE] and known >> k & 1:
                    if level >= L_CORNERS:
                        flags = 3
                    elif u >= nc and on >> k & 1:
                        flags = 1
            for k in range(4):
                if flags == 0:
                    break
                if known >> k & 1 or known >> ((k + 1) & 3) & 1:
                    continue  # beside a decided edge a flag says no more than this unit decides
                a = w[angles + k]
                f = s[an + a]
                nf = f
                if allowed & ~g[tab + T_AM + k] & FULL == 0:
                    nf |= 1 & flags
                if allowed & ~g[tab + T_AL + k] & FULL == 0:
                    nf |= 2 & flags
                if nf != f:
                    s[an + a] = nf
                    vtx = a >> 2
                    c = g[g[VQ] + 4 * vtx + ((a + 1) & 3)]
                    _push(w, nc + vtx)
                    if c < nc:
                        _push(w, c)
            if level >= L_COLOURING:
                for i in range(nent):
                    for j in range(i + 1, nent):
                        if w[roots + i] >> 1 == w[roots + j] >> 1:
                            continue
                        sub = g[em + i] ^ g[em + j]
                        p = -1
                        if allowed & ~g[tab + T_PAR + 2 * sub] & FULL == 0:
                            p = 0
                        elif allowed & ~g[tab + T_PAR + 2 * sub + 1] & FULL == 0:
                            p = 1
                        if p >= 0:
                            at = out + FOUND_RELATIONS + 3 * w[out + 1]
                            w[at], w[at + 1], w[at + 2] = w[ents + i], w[ents + j], p
                            w[out + 1] += 1
    # numba lets go of an array at its last use: with every array's last use here, at the one
    # exit, its reference counting is optimised away (at a third of the time of a unit)
    return r + 0 * (s[0] + g[0] + w[0])


@njit(cache=True)
def _drain(s, g, w, level):
    """Run the queued units to a fixpoint at ``level``; 0, or the contradiction met."""
    nc, ne = g[NC], g[NE]
    nu = nc + g[NV]
    out = w.shape[0] - SCRATCH + FOUND
    r = 0
    while r == 0:
        while w[1] > 0 and r == 0:
            u = w[Q0 + w[0]]
            w[0] = w[0] + 1 if w[0] + 1 < nu else 0
            w[1] -= 1
            r = _unit(s, g, w, u, level)  # still flagged queued: its own steps do not requeue it
            for i in range(w[out] if r == 0 else 0):
                at = out + FOUND_EDGES + 3 * i
                r = _set_edge(s, g, w, w[at], w[at + 1], w[at + 2], level)
                if r:
                    break
            for i in range(w[out + 1] if r == 0 else 0):
                at = out + FOUND_RELATIONS + 3 * i
                r = _union(s, g, w, w[at], w[at + 1], w[at + 2], level)
                if r:
                    break
            w[Q0 + nu + u] = 0
            if r == 0 and u >= nc:  # loop closure at a path's end: not in the unit's assignments
                o = s[g[PP] + u - nc]
                if o >= 0 and o != u - nc:
                    r = _closing_ends(s, g, w, u - nc, level)
        if r or s[g[MISC] + M_CLOSED] == 0 or s[g[MISC] + M_UNK] == 0:
            break
        for e in range(ne):  # a closed loop: it is the solution, every other edge is off
            if s[e] == UNK:
                r = _set_edge(s, g, w, e, NO, W_CLOSED, level)
                if r:
                    break
    return r


@njit(cache=True)
def propagate(s, g, w, level):
    """Run the queued units (all of them when the queue is empty on entry) to a fixpoint; 0, or
    the contradiction met (the queue is emptied either way). ``level``: the rule families
    switched on (``L_COUNTING`` .. ``FULL_LEVEL``)."""
    nu = g[NC] + g[NV]
    r = 0
    if w[1] == 0:
        for u in range(nu):
            _push(w, u)
        if level > STAGE_LEVEL:  # the cheaper rules first: fewer units run the costly ones
            r = _drain(s, g, w, STAGE_LEVEL)
            if r == 0:
                for u in range(nu):
                    _push(w, u)
    if r == 0:
        r = _drain(s, g, w, level)
    if r == 0 and s[g[MISC] + M_UNK] == 0 and s[g[MISC] + M_YES] == 0:
        r = C_EMPTY  # every edge off: a solution draws at least one line
    while w[1] > 0:
        w[Q0 + nu + w[Q0 + w[0]]] = 0
        w[0] = w[0] + 1 if w[0] + 1 < nu else 0
        w[1] -= 1
    return r


@njit(cache=True)
def decide(s, g, w, e, val, why, level):
    """Set edge ``e`` to ``val`` and propagate (the edges decided logged in ``w``): 0, or the
    contradiction met."""
    w[2] = 0
    r = _set_edge(s, g, w, e, val, why, level)
    return r if r else propagate(s, g, w, level)


@njit(cache=True)
def probe(s, g, w, level, budget):
    """Contradiction probing at depth 1, to a fixpoint or until ``budget`` trials in all (0: no
    limit): set an unknown edge on, propagate; a contradiction sets it off (and the other way
    round); when both survive, every edge both trials decided alike is decided so. 0, or the
    contradiction met. Where the round stands is kept in the state, so a caller can go on."""
    ne, nu = g[NE], g[NC] + g[NV]
    trials = g[MISC] + M_TRIALS
    log0 = Q0 + 2 * nu
    seen = np.empty(ne, np.int32)
    e, idle = s[g[MISC] + M_POS], s[g[MISC] + M_IDLE]
    while idle < ne and s[g[MISC] + M_UNK] > 0:  # round the edges until a full round finds nothing
        if budget > 0 and s[trials] >= budget:
            break
        e = (e + 1) % ne
        idle += 1
        if s[e] != UNK:
            continue
        s[trials] += 2
        on = s.copy()
        off, r_off, nseen = on, 0, 0
        r_on = decide(on, g, w, e, YES, W_PROBE, level)
        if r_on == 0:
            nseen = w[2]
            seen[:nseen] = w[log0:log0 + nseen]
            off = s.copy()
            r_off = decide(off, g, w, e, NO, W_PROBE, level)
        if r_on or r_off:
            r = decide(s, g, w, e, NO if r_on else YES, W_PROBE, level)
            if r:
                return r
            idle = 0
            continue
        w[2] = 0
        agreed = False
        for i in range(nseen):
            f = seen[i]
            if f != e and s[f] == UNK and on[f] == off[f]:
                r = _set_edge(s, g, w, f, on[f], W_PROBE_AGREE, level)
                if r:
                    return r
                agreed = True
        if agreed:
            r = propagate(s, g, w, level)
            if r:
                return r
            idle = 0
    s[g[MISC] + M_POS] = e
    s[g[MISC] + M_IDLE] = idle
    w[2] = 0
    return 0


OP_PROPAGATE, OP_PROBE, OP_DECIDE, OP_SET = range(4)


@njit(cache=True)
def run(s, g, w, op, e, val, why, level, budget):
    """The one entry Python calls (so the code is compiled and optimised once): ``propagate``,
    ``probe``, ``decide`` or set one edge without propagating, as ``op`` says."""
    if op == OP_PROPAGATE:
        return propagate(s, g, w, level)
    if op == OP_PROBE:
        return probe(s, g, w, level, budget)
    if op == OP_DECIDE:
        return decide(s, g, w, e, val, why, level)
    return _set_edge(s, g, w, e, val, why, level)
