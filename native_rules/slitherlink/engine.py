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

Everything mutable lives in one integer sequence ``state`` (a probe copies it), the static grid in
one, ``grid``, and the work queue in ``work``; their layouts are the header constants below, filled
in by ``deduce.layout``. Compiled they are ``int32`` arrays; interpreted (a small job, ``kernels.
Tiered``) plain Python lists, on which the interpreter indexes faster and which need no numpy: the
code below runs on both (indexing, ``len`` and ``copy`` only; no value comes near the int32
limits: masks have 16 bits, counters count edges, trials or cells).
"""

from __future__ import annotations

from ..kernels import njit

UNK, YES, NO = 0, 1, 2

# header of ``grid``: sizes, then offsets of the static tables and of the sections of ``state``
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
Q0 = 4  # the queue's start in ``work``
SCRATCH = 62  # ``work``'s last slots: the unit being evaluated and what it found
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


def tables() -> list[int]:
    """The constant masks (bit m = assignment m, bit k of m = edge k on): an edge on / off, k
    edges on, corner k (edges k, k+1) at most / at least one, edge-parity per subset and value,
    and the edges between a unit's first cell and each other cell (a cell's own unit: the cell,
    then its four neighbours; a vertex's: the four cells around it from the north-west)."""
    t = [0] * TABLE_SIZE
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
def _push(work, unit):
    """Queue ``unit`` (``work``: head, size, log length, units, then the queue, the in-queue flags,
    the log of edges decided, a copy of it (``probe``) and ``SCRATCH``)."""
    nu = work[3]
    if work[Q0 + nu + unit] == 0:
        work[Q0 + nu + unit] = 1
        t = work[0] + work[1]
        work[Q0 + (t if t < nu else t - nu)] = unit
        work[1] += 1


@njit(cache=True)
def _find(state, grid, x):
    """Root of ``x``'s class times 2 plus ``x``'s parity to it (1: the other side of the loop),
    compressing the path."""
    dp, dq = grid[DP], grid[DQ]
    r, p = x, 0
    while state[dp + r] != r:
        p ^= state[dq + r]
        r = state[dp + r]
    y, q = x, p
    while state[dp + y] != y:
        nxt, py = state[dp + y], state[dq + y]
        state[dp + y] = r
        state[dq + y] = q
        q ^= py
        y = nxt
    return 2 * r + p


@njit(cache=True)
def _union(state, grid, work, x, y, p, level):
    """Record that cells ``x`` and ``y`` are on the same side (``p`` 0) or on different sides (1);
    from the colouring level on, queue every unit around a cell whose relations this changes.
    One exit, as ``_unit``'s."""
    fx, fy = _find(state, grid, x), _find(state, grid, y)
    rx, ry = fx >> 1, fy >> 1
    r = 0
    if rx == ry:
        r = 0 if (fx ^ fy) & 1 == p else C_COLOUR
    else:
        dz, dn = grid[DZ], grid[DN]
        if state[dz + rx] < state[dz + ry]:
            rx, ry = ry, rx
        state[grid[DP] + ry] = rx
        state[grid[DQ] + ry] = (fx ^ fy ^ p) & 1
        state[dz + rx] += state[dz + ry]
        if level >= L_COLOURING:
            nc = grid[NC]
            m = ry
            while True:
                if m == nc:
                    for i in range(grid[NOUTER]):
                        _push(work, grid[grid[OUTER] + i])
                else:
                    _push(work, m)
                    for k in range(4):
                        n = grid[grid[CN] + 4 * m + k]
                        if n < nc:
                            _push(work, n)
                        _push(work, nc + (grid[grid[CA] + 4 * m + k] >> 2))
                m = state[dn + m]
                if m == ry:
                    break
        state[dn + rx], state[dn + ry] = state[dn + ry], state[dn + rx]
    return r + 0 * (state[0] + grid[0] + work[0])


@njit(cache=True)
def _set_edge(state, grid, work, edge, val, why, level):
    """Decide ``edge``: queue its units, relate its two cells, and for a line join the paths
    at its ends (a closed loop with other lines about is a contradiction)."""
    cur = state[edge]
    if cur == val:
        return 0
    if cur != UNK:
        return C_CLASH
    state[edge] = val
    state[grid[WHY] + edge] = why
    ms = grid[MISC]
    state[grid[ORD] + edge] = state[ms + M_SEQ]
    state[ms + M_SEQ] += 1
    state[ms + M_UNK] -= 1
    work[Q0 + 2 * work[3] + work[2]] = edge
    work[2] += 1
    nc = grid[NC]
    a, b = grid[grid[EC] + 2 * edge], grid[grid[EC] + 2 * edge + 1]
    if a < nc:
        _push(work, a)
    if b < nc:
        _push(work, b)
    u, v = grid[grid[EV] + 2 * edge], grid[grid[EV] + 2 * edge + 1]
    _push(work, nc + u)
    _push(work, nc + v)
    r = _union(state, grid, work, a, b, 1 if val == YES else 0, level)
    if r or val != YES:
        return r
    state[ms + M_YES] += 1
    pp, pl = grid[PP], grid[PL]
    pu, pv = state[pp + u], state[pp + v]
    if pu < 0 or pv < 0:
        return C_BRANCH
    if pu == v:  # the line closes its own path
        if state[pl + u] + 1 != state[ms + M_YES]:
            return C_SUBLOOP
        state[ms + M_CLOSED] = 1
        state[pp + u] = -1
        state[pp + v] = -1
        return 0
    length = state[pl + u] + state[pl + v] + 1
    if pu != u:
        state[pp + u] = -1
    if pv != v:
        state[pp + v] = -1
    state[pp + pu] = pv
    state[pp + pv] = pu
    state[pl + pu] = length
    state[pl + pv] = length
    _push(work, nc + pu)
    _push(work, nc + pv)
    d = state[ms + M_DEFER]
    if d >= 0:
        state[ms + M_DEFER] = -1
        _push(work, nc + d)
    return 0


@njit(cache=True)
def _closing_ends(state, grid, work, end, level):
    """Loop closure at path end ``end``: an unknown edge to the path's other end is off, unless the
    path holds every line and closing it meets every clue (then it may be the solution: the
    check is repeated when another line appears)."""
    ms = grid[MISC]
    other_end = state[grid[PP] + end]
    if other_end < 0 or other_end == end:
        return 0
    for k in range(4):
        edge = grid[grid[VE] + 4 * end + k]
        if edge == grid[NE] or state[edge] != UNK:
            continue
        if grid[grid[EV] + 2 * edge] != other_end and grid[grid[EV] + 2 * edge + 1] != other_end:
            continue
        if state[ms + M_YES] > state[grid[PL] + end]:
            return _set_edge(state, grid, work, edge, NO, W_LOOP, level)
        for c in range(grid[NC]):
            n = grid[grid[CLUE] + c]
            if n < 0:
                continue
            cnt = 0
            for j in range(4):
                f = grid[grid[CE] + 4 * c + j]
                cnt += state[f] == YES or f == edge
            if cnt != n:
                return _set_edge(state, grid, work, edge, NO, W_LOOP, level)
        state[ms + M_DEFER] = end
    return 0


@njit(cache=True)
def _unit(state, grid, work, unit, level):
    """Deduce what every assignment of ``unit``'s edges allowed by its constraints agrees on:
    corner flags are set here, the edges and relations found are left in ``work``'s scratch for
    ``_drain`` (a call that takes the arrays costs reference counting: this one makes none)."""
    nc, tab = grid[NC], grid[TAB]
    ents = len(work) - SCRATCH  # where the unit's cells, edges, corners and roots are kept
    edges, angles, roots, out = ents + 5, ents + 9, ents + 13, ents + FOUND
    work[out] = 0  # edges found (edge, value, rule), then relations found (cell, cell, parity)
    work[out + 1] = 0
    if unit < nc:
        n = grid[grid[CLUE] + unit]
        allowed = grid[tab + T_CNT + n] if n >= 0 else FULL
        work[ents] = unit
        nent, em = 5, tab + T_EMC
        for k in range(4):
            work[edges + k] = grid[grid[CE] + 4 * unit + k]
            work[angles + k] = grid[grid[CA] + 4 * unit + k]
            work[ents + k + 1] = grid[grid[CN] + 4 * unit + k]
        base_why = W_CLUE
    else:
        v = unit - nc
        allowed = grid[tab + T_CNT] | grid[tab + T_CNT + 2]
        nent, em = 4, tab + T_EMV
        for k in range(4):
            work[edges + k] = grid[grid[VE] + 4 * v + k]
            work[angles + k] = 4 * v + k
            work[ents + k] = grid[grid[VQ] + 4 * v + k]
        base_why = W_VERTEX
    open_edges = 0
    for k in range(4):
        st = state[work[edges + k]]
        if st == YES:
            allowed &= grid[tab + T_YES + k]
        elif st == NO:
            allowed &= grid[tab + T_NO + k]
        else:
            open_edges += 1
    plain = allowed
    an = grid[AN]
    for k in range(4):
        f = state[an + work[angles + k]]
        if f & 1:
            allowed &= grid[tab + T_AM + k]
        if f & 2:
            allowed &= grid[tab + T_AL + k]
    cornered = allowed
    failed = C_CELL if unit < nc else C_VERTEX
    r = 0
    if open_edges == 0:  # decided: only a check (its corners and relations are in its edges)
        r = 0 if allowed else failed
    else:
        if level >= L_COLOURING:
            for i in range(nent):
                work[roots + i] = _find(state, grid, work[ents + i])
            for i in range(nent):
                for j in range(i + 1, nent):
                    if work[roots + i] >> 1 == work[roots + j] >> 1:
                        sub = grid[em + i] ^ grid[em + j]
                        allowed &= grid[tab + T_PAR + 2 * sub + ((work[roots + i] ^ work[roots + j]) & 1)]
        if allowed == 0:
            r = failed
        else:
            known = on = 0  # the unit's edges decided or found, and those on
            for k in range(4):
                e = work[edges + k]
                if state[e] != UNK:
                    known |= 1 << k
                    on |= (state[e] == YES) << k
                    continue
                val = UNK
                if allowed & grid[tab + T_NO + k] == 0:
                    val = YES
                elif allowed & grid[tab + T_YES + k] == 0:
                    val = NO
                if val == UNK:
                    continue
                known |= 1 << k
                on |= (val == YES) << k
                bad = grid[tab + (T_NO if val == YES else T_YES) + k]
                why = base_why if plain & bad == 0 else (
                    base_why + 2 if cornered & bad == 0 else base_why + 4)
                at = out + FOUND_EDGES + 3 * work[out]
                work[at], work[at + 1], work[at + 2] = e, val, why
                work[out] += 1
            flags = 3 if level >= L_CHAINS else 0
            for k in range(4):  # below it, only a unit with a decided edge (counting: a line
                # at a vertex)
                if flags == 0 and work[edges + k] != grid[NE] and known >> k & 1:
                    if level >= L_CORNERS:
                        flags = 3
                    elif unit >= nc and on >> k & 1:
                        flags = 1
            for k in range(4):
                if flags == 0:
                    break
                if known >> k & 1 or known >> ((k + 1) & 3) & 1:
                    continue  # beside a decided edge a flag says no more than this unit decides
                a = work[angles + k]
                f = state[an + a]
                nf = f
                if allowed & ~grid[tab + T_AM + k] & FULL == 0:
                    nf |= 1 & flags
                if allowed & ~grid[tab + T_AL + k] & FULL == 0:
                    nf |= 2 & flags
                if nf != f:
                    state[an + a] = nf
                    vtx = a >> 2
                    c = grid[grid[VQ] + 4 * vtx + ((a + 1) & 3)]
                    _push(work, nc + vtx)
                    if c < nc:
                        _push(work, c)
            if level >= L_COLOURING:
                for i in range(nent):
                    for j in range(i + 1, nent):
                        if work[roots + i] >> 1 == work[roots + j] >> 1:
                            continue
                        sub = grid[em + i] ^ grid[em + j]
                        p = -1
                        if allowed & ~grid[tab + T_PAR + 2 * sub] & FULL == 0:
                            p = 0
                        elif allowed & ~grid[tab + T_PAR + 2 * sub + 1] & FULL == 0:
                            p = 1
                        if p >= 0:
                            at = out + FOUND_RELATIONS + 3 * work[out + 1]
                            work[at], work[at + 1], work[at + 2] = work[ents + i], work[ents + j], p
                            work[out + 1] += 1
    # numba lets go of an array at its last use: with every array's last use here, at the one
    # exit, its reference counting is optimised away (at a third of the time of a unit)
    return r + 0 * (state[0] + grid[0] + work[0])


@njit(cache=True)
def _drain(state, grid, work, level):
    """Run the queued units to a fixpoint at ``level``; 0, or the contradiction met."""
    nc, ne = grid[NC], grid[NE]
    nu = nc + grid[NV]
    out = len(work) - SCRATCH + FOUND
    r = 0
    while r == 0:
        while work[1] > 0 and r == 0:
            u = work[Q0 + work[0]]
            work[0] = work[0] + 1 if work[0] + 1 < nu else 0
            work[1] -= 1
            r = _unit(state, grid, work, u, level)  # still flagged queued: its own steps do not requeue it
            for i in range(work[out] if r == 0 else 0):
                at = out + FOUND_EDGES + 3 * i
                r = _set_edge(state, grid, work, work[at], work[at + 1], work[at + 2], level)
                if r:
                    break
            for i in range(work[out + 1] if r == 0 else 0):
                at = out + FOUND_RELATIONS + 3 * i
                r = _union(state, grid, work, work[at], work[at + 1], work[at + 2], level)
                if r:
                    break
            work[Q0 + nu + u] = 0
            if r == 0 and u >= nc:  # loop closure at a path's end: not in the unit's assignments
                o = state[grid[PP] + u - nc]
                if o >= 0 and o != u - nc:
                    r = _closing_ends(state, grid, work, u - nc, level)
        if r or state[grid[MISC] + M_CLOSED] == 0 or state[grid[MISC] + M_UNK] == 0:
            break
        for e in range(ne):  # a closed loop: it is the solution, every other edge is off
            if state[e] == UNK:
                r = _set_edge(state, grid, work, e, NO, W_CLOSED, level)
                if r:
                    break
    return r


@njit(cache=True)
def propagate(state, grid, work, level):
    """Run the queued units (all of them when the queue is empty on entry) to a fixpoint; 0, or
    the contradiction met (the queue is emptied either way). ``level``: the rule families
    switched on (``L_COUNTING`` .. ``FULL_LEVEL``)."""
    nu = grid[NC] + grid[NV]
    r = 0
    if work[1] == 0:
        for u in range(nu):
            _push(work, u)
        if level > STAGE_LEVEL:  # the cheaper rules first: fewer units run the costly ones
            r = _drain(state, grid, work, STAGE_LEVEL)
            if r == 0:
                for u in range(nu):
                    _push(work, u)
    if r == 0:
        r = _drain(state, grid, work, level)
    if r == 0 and state[grid[MISC] + M_UNK] == 0 and state[grid[MISC] + M_YES] == 0:
        r = C_EMPTY  # every edge off: a solution draws at least one line
    while work[1] > 0:
        work[Q0 + nu + work[Q0 + work[0]]] = 0
        work[0] = work[0] + 1 if work[0] + 1 < nu else 0
        work[1] -= 1
    return r


@njit(cache=True)
def decide(state, grid, work, edge, val, why, level):
    """Set edge ``edge`` to ``val`` and propagate (the edges decided logged in ``work``): 0, or the
    contradiction met."""
    work[2] = 0
    r = _set_edge(state, grid, work, edge, val, why, level)
    return r if r else propagate(state, grid, work, level)


@njit(cache=True)
def probe(state, grid, work, level, budget):
    """Contradiction probing at depth 1, to a fixpoint or until ``budget`` trials in all (0: no
    limit): set an unknown edge on, propagate; a contradiction sets it off (and the other way
    round); when both survive, every edge both trials decided alike is decided so. 0, or the
    contradiction met. Where the round stands is kept in the state, so a caller can go on."""
    ne, nu = grid[NE], grid[NC] + grid[NV]
    trials = grid[MISC] + M_TRIALS
    log0 = Q0 + 2 * nu
    seen = log0 + ne  # where the edges the "on" trial decided are kept while the "off" one runs
    e, idle = state[grid[MISC] + M_POS], state[grid[MISC] + M_IDLE]
    while idle < ne and state[grid[MISC] + M_UNK] > 0:  # round the edges until a full round finds nothing
        if budget > 0 and state[trials] >= budget:
            break
        e = (e + 1) % ne
        idle += 1
        if state[e] != UNK:
            continue
        state[trials] += 2
        on = state.copy()
        off, r_off, nseen = on, 0, 0
        r_on = decide(on, grid, work, e, YES, W_PROBE, level)
        if r_on == 0:
            nseen = work[2]
            for i in range(nseen):
                work[seen + i] = work[log0 + i]
            off = state.copy()
            r_off = decide(off, grid, work, e, NO, W_PROBE, level)
        if r_on or r_off:
            r = decide(state, grid, work, e, NO if r_on else YES, W_PROBE, level)
            if r:
                return r
            idle = 0
            continue
        work[2] = 0
        agreed = False
        for i in range(nseen):
            f = work[seen + i]
            if f != e and state[f] == UNK and on[f] == off[f]:
                r = _set_edge(state, grid, work, f, on[f], W_PROBE_AGREE, level)
                if r:
                    return r
                agreed = True
        if agreed:
            r = propagate(state, grid, work, level)
            if r:
                return r
            idle = 0
    state[grid[MISC] + M_POS] = e
    state[grid[MISC] + M_IDLE] = idle
    work[2] = 0
    return 0


OP_PROPAGATE, OP_PROBE, OP_DECIDE, OP_SET = range(4)


@njit(cache=True)
def run(state, grid, work, op, edge, val, why, level, budget):
    """The one entry Python calls (so the code is compiled and optimised once): ``propagate``,
    ``probe``, ``decide`` or set one edge without propagating, as ``op`` says."""
    if op == OP_PROPAGATE:
        return propagate(state, grid, work, level)
    if op == OP_PROBE:
        return probe(state, grid, work, level, budget)
    if op == OP_DECIDE:
        return decide(state, grid, work, edge, val, why, level)
    return _set_edge(state, grid, work, edge, val, why, level)
