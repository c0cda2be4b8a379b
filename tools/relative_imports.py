"""Codemod: absolute ``gridsolve.<layer>`` imports inside the package's layer folders -> relative.

The layer folders (puzzles/, cpmodels/, ..., cli/, web/) sit at the repository top and install as
``gridsolve.<folder>`` (pyproject's package-dir). An absolute ``from gridsolve.harness.run import
run`` only resolves through the installed package; the relative ``from ..harness.run import run``
resolves the same at run time and, on disk, for a type checker or an IDE (docs/architecture.md,
"How imports resolve"). Rewrites, with the statement otherwise untouched:

    from gridsolve.X.Y import a          ->  from ..X.Y import a      (dots: how far up)
    import gridsolve.X.Y as z            ->  from ..X import Y as z

Left alone: ``import gridsolve`` / ``from gridsolve import ...`` (the API root, which resolves on
disk), strings given to importlib, and files in gridsolve/ (the API root cannot reach the layers
relatively on disk; see its own comments). ``import gridsolve.X.Y`` without ``as`` is reported,
not rewritten. Re-sort the touched import blocks afterwards (relative imports form their own
block)::

    python3 tools/relative_imports.py [ROOT] && .venv/bin/ruff check --select I --fix .
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

LAYERS = ("puzzles", "cpmodels", "satmodels", "native_rules", "encoding", "combined", "harness", "cli",
          "web")


def relative(target: list[str], package: list[str]) -> str:
    """``target`` (a dotted module as parts, from ``gridsolve``) seen from inside ``package``."""
    common = 0
    while common < min(len(target), len(package)) and target[common] == package[common]:
        common += 1
    return "." * (len(package) - common + 1) + ".".join(target[common:])


def rewrite(path: Path, root: Path) -> tuple[str, list[str]]:
    """The file's new text and the imports it could not rewrite."""
    src = path.read_text(encoding="utf-8")
    lines = src.splitlines(keepends=True)
    parts = ["gridsolve", *path.relative_to(root).with_suffix("").parts]
    package = parts[:-1]  # a module's package; for __init__.py the package itself
    edits: list[tuple[int, int, int, str]] = []  # (line index, start col, end col, new text)
    skipped = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.startswith("gridsolve."):
            line = lines[node.lineno - 1]
            m = re.compile(r"from\s+(" + re.escape(node.module) + r")\b").match(line, node.col_offset)
            if m is None:
                skipped.append(f"{path}:{node.lineno}: {line.strip()}")
                continue
            edits.append((node.lineno - 1, m.start(1), m.end(1),
                          relative(node.module.split("."), package)))
        elif isinstance(node, ast.Import) and any(a.name.startswith("gridsolve.") for a in node.names):
            line = lines[node.lineno - 1]
            a = node.names[0]
            m = re.compile(r"import\s+" + re.escape(a.name) + r"\s+as\s+" + re.escape(a.asname or "")
                           + r"\b").match(line, node.col_offset)
            if len(node.names) != 1 or a.asname is None or m is None:
                skipped.append(f"{path}:{node.lineno}: {line.strip()}")
                continue
            where, _, name = a.name.rpartition(".")
            edits.append((node.lineno - 1, m.start(), m.end(),
                          f"from {relative(where.split('.'), package)} import {name} as {a.asname}"))
    for i, start, end, new in sorted(edits, reverse=True):
        lines[i] = lines[i][:start] + new + lines[i][end:]
    return "".join(lines), skipped


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else ".").resolve()
    changed, skipped = 0, []
    for folder in LAYERS:
        for path in sorted((root / folder).rglob("*.py")):
            new, left = rewrite(path, root)
            skipped += left
            if new != path.read_text(encoding="utf-8"):
                path.write_text(new, encoding="utf-8")
                changed += 1
    print(f"rewrote {changed} files")
    for s in skipped:
        print("not rewritten:", s, file=sys.stderr)
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
