"""Every command of README.md and docs/*.md runs, as written, on a user's clone.

The documents' fenced blocks are read as a user reads them: a ```sh / ```bash / ```shell block is
a list of commands (one per line; ``#`` starts a comment; a line ending in ``\\`` continues); a
```console block holds ``$ COMMAND`` lines, each followed by lines of its output that must appear
in what the command prints (``...`` skips); in any other block that is not code, a line that
starts with ``gridsolve`` or ``$ `` is a command too. ```python blocks run as scripts. Each block
runs in a temporary copy of the repository with nothing beside it (no ``../shared``) and
``GRIDSOLVE_DATA`` pointing nowhere, through this environment's ``gridsolve`` and ``python``.

A command must exit 0, unless its own line says otherwise with a comment ``# exit N`` (e.g.
``count`` exits 1 when a puzzle is not unique). The commands that cannot run here are in ONE
list, ``NOT_RUN``, each with the reason; the test prints it, and an entry that no longer matches
any command fails the test (the list cannot go stale).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent  # the environment's gridsolve, python, ...

# ONE list of the commands not run (a regular expression on the command -> why).
NOT_RUN = {
    r"^make (demo|test)\b": "creates .venv and installs from PyPI (make test also runs this suite); "
                            "CI runs both",
    r"^gridsolve serve\b": "a web server that runs until stopped; tests/web/test_web_api.py and "
                           "tests/web/test_browser.py drive it",
    r"^(pip install|dask (scheduler|worker))\b": "installs from PyPI / starts a Dask cluster on other "
                                                 "machines",
    r"\bgridsolve batch .*--cluster\b": "needs the Dask scheduler of the lines above",
    r"^git clone https://github\.com/fodorbalint/OneWayLabyrinth\b": "downloads the labyrinth author's "
                                                                     "repository (network)",
    r"^gridsolve replay OneWayLabyrinth/": "needs the author's saved states from the line above",
    r"^nice \S*gridsolve count hamiltonian --size 21\b": "the 21x21 count: about 30 minutes and 14 GiB",
    r"^gridsolve enumerate --size 9 --left-half --walkthroughs 10000000\b": "the book's 9x9 run: "
                                                                          "about 100 s of CPU per million",
    r"^python -m benchmarks\b": "a benchmark: minutes to hours (README.md's benchmark table says how long)",
}
TIMEOUT = 600  # seconds per command (on a fresh clone the first walk-stats and enumerate compile)
WORKERS = 3  # blocks at once (most of a block's time is process start-up and imports)
SHELL = {"sh", "bash", "shell", "console"}
NOT_COMMANDS = {"python", "json", "text", "toml", "ini", "yaml", "html", "javascript", "js", "diff"}
EXIT_RE = re.compile(r"#\s*exit (\d+)\b")
FENCE_RE = re.compile(r"^```([\w+-]*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)


@dataclass
class Command:
    line: str  # as written (without ``$ ``), continuation lines joined
    expect_exit: int = 0
    output: list[str] = field(default_factory=list)  # console blocks: lines the output must hold


@dataclass
class Block:
    doc: str
    line: int
    lang: str
    commands: list[Command] = field(default_factory=list)
    script: str = ""  # python blocks

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def _strip_comment(line: str) -> str:
    """The command without a trailing ``# comment`` (a ``#`` inside quotes or a word is kept)."""
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _join_continuations(lines: list[str]) -> list[str]:
    joined: list[str] = []
    for ln in lines:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1].rstrip() + " " + ln.strip()
        else:
            joined.append(ln)
    return joined


def _command(text: str) -> Command | None:
    m = EXIT_RE.search(text)
    cmd = _strip_comment(text.strip())
    return Command(cmd, int(m.group(1)) if m else 0) if cmd else None


def parse_blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    rel = doc.relative_to(ROOT).as_posix() if doc.is_relative_to(ROOT) else doc.name
    blocks = []
    for m in FENCE_RE.finditer(text):
        lang, body = m.group(1).lower(), m.group(2)
        block = Block(rel, text.count("\n", 0, m.start()) + 1, lang)
        lines = _join_continuations(body.splitlines())
        if lang == "python":
            block.script = body
        elif lang == "console" or (lang not in SHELL and lang not in NOT_COMMANDS):
            current = None
            for ln in lines:
                if ln.startswith("$ ") or (lang != "console" and ln.startswith("gridsolve ")):
                    current = _command(ln.removeprefix("$ "))
                    if current:
                        block.commands.append(current)
                elif lang == "console" and current is not None and ln.strip() and ln.strip() != "...":
                    current.output.append(ln.rstrip())
        elif lang in SHELL:
            for ln in lines:
                cmd = _command(ln)
                if cmd:
                    block.commands.append(cmd)
        if block.script or block.commands:
            blocks.append(block)
    return blocks


BLOCKS = [b for doc in DOCUMENTS for b in parse_blocks(doc)]


def not_run_reason(command: str) -> str | None:
    return next((why for pattern, why in NOT_RUN.items() if re.search(pattern, command)), None)


# ------------------------------------------------------------------ running


def _copy_of_the_repository(tmp: Path) -> Path:
    """The repository's files under ``tmp/user/gridsolve``: nothing named shared beside it."""
    dest = tmp / "user" / "gridsolve"
    skip = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache",
                                  "*.egg-info", "build", "node_modules")
    shutil.copytree(ROOT, dest, ignore=skip, symlinks=True)
    return dest


def _environment(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "GRIDSOLVE", "PYTHONPATH"))}
    env.update(PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", GRIDSOLVE_DATA=str(tmp / "no-data-here"),
               HOME=str(tmp / "home"), NO_COLOR="1", COLUMNS="120")
    (tmp / "home").mkdir(exist_ok=True)
    return env


def _workdir(copy: Path, where: Path) -> Path:
    """A folder that looks like the copy (its entries linked), so blocks can write files side by
    side without meeting each other's outputs."""
    where.mkdir(parents=True)
    for entry in copy.iterdir():
        (where / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return where


@dataclass
class Outcome:
    block: Block
    failures: list[str] = field(default_factory=list)
    ran: int = 0
    seconds: float = 0.0


def _run_block(block: Block, copy: Path, tmp: Path, env: dict) -> Outcome:
    start = time.monotonic()
    out = Outcome(block)
    cwd = _workdir(copy, tmp / "blocks" / re.sub(r"\W", "_", block.name))
    if block.script:
        script = cwd / "_block.py"
        script.write_text(block.script, encoding="utf-8")
        try:
            r = subprocess.run([sys.executable, str(script)], cwd=cwd, env=env, capture_output=True,
                               text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            out.failures.append(f"python block: still running after {TIMEOUT} s")
        else:
            out.ran = 1
            if r.returncode != 0:
                out.failures.append(f"python block: exit {r.returncode}\n{r.stderr[-2000:]}")
    for cmd in block.commands:
        if not_run_reason(cmd.line):
            continue
        try:
            r = subprocess.run(["bash", "-c", cmd.line], cwd=cwd, env=env, capture_output=True, text=True,
                               timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            out.failures.append(f"{cmd.line}\n  still running after {TIMEOUT} s: write it with a smaller "
                                "size, or list it in NOT_RUN with the reason")
            break
        out.ran += 1
        printed = r.stdout + r.stderr
        if r.returncode != cmd.expect_exit:
            said = f" (the line says '# exit {cmd.expect_exit}')" if cmd.expect_exit else ""
            out.failures.append(f"{cmd.line}\n  exit {r.returncode}, expected {cmd.expect_exit}{said}\n"
                                f"  stderr: {r.stderr.strip()[-1500:]}")
        missing = [ln for ln in cmd.output if ln.strip() not in printed]
        if missing:
            out.failures.append(f"{cmd.line}\n  the document shows output it does not print: {missing[:3]}\n"
                                f"  it printed: {printed[:1500]}")
    out.seconds = time.monotonic() - start
    return out


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory, request) -> dict[str, Outcome]:
    tmp = tmp_path_factory.mktemp("readme")
    copy = _copy_of_the_repository(tmp)
    env = _environment(tmp)
    assert not (copy.parent / "shared").exists()
    # only the blocks whose tests were selected (``-k README`` runs the README's alone)
    selected = {item.callspec.params["block"].name for item in request.session.items
                if getattr(item, "callspec", None) and "block" in item.callspec.params}
    start = time.monotonic()
    with ThreadPoolExecutor(WORKERS) as pool:
        # the longest blocks first, so that no long one starts last
        todo = sorted((b for b in BLOCKS if b.name in selected), key=lambda b: -len(b.commands))
        done = list(pool.map(lambda b: _run_block(b, copy, tmp, env), todo))
    slowest = sorted(done, key=lambda o: -o.seconds)[:5]
    report = [f"test_readme: {sum(o.ran for o in done)} commands and scripts of {len(done)} blocks run "
              f"in {time.monotonic() - start:.0f} s (no ../shared, GRIDSOLVE_DATA={env['GRIDSOLVE_DATA']})",
              "test_readme: slowest blocks: " + ", ".join(f"{o.block.name} {o.seconds:.0f} s"
                                                          for o in slowest),
              "test_readme: not run (NOT_RUN):"]
    for b in BLOCKS:
        for c in b.commands:
            why = not_run_reason(c.line)
            if why:
                report.append(f"  {b.name}: {c.line[:90]}\n      -- {why}")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is not None:
        with capture.global_and_fixture_disabled():
            print("\n" + "\n".join(report), flush=True)
    else:
        print("\n".join(report))
    return {o.block.name: o for o in done}


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.name)
def test_block_runs_as_written(block, outcomes):
    outcome = outcomes[block.name]
    assert not outcome.failures, f"{block.name}:\n" + "\n".join(outcome.failures)


def test_every_document_is_read_and_the_not_run_list_is_current():
    commands = [c.line for b in BLOCKS for c in b.commands]
    assert any(b.doc == "README.md" and b.commands for b in BLOCKS)
    assert any(b.doc == "README.md" and b.script for b in BLOCKS)
    stale = [p for p in NOT_RUN if not any(re.search(p, c) for c in commands)]
    assert not stale, f"NOT_RUN entries that match no command any more: {stale}"
    # no placeholder a user cannot type, and no corpus a user's clone does not have
    for b in BLOCKS:
        for c in b.commands:
            assert "../shared" not in c.line and "/work/" not in c.line, f"{b.name}: {c.line}"
            placeholder = re.search(r"\b(PUZZLE|SOLUTION|FILE|KIND)\b", c.line)
            assert not placeholder, f"{b.name}: a placeholder: {c.line}"
        # a block of commands says so, so that a reader (and this test) knows what to run
        assert not b.commands or b.lang in SHELL, f"{b.name}: commands in a ```{b.lang} block: label it ```sh"


def test_commands_are_parsed_as_a_user_reads_them(tmp_path):
    doc = tmp_path / "check.md"
    doc.write_text("```sh\ngridsolve count hamiltonian --size 13   # exit 1: not unique\n"
                   "gridsolve solve 'https://puzz.link/p?slither/5/5/cbcbcddad' \\\n  --limit 2\n```\n"
                   "```console\n$ gridsolve backends\nkind\n...\n```\n"
                   "```\ngridsolve x # y\nnot a command\n```\n"
                   "```python\nprint(1)\n```\n```json\n{\"gridsolve \": 1}\n```\n")
    blocks = parse_blocks(doc)
    assert [[(c.line, c.expect_exit, c.output) for c in b.commands] for b in blocks] == [
        [("gridsolve count hamiltonian --size 13", 1, []),
         ("gridsolve solve 'https://puzz.link/p?slither/5/5/cbcbcddad' --limit 2", 0, [])],
        [("gridsolve backends", 0, ["kind"])],
        [("gridsolve x", 0, [])],
        []]
    assert blocks[3].script == "print(1)\n"
