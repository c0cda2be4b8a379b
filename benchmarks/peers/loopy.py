"""Simon Tatham's Loopy (from his portable puzzle collection) as a peer: build it from the public
source, run it, time it.

Two programs take part. ``loopysolver`` is the collection's own standalone solver (``loopy.c``
with ``STANDALONE_SOLVER``): one process per puzzle, for whole-process times. ``loopy_timer`` is
our driver (``loopy_timer.c`` beside this file), compiled against the same source: it solves
many game IDs in one process and times each solve with ``clock_gettime`` -- the in-process time
-- and generates puzzles with Loopy's own generator at each difficulty tier.

The collection's CMake build needs GTK; both programs only need the solver, so ``build``
compiles them with the C compiler directly: the sources of the collection's ``common`` library
(read from its CMakeLists.txt) into a static library, then each program's own file and
``nullfe.c`` (the collection's do-nothing front end) against it.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

DRIVER = Path(__file__).with_name("loopy_timer.c")
TIERS = ("Easy", "Normal", "Tricky", "Hard")
TIER_CHARS = "enth"  # Loopy's difficulty letters in game parameters (``10x10t0dh``)
SOLVED, GAVE_UP, MISTAKE = "solved", "gaveup", "mistake"

HOW_TO_BUILD = """\
Building Loopy's solver (no GTK needed): get the source of Simon Tatham's Portable Puzzle
Collection (git clone https://git.tartarus.org/simon/puzzles.git, or the tarball
https://www.chiark.greenend.org.uk/~sgtatham/puzzles/puzzles.tar.gz) and either

  * pass --puzzles-src DIR: the benchmark compiles loopysolver and our timing driver
    (benchmarks/peers/loopy_timer.c) itself with cc into --build-dir, or
  * build loopysolver by hand and pass --loopy-solver PATH (whole-process times only):

      cd puzzles && mkdir -p build && cd build
      for f in $(sed -n '/add_library(core_obj/,/)/p' ../CMakeLists.txt | grep -o '[a-z0-9-]*\\.c') \\
               hat.c spectre.c; do cc -O2 -I.. -c ../$f; done
      ar rcs libcommon.a *.o
      cc -O2 -DSTANDALONE_SOLVER -I.. -o loopysolver ../nullfe.c ../loopy.c libcommon.a -lm

loopysolver [-g] GAME_ID solves (or with -g grades) one puzzle with the tiers Easy..Hard and
prints the solution, or "Unable to find a unique solution" when the logic gives up.
"""


class PeerError(RuntimeError):
    """The peer could not be built or run."""


@dataclass(frozen=True)
class Tools:
    solver: Path | None  # the standalone loopysolver: whole-process times
    timer: Path | None  # our driver: in-process times and generation


@dataclass(frozen=True)
class Solve:
    """One puzzle through the driver: the verdict, the weakest tier that completes it ("" when
    none does) and the seconds of each round."""

    verdict: str
    tier: str
    seconds: tuple[float, ...]


def default_build_dir() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "gridsolve" / "loopy"


def common_sources(src: Path) -> list[str]:
    """The C files of the collection's ``common`` library, as its CMakeLists.txt lists them (the
    platform's GUI sources left out)."""
    text = (src / "CMakeLists.txt").read_text()
    core = re.search(r"add_library\(core_obj OBJECT(.*?)\)", text, re.S)
    common = re.search(r"add_library\(common STATIC \$<TARGET_OBJECTS:core_obj>(.*?)\)", text, re.S)
    if not core or not common:
        raise PeerError(f"{src}/CMakeLists.txt does not list the core_obj / common libraries")
    files = re.findall(r"[\w.-]+\.c\b", core.group(1) + " " + common.group(1))
    return [f for f in files if (src / f).exists()]


def build(src: Path, out: Path, cc: str | None = None) -> Tools:
    """Compile loopysolver and loopy_timer from the puzzles source ``src`` into a folder of
    ``out`` named after a hash of every input, so a rebuild happens only when a file changed."""
    src = src.resolve()
    if not (src / "loopy.c").exists():
        raise PeerError(f"{src} is not the puzzles source (no loopy.c)")
    cc = cc or os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise PeerError("no C compiler found (set CC)")
    sources = common_sources(src)
    digest = hashlib.sha256()
    for path in [DRIVER, *sorted(src.glob("*.h")), *(src / f for f in [*sources, "loopy.c", "nullfe.c"])]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    here = out / digest.hexdigest()[:12]
    tools = Tools(solver=here / "loopysolver", timer=here / "loopy_timer")
    if tools.solver.exists() and tools.timer.exists():
        return tools
    objects = here / "obj"
    objects.mkdir(parents=True, exist_ok=True)
    flags = ["-O2", "-I", str(src)]
    for f in sources:
        _compile([cc, *flags, "-c", str(src / f), "-o", str(objects / (f[:-2] + ".o"))])
    library = objects / "libcommon.a"
    _compile(["ar", "rcs", str(library), *sorted(str(p) for p in objects.glob("*.o"))])
    tail = [str(src / "nullfe.c"), str(library), "-lm"]
    _compile([cc, *flags, "-DSTANDALONE_SOLVER", "-o", str(tools.solver), str(src / "loopy.c"), *tail])
    _compile([cc, *flags, "-o", str(tools.timer), str(DRIVER), *tail])
    return tools


def _compile(argv: list[str]) -> None:
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode:
        raise PeerError(f"{' '.join(argv)} failed:\n{p.stderr[-2000:]}")


class Timer:
    """The driver in ``solve`` mode, kept running: one game ID in, one timed verdict out. A
    puzzle that makes the driver die gets the verdict ``error:...`` and a new driver."""

    def __init__(self, path: Path, rounds: int) -> None:
        self.argv = [str(path), "solve", str(rounds)]
        self.proc = self._start()

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                bufsize=1)

    def solve(self, game_id: str) -> Solve:
        try:
            self.proc.stdin.write(game_id + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            code = self.proc.wait()
            self.proc = self._start()
            return Solve(f"error:loopy_timer exit {code}", "", ())
        verdict, tier, seconds = line.rstrip("\n").split("\t")
        return Solve(verdict, "" if tier == "-" else tier,
                     tuple(float(s) for s in seconds.split(",") if s))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()

    def __enter__(self) -> Timer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def generate(timer: Path, params: str, count: int, seed: str) -> list[tuple[str, float]]:
    """``count`` puzzles from Loopy's generator with ``params`` (e.g. ``10x10t0dh``), seeded
    ``seed-0``, ``seed-1``, ...: (game ID, seconds to generate) each."""
    p = subprocess.run([str(timer), "generate", params, str(count), seed], capture_output=True,
                       text=True)
    if p.returncode:
        raise PeerError(f"loopy_timer generate {params}: {p.stderr.strip()}")
    out = []
    for line in p.stdout.splitlines():
        game_id, seconds = line.split("\t")
        out.append((game_id, float(seconds)))
    return out


def params(rows: int, cols: int, tier: str) -> str:
    """Loopy's game parameters for a square grid at a difficulty tier."""
    return f"{cols}x{rows}t0d{TIER_CHARS[TIERS.index(tier)]}"


def whole_process(solver: Path, game_id: str) -> tuple[float, str]:
    """Wall-clock seconds of one ``loopysolver GAME_ID`` process, and its verdict."""
    t0 = time.perf_counter()
    p = subprocess.run([str(solver), game_id], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if p.returncode:
        return seconds, "invalid:" + (p.stderr.strip() or f"exit {p.returncode}")
    if "Unable to find a unique solution" in p.stdout:
        return seconds, GAVE_UP
    if "Puzzle is inconsistent" in p.stdout:
        return seconds, MISTAKE
    return seconds, SOLVED
