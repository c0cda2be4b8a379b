"""The server's jobs: every request that runs a solver, a rule cascade or a generator is a job run
by a worker process (``web.worker``), never by the server itself, so the server answers the page
at once however much work is queued.

* Two lanes. ``heavy``: one worker per core; ``small``: one reserved worker for jobs on puzzles
  the limits table calls small (``harness.limits``), so a 5x5 solve never waits behind a queue
  of 10x10 edge-matching solves. Heavy workers run at a lower priority (``nice``) than the
  server and the small lane. Jobs beyond the workers wait in their lane's queue (FIFO); a job
  knows its place in it.
* Every job can be cancelled (``cancel``): a queued job leaves the queue, a running one has its
  worker killed (SIGKILL) and replaced. A job past its budget (its own time limit plus a
  grace) is killed the same way. A worker whose job used its whole time limit, or which holds
  more than ``RECYCLE_MIB`` afterwards, exits after answering, so a timed-out job gives its
  memory back.
* Workers are started ahead of the jobs (imports done) and ask to die with the server
  (``PR_SET_PDEATHSIG``, as the batch runner's workers do).
* Warming (``warm``): what the page's first clicks run is paid at start, in the background. A
  worker of its own (the warmer) runs the warm-up once (``web.worker.warm``), compiling what
  numba's on-disk cache lacks; meanwhile the lanes' workers answer whatever comes, as a cold
  process would. Then each lane's worker, when idle, runs the warm-up too -- loading the cached
  code, no compiling -- and so does every worker started later in place of one. The pool is
  *ready* when the warmer is done and every lane's worker is warm (``readiness``); a request
  before that is answered all the same, never refused.

Answers travel as JSON bytes (serialized in the worker), so the server only forwards them.
"""

from __future__ import annotations

import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from .worker import WARM_UP

GRACE = 1.5  # seconds a job may run past its budget before its worker is killed
MEMORY_MIB = 2048  # a worker holding more than this while working is killed (answer 413)
RECYCLE_MIB = 400  # a worker holding this much more than when warm after a job exits and is replaced
HEAVY_NICE = 10  # the heavy lane's priority below the server's
MAX_QUEUED = 200  # jobs waiting in one lane; more are refused (503)
KEEP_DONE = 500  # finished jobs remembered for their status
START_TRIES = 3  # failed starts of a worker in a row before the next waiting job fails
POLL = 0.05  # seconds between the checks of a running job (cancel, budget, memory)
WARMER = "gridsolve-warmer"  # the warmer's thread (and its worker's key in ``workers``)
WARM_BUDGET = 900.0  # seconds the warm-up may take (compiling every kernel on a loaded machine)
JOB_ID_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


@dataclass
class Outcome:
    """What a job answers: an HTTP status and a JSON body (bytes)."""

    status: int
    body: bytes


def error(status: int, message: str) -> Outcome:
    return Outcome(status, json.dumps({"error": message}).encode())


@dataclass
class Job:
    id: str
    name: str  # the endpoint (``web.worker.run`` looks it up)
    payload: dict
    lane: str
    budget: float  # seconds the job may run (its own time limit, plus its answer's making)
    limit: float  # its own time limit: a job that used it all frees its worker afterwards
    root: str
    state: str = "queued"  # queued | running | done | cancelled
    pid: int | None = None
    started: float | None = None
    ended: float | None = None
    progress: list = field(default_factory=list)  # what the job reported while running
    future: Future = field(default_factory=Future)
    cancel_asked: threading.Event = field(default_factory=threading.Event)

    def seconds(self) -> float | None:
        if self.started is None:
            return None
        return round((self.ended or time.monotonic()) - self.started, 3)


def _rss_mib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") >> 20
    except (OSError, ValueError, IndexError):
        return 0


def _descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (Linux: read from /proc; elsewhere none)."""
    parent: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        found.extend(kids)
        frontier.extend(kids)
    return found


class Worker:
    """One worker process of a lane (``python -m gridsolve.web.worker``)."""

    def __init__(self, nice: int) -> None:
        from ..harness.worker import child_env

        self.log = tempfile.TemporaryFile()
        self.warmed = False  # the warm-up ran here (or was tried)
        self.warm_mib = 0  # what it held after the warm-up: its loaded code is no leak
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gridsolve.web.worker", str(nice)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, env=child_env(),
            start_new_session=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both PIPE
        self.send = Connection(os.dup(self.proc.stdin.fileno()), readable=False)
        self.recv = Connection(os.dup(self.proc.stdout.fileno()), writable=False)
        self.proc.stdin.close()
        self.proc.stdout.close()
        self.ready = False
        self._kill_once = threading.Lock()  # the pool's close and a job's end may kill it together
        self.killed = False

    @property
    def pid(self) -> int:
        return self.proc.pid

    def wait_ready(self, stop: threading.Event) -> bool:
        """Wait for the worker's imports; False if it died or the pool stops."""
        while not stop.is_set():
            if self.recv.poll(POLL):
                try:
                    self.ready = self.recv.recv() == ("ready",)
                except (EOFError, OSError):
                    return False
                return self.ready
            if self.proc.poll() is not None:
                return False
        return False

    def kill(self) -> None:
        """Kill the worker and every process it started (an experiment's solver process may not
        have reached its own ``PR_SET_PDEATHSIG`` yet). Once: a second call (another thread's)
        does nothing, rather than close its connections twice."""
        with self._kill_once:
            if self.killed:
                return
            self.killed = True
        if self.proc.poll() is None:
            below = _descendants(self.proc.pid)
            self.proc.kill()
            for pid in below:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for c in (self.send, self.recv, self.log):
            c.close()

    def last_words(self) -> str:
        try:
            self.log.seek(0)
            lines = self.log.read()[-4000:].decode(errors="replace").splitlines()
        except (OSError, ValueError):
            return ""
        return next((ln.strip() for ln in reversed(lines) if ln.strip()), "")


class Pool:
    """The lanes of one server (started lazily, on the first job). ``warm``: warm the workers at
    start (see the module's docstring); ``on_ready(seconds)`` is called once, when warm."""

    def __init__(self, root: Path, heavy: int | None = None, warm: bool = False,
                 on_ready: Callable[[float], None] | None = None) -> None:
        self.root = str(root)
        self.sizes = {"small": 1, "heavy": heavy or os.cpu_count() or 1}
        self.warm = warm
        self.on_ready = on_ready
        self.started: float | None = None  # when ``start`` ran (monotonic)
        self.ready_after: float | None = None  # seconds from ``start`` to ready
        self.compiled = threading.Event()  # the warmer is done: numba's cache holds the code
        self.warm_report: dict = {}  # the warmer's answer: seconds per kind, what it compiled
        self.warm_error = ""  # why warming was given up (the workers then run cold)
        self.slots: list[str] = []  # the lanes' thread names
        self.lock = threading.Condition()
        self.queues: dict[str, collections.deque[Job]] = {lane: collections.deque() for lane in self.sizes}
        self.jobs: dict[str, Job] = {}
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.workers: dict[str, Worker] = {}  # thread name -> its current worker

    # ------------------------------------------------------------------ the server's side

    def start(self) -> None:
        with self.lock:
            if self.threads or self.stop.is_set():
                return
            self.started = time.monotonic()
            if not self.warm:
                self.ready_after = 0.0
            for lane, n in self.sizes.items():
                for i in range(n):
                    t = threading.Thread(target=self._slot, args=(lane,), daemon=True,
                                         name=f"gridsolve-{lane}-{i}")
                    self.slots.append(t.name)
                    self.threads.append(t)
            if self.warm:
                self.threads.append(threading.Thread(target=self._warmer, daemon=True, name=WARMER))
            for t in self.threads:
                t.start()

    def readiness(self) -> dict:
        """Whether the workers are warm (``ready``), the seconds it took (or has taken so far),
        how many of the lanes' workers are warm, and the warmer's report."""
        with self.lock:
            warm = sum(1 for name in self.slots if (w := self.workers.get(name)) is not None and w.warmed)
            since = 0.0 if self.started is None else time.monotonic() - self.started
            return {"ready": self.ready_after is not None or not self.warm, "warming": self.warm,
                    "seconds": round(self.ready_after if self.ready_after is not None else since, 3),
                    "workers": len(self.slots), "warm": warm, "compiled": self.compiled.is_set(),
                    "warmer": self.warm_report, "error": self.warm_error}

    def _check_ready(self) -> None:
        """Note the moment the last lane's worker got warm (under the lock); tell ``on_ready``."""
        if self.ready_after is not None or self.started is None or not self.compiled.is_set():
            return
        if self.warm and not self.warm_error and not all(
                (w := self.workers.get(name)) is not None and w.warmed for name in self.slots):
            return
        self.ready_after = time.monotonic() - self.started
        if self.on_ready is not None:
            threading.Thread(target=self.on_ready, args=(self.ready_after,), daemon=True).start()

    def submit(self, name: str, payload: dict, lane: str, limit: float, budget: float,
               job_id: str | None = None) -> Job:
        """Queue a job; ValueError for a job id in use or a full queue (``Busy``)."""
        if job_id is None:
            job_id = uuid.uuid4().hex[:16]
        elif not (0 < len(job_id) <= 64 and set(job_id) <= JOB_ID_CHARS):
            raise ValueError("job id: 1 to 64 letters, digits, '-' or '_'")
        self.start()
        with self.lock:
            if job_id in self.jobs:
                raise ValueError(f"job id {job_id!r} is in use")
            if len(self.queues[lane]) >= MAX_QUEUED:
                raise Busy(f"{MAX_QUEUED} jobs are waiting already; try again later")
            job = Job(job_id, name, payload, lane, budget, limit, self.root)
            self.jobs[job_id] = job
            self.queues[lane].append(job)
            self._forget_old()
            self.lock.notify_all()
        return job

    def _forget_old(self) -> None:
        done = [j for j in self.jobs.values() if j.state in ("done", "cancelled")]
        for j in done[:max(0, len(done) - KEEP_DONE)]:
            del self.jobs[j.id]

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def status(self, job_id: str) -> dict | None:
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None:
                return None
            queue = self.queues[job.lane]
            position = next((i + 1 for i, j in enumerate(queue) if j is job), 0)
            return {"job": job.id, "endpoint": job.name, "lane": job.lane, "state": job.state,
                    "position": position, "pid": job.pid, "seconds": job.seconds(),
                    "budget": job.budget, "progress": list(job.progress)}

    def cancel(self, job_id: str) -> bool:
        """Cancel a queued or running job; False when it is unknown or already over."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state in ("done", "cancelled"):
                return False
            job.cancel_asked.set()
            if job.state == "queued":
                self.queues[job.lane].remove(job)
                self._finish(job, "cancelled", error(409, "cancelled"))
        return True  # a running job: its slot kills the worker within ``POLL`` seconds

    def close(self) -> None:
        self.stop.set()
        with self.lock:
            for q in self.queues.values():
                for job in q:
                    self._finish(job, "cancelled", error(503, "the server is stopping"))
                q.clear()
            self.lock.notify_all()
            workers = list(self.workers.values())
        for w in workers:
            w.kill()

    def _finish(self, job: Job, state: str, outcome: Outcome) -> None:
        job.state, job.ended = state, time.monotonic()
        if not job.future.done():
            job.future.set_result(outcome)

    # ------------------------------------------------------------------ a slot: one worker at a time

    def _new_worker(self, lane: str) -> tuple[Worker | None, str]:
        """A started worker, or None and why it did not start."""
        w = Worker(HEAVY_NICE if lane == "heavy" else 0)
        with self.lock:
            self.workers[threading.current_thread().name] = w
        if w.wait_ready(self.stop):
            return w, ""
        why = w.last_words()
        w.kill()
        return None, why

    def _slot(self, lane: str) -> None:
        worker: Worker | None = None
        failures = 0
        while not self.stop.is_set():
            if worker is None:
                worker, why = self._new_worker(lane)
                if worker is None:
                    failures += 1
                    if failures >= START_TRIES:  # a broken install: the waiting job is told why
                        with self.lock:
                            if self.queues[lane]:
                                self._finish(self.queues[lane].popleft(), "done", error(
                                    500, "internal error: the worker process does not start"
                                    + (f": {why[:200]}" if why else "")))
                    time.sleep(min(5.0, 0.2 * failures))
                    continue
                failures = 0
            with self.lock:
                while not self.queues[lane] and not self.stop.is_set() and not self._to_warm(worker):
                    self.lock.wait(0.5)
                if self.stop.is_set():
                    break
                job = None
                if self.queues[lane]:  # a request first: warming waits while the lane is busy
                    job = self.queues[lane].popleft()
                    job.state, job.started, job.pid = "running", time.monotonic(), worker.pid
            keep = self._run(worker, job) if job is not None else self._warm(worker, lane)
            if not keep:
                worker.kill()
                worker = None
        if worker is not None:
            worker.kill()

    def _to_warm(self, worker: Worker) -> bool:
        """Whether ``worker`` is to run the warm-up now (the warmer filled the cache)."""
        return self.warm and self.compiled.is_set() and not self.warm_error and not worker.warmed

    def _warm_up(self, worker: Worker, lane: str) -> Outcome:
        """Run the warm-up on ``worker``: an internal job (no id the page knows)."""
        job = Job(f"{WARM_UP}-{uuid.uuid4().hex[:8]}", WARM_UP, {}, lane, WARM_BUDGET, WARM_BUDGET, self.root)
        job.state, job.started, job.pid = "running", time.monotonic(), worker.pid
        self._run(worker, job)  # its "keep" is the caller's to judge: the loaded code is no leak
        return job.future.result()

    def _warm(self, worker: Worker, lane: str) -> bool:
        """Warm a lane's worker (loading what the warmer compiled); whether it lives on."""
        outcome = self._warm_up(worker, lane)
        alive = worker.proc.poll() is None and outcome.status == 200
        with self.lock:
            worker.warmed = True  # tried: a failed warm-up is not tried again on this worker
            worker.warm_mib = _rss_mib(worker.pid) if alive else 0
            self._check_ready()
        return alive

    def _warmer(self) -> None:
        """Run the warm-up once on a worker of its own, compiling what numba's on-disk cache
        lacks, then let the lanes' workers warm (``compiled``). Given up after ``START_TRIES``
        failures: the workers then run cold, and the pool is ready at once."""
        why = ""
        for _ in range(START_TRIES):
            worker, why = self._new_worker("warmer")
            if worker is None:
                continue
            outcome = self._warm_up(worker, "warmer")
            worker.kill()
            with self.lock:
                self.workers.pop(threading.current_thread().name, None)
            if outcome.status == 200:
                why = ""
                self.warm_report = json.loads(outcome.body)
                break
            why = json.loads(outcome.body).get("error", f"HTTP {outcome.status}")
            if self.stop.is_set():
                break
        with self.lock:
            self.warm_error = f"warming failed: {why[:200]}" if why else ""
            self.compiled.set()
            self._check_ready()
            self.lock.notify_all()

    def _run(self, worker: Worker, job: Job) -> bool:
        """Run ``job`` on ``worker``; whether the worker lives on."""
        try:
            worker.send.send((job.name, job.root, job.payload, job.limit))
        except (OSError, ValueError):
            self._finish(job, "done", error(500, "internal error: the worker process is gone"))
            return False
        assert job.started is not None  # set when the job was taken off the queue
        deadline = job.started + job.budget + GRACE
        while True:
            if job.cancel_asked.is_set():
                with self.lock:
                    self._finish(job, "cancelled", error(409, "cancelled"))
                return False
            if self.stop.is_set():
                with self.lock:
                    self._finish(job, "cancelled", error(503, "the server is stopping"))
                return False
            if time.monotonic() > deadline:
                with self.lock:
                    self._finish(job, "done", error(504, f"the job ran past its time limit ({job.budget:g} s"
                                                    f" + {GRACE:g} s grace) and was stopped"))
                return False
            if _rss_mib(worker.pid) > MEMORY_MIB:
                with self.lock:
                    self._finish(job, "done", error(413, f"the job needed more than {MEMORY_MIB} MiB of "
                                                    "memory and was stopped; run it from the command line"))
                return False
            try:
                if not worker.recv.poll(POLL):
                    continue
                kind, *rest = worker.recv.recv()
            except (EOFError, OSError):
                why = worker.last_words()
                with self.lock:
                    self._finish(job, "done", error(500, "internal error: the worker process died"
                                                    + (f": {why[:200]}" if why else "")))
                return False
            if kind == "progress":
                with self.lock:
                    job.progress.append(rest[0])
                continue
            status, body, recycle = rest
            with self.lock:
                self._finish(job, "done", Outcome(status, body))
            return not recycle and _rss_mib(worker.pid) <= worker.warm_mib + RECYCLE_MIB


class Busy(RuntimeError):
    """A lane's queue is full: 503."""

