"""``gridsolve serve`` under load: does the page stay responsive while the server is flooded with
heavy work, does memory stay bounded, does every heavy job end on time?

    python -m benchmarks serve-load [--seconds 60] [--heavy 50] [--timeout 10] [--every 0.2]

Starts a real server (``gridsolve serve`` on a free port of 127.0.0.1, a fresh folder), waits
until it answers a 5x5 solve, then for ``--seconds``:

* keeps ``--heavy`` solves of 10x10 edge-matching puzzles (generated, style e2, seeds 0..;
  ``timeout`` ``--timeout`` s) in flight: each client sends one, and when it is answered, the
  next; the server queues what its workers cannot run;
* every ``--every`` seconds sends ``GET /api/kinds`` and a 5x5 Slitherlink solve (the shipped
  pzprjs-5x5), each timed from send to answer;
* every 0.25 s sums the resident memory (``/proc/PID/statm``, resident pages) of the server and
  every process below it (its workers and their solver processes): shared pages count once per
  process, so the sum overstates;

then closes the heavy clients' connections (the server cancels their jobs), and reads every heavy
job's end from ``GET /api/jobs/{id}``: its state and how long it ran in its worker (from the
moment a worker took it). Writes ``benchmarks/results/serve_load.md`` with the command, the
machine, the load average before and after, and the verdicts:

* small requests: p95 <= 200 ms and max <= 1 s;
* memory: the largest sum <= 1 GiB;
* every heavy job ended (done or cancelled), none ran longer than its timeout + 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from .common import command, markdown_table, publish, stamp

NAME = "serve_load"
P95_TARGET, MAX_TARGET = 0.200, 1.0  # seconds, small requests
RSS_TARGET_MIB = 1024
OVERRUN_TARGET = 2.0  # seconds a heavy job may run past its timeout


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree_rss_mib(pid: int) -> tuple[float, int]:
    """(resident MiB of ``pid`` and every process below it, how many processes)."""
    parent, rss = {}, {}
    page = os.sysconf("SC_PAGE_SIZE")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            p = int(stat.parent.name)
            parent[p] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            rss[p] = int((stat.parent / "statm").read_text().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    tree, frontier = [pid], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        tree += kids
        frontier += kids
    return sum(rss.get(p, 0) for p in tree) / 2**20, len(tree)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else float("nan")


class Server:
    def __init__(self) -> None:
        self.port = _free_port()
        self.root = tempfile.mkdtemp(prefix="gridsolve-serve-load-")
        self.base = f"http://127.0.0.1:{self.port}"
        exe = Path(sys.executable).with_name("gridsolve")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "gridsolve.cli.main"]
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--port", str(self.port), "--no-open", "--root", self.root],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        found = re.search(r"token=(\S+)", line)
        if not found:
            raise SystemExit(f"gridsolve serve printed no token: {line!r}")
        self.headers = {"Origin": self.base, "X-Gridsolve-Token": found.group(1)}

    def stop(self) -> None:
        """Ctrl+C, as a user stops it (uvicorn ends its workers first); killed after 20 s."""
        self.proc.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(20)
        if self.proc.poll() is None:
            self.proc.kill()


async def run(args) -> dict:
    import httpx
    from gridsolve.web import tools

    heavy_puzzles = [tools.generate(None, {"kind": "edgematching", "options": {"size": "10x10", "seed": s}})
                     ["puzzle"] for s in range(10)]
    server = Server()
    out: dict = {"kinds": [], "small": [], "small_errors": [], "rss": [], "heavy": {}, "heavy_errors": []}
    try:
        limits = httpx.Limits(max_connections=args.heavy + 20, max_keepalive_connections=args.heavy + 20)
        async with httpx.AsyncClient(base_url=server.base, headers=server.headers, timeout=None,
                                     limits=limits) as http:
            deadline = time.monotonic() + 180
            while True:  # started, and the fast lane warm
                try:
                    opened = await http.post("/api/open", json={"source": "sample:slitherlink/pzprjs-5x5"})
                    small = opened.json()
                    r = await http.post("/api/solve", json={"kind": "slitherlink", "puzzle": small["puzzle"]})
                    if r.status_code == 200 and (await http.get("/api/kinds")).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit("gridsolve serve did not answer in 180 s")
                await asyncio.sleep(0.5)
            out["load_before"] = os.getloadavg()
            t_end = time.monotonic() + args.seconds
            started: list[str] = []

            async def job_status(job: str) -> dict:
                s = await http.get(f"/api/jobs/{job}")
                return s.json() if s.status_code == 200 else {"state": f"HTTP {s.status_code}"}

            async def heavy_client(i: int) -> None:
                n = 0
                async with httpx.AsyncClient(base_url=server.base, headers=server.headers,
                                             timeout=None) as own:
                    while time.monotonic() < t_end:
                        job = f"heavy-{i}-{n}-{uuid.uuid4().hex[:6]}"
                        started.append(job)
                        body = {"kind": "edgematching", "puzzle": heavy_puzzles[(i + n) % len(heavy_puzzles)],
                                "timeout": args.timeout}
                        r = await own.post("/api/solve", json=body, headers={"X-Gridsolve-Job": job})
                        if r.status_code != 200:
                            out["heavy_errors"].append(f"{r.status_code} {r.text[:120]}")
                        out["heavy"][job] = await job_status(job)
                        n += 1

            async def timed(kind: str, call) -> None:
                t0 = time.perf_counter()
                try:
                    r = await call()
                    ok = r.status_code == 200
                except httpx.HTTPError as exc:
                    ok, r = False, exc
                dt = time.perf_counter() - t0
                out[kind].append(dt)
                if not ok:
                    out["small_errors"].append(f"{kind}: {getattr(r, 'status_code', r)}")

            async def ticker() -> None:
                pending, t_start, k = set(), time.monotonic(), 0
                while time.monotonic() < t_end:  # on a fixed schedule: a late tick does not delay the next
                    pending.add(asyncio.create_task(timed("kinds", lambda: http.get("/api/kinds"))))
                    pending.add(asyncio.create_task(timed("small", lambda: http.post(
                        "/api/solve", json={"kind": "slitherlink", "puzzle": small["puzzle"]}))))
                    pending = {t for t in pending if not t.done()}
                    k += 1
                    await asyncio.sleep(max(0.0, t_start + k * args.every - time.monotonic()))
                await asyncio.gather(*pending)

            async def sampler() -> None:
                while time.monotonic() < t_end + 5:
                    out["rss"].append(tree_rss_mib(server.proc.pid))
                    await asyncio.sleep(0.25)

            heavy = [asyncio.create_task(heavy_client(i)) for i in range(args.heavy)]
            side = [asyncio.create_task(ticker()), asyncio.create_task(sampler())]
            await asyncio.sleep(args.seconds)
            for t in heavy:  # the clients go away: their connections close, the server cancels their jobs
                t.cancel()
            await asyncio.gather(*heavy, return_exceptions=True)
            await asyncio.gather(*side)
            await asyncio.sleep(2.0)
            for job in started:
                if job not in out["heavy"] or out["heavy"][job].get("state") in ("queued", "running"):
                    out["heavy"][job] = await job_status(job)
            out["load_after"] = os.getloadavg()
            out["rss_after"] = tree_rss_mib(server.proc.pid)
    finally:
        server.stop()
    return out


def report(out: dict, args, argv: list[str]) -> tuple[str, bool]:
    rows, ok = [], True
    for kind, label in (("kinds", "GET /api/kinds"), ("small", "POST /api/solve 5x5 Slitherlink")):
        xs = out[kind]
        p95, worst = percentile(xs, 0.95), max(xs) if xs else float("nan")
        good = bool(xs) and p95 <= P95_TARGET and worst <= MAX_TARGET
        ok &= good
        rows.append([label, len(xs), f"{statistics.median(xs) * 1000:.0f}", f"{p95 * 1000:.0f}",
                     f"{worst * 1000:.0f}", "yes" if good else "**no**"])
    jobs = out["heavy"]
    states: dict[str, int] = {}
    for j in jobs.values():
        states[j.get("state", "?")] = states.get(j.get("state", "?"), 0) + 1
    ran = [j["seconds"] for j in jobs.values() if j.get("seconds") is not None]
    longest = max(ran) if ran else 0.0
    ended = all(j.get("state") in ("done", "cancelled") for j in jobs.values())
    in_time = longest <= args.timeout + OVERRUN_TARGET
    peak, procs = max(out["rss"]) if out["rss"] else (float("nan"), 0)
    rss_ok = peak <= RSS_TARGET_MIB
    ok &= ended and in_time and rss_ok and not out["small_errors"]
    lines = [
        "# gridsolve serve under load\n",
        stamp(command("serve-load", argv)),
        f"Conditions: {args.heavy} heavy solves kept in flight for {args.seconds:g} s (10x10 edge matching, "
        f"style e2, timeout {args.timeout:g} s, the default backend), `GET /api/kinds` and a 5x5 Slitherlink "
        f"solve sent every {args.every * 1000:.0f} ms; a real `gridsolve serve` on 127.0.0.1; the client in "
        "the same machine. Load average (1, 5, 15 min) before: "
        f"{', '.join(f'{x:.2f}' for x in out['load_before'])}; after: "
        f"{', '.join(f'{x:.2f}' for x in out['load_after'])} (other work on the machine shares its cores).\n",
        "## Small requests while the heavy ones are queued\n",
        markdown_table(["request", "sent", "median ms", "p95 ms", "max ms",
                        f"p95 <= {P95_TARGET * 1000:.0f} ms and max <= {MAX_TARGET * 1000:.0f} ms"], rows),
        f"Errors among the small requests: {len(out['small_errors'])}"
        + (f" ({'; '.join(out['small_errors'][:5])})" if out["small_errors"] else "") + ".\n",
        "## Heavy jobs\n",
        f"{len(jobs)} heavy solves sent; their ends: "
        + ", ".join(f"{n} {s}" for s, n in sorted(states.items()))
        + f". Every one ended: {'yes' if ended else '**no**'}. {len(ran)} ran in a worker; the longest ran "
        f"{longest:.2f} s (timeout {args.timeout:g} s + {OVERRUN_TARGET:g} s allowed: "
        f"{'yes' if in_time else '**no**'}). Answers other than 200: {len(out['heavy_errors'])} "
        "(the jobs cancelled when their clients went away at the end).\n",
        "## Memory\n",
        f"Resident memory of the server and every process below it (workers, their solver processes), "
        f"summed from /proc/PID/statm every 0.25 s ({len(out['rss'])} samples; shared pages counted once per "
        f"process, so the sum overstates): largest {peak:.0f} MiB over {procs} processes "
        f"(<= {RSS_TARGET_MIB} MiB: {'yes' if rss_ok else '**no**'}); after the run "
        f"{out['rss_after'][0]:.0f} MiB over {out['rss_after'][1]} processes.\n",
        f"Verdict: {'all targets met' if ok else '**a target was missed**'}.\n",
    ]
    return "\n".join(lines), ok


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks serve-load")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--heavy", type=int, default=50)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--every", type=float, default=0.2)
    args = ap.parse_args(argv)
    out = asyncio.run(run(args))
    text, ok = report(out, args, argv)
    publish(NAME, text)
    return 0 if ok else 1
