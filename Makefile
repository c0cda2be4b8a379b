# gridsolve: `make demo` and `make test` work on a fresh clone with only Python 3.11 present.
# The Python the venv is made from: the system's own build, /usr/bin/python3.11, when it can make
# a venv, ahead of the first python3.11 / python3 on the PATH. On this project's host that is
# Debian's (libpython linked into the executable) ahead of a pyenv build (libpython a shared
# library, configured without --enable-optimizations / --with-lto), which runs the same Python
# code ~25 % slower: every command waits longer (`count hamiltonian --size 11` 225 -> 164 ms in one
# hour; benchmarks/results/interpreter.md). `make PYTHON=/path/to/python3.11 ...` picks another;
# a venv already made is kept.
PYTHON_CANDIDATES = /usr/bin/python3.11 $(shell command -v python3.11 2>/dev/null) $(shell command -v python3 2>/dev/null)
# (none that can: python3, whose own error then says what is missing)
PYTHON ?= $(or $(firstword $(foreach p,$(PYTHON_CANDIDATES),$(shell [ -x $(p) ] && $(p) -c 'import ensurepip, venv' 2>/dev/null && echo $(p)))),python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
LINT_STAMP := $(VENV)/.installed-lint
# the folders of the package's and the tests' Python sources (pyproject.toml's package-dir, tests/, ...)
SOURCES := gridsolve puzzles cpmodels satmodels native_rules encoding combined harness cli web benchmarks tests tools

.PHONY: demo test lint bench clean browser screenshots

# the package and what its tests need (`make lint` adds its tools: see $(LINT_STAMP)). pip installs
# uv into the new venv, and uv installs the rest: the same packages from PyPI, downloaded and
# unpacked in parallel (about half pip's time once uv's download cache is warm, as on a CI host that
# keeps it; benchmarks/results/test_suite.md). --compile-bytecode writes the
# .pyc files, as pip does: where PYTHONDONTWRITEBYTECODE is set, every process of the suite would
# otherwise compile numpy, numba, ... again on each import. `pip install -e .` does the same by hand.
UV_BIN := $(BIN)/uv
UV := $(UV_BIN) pip install --quiet --python $(BIN)/python --compile-bytecode

# uv itself, from PyPI by pip (also into a venv an older Makefile made with pip alone)
$(UV_BIN):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv

# after the install, edge matching's search compiled ahead of time (native_rules/ahead.py: a few
# seconds; without a C compiler it notes why and the search runs as before -- never an error)
$(STAMP): pyproject.toml | $(UV_BIN)
	$(UV) -e '.[test]'
	$(BIN)/python -m gridsolve.native_rules.ahead gridsolve.native_rules.edgematching.scan EXACT_AHEAD
	touch $(STAMP)

$(LINT_STAMP): $(STAMP) | $(UV_BIN)
	$(UV) -e '.[dev]'
	touch $(LINT_STAMP)

demo: $(STAMP)
	$(BIN)/gridsolve backends
	$(BIN)/gridsolve crossval puzzles/samples/slitherlink
	$(BIN)/gridsolve crossval puzzles/samples/nurikabe
	$(BIN)/gridsolve crossval puzzles/samples/masyu
	$(BIN)/gridsolve crossval puzzles/samples/hamiltonian --limit 1000
	$(BIN)/gridsolve crossval puzzles/samples/edgematching --limit 100
	$(BIN)/gridsolve count hamiltonian --size 13 || [ $$? -eq 1 ]  # exit 1: not unique, as expected
	$(BIN)/gridsolve sample hamiltonian --size 9 --seed 1

# The browser tests drive Debian's Chromium (never a browser downloaded by Playwright); this installs
# it with apt-get when missing. GRIDSOLVE_NO_BROWSER=1 skips the install and the browser tests.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

browser:
ifneq ($(GRIDSOLVE_NO_BROWSER),1)
	@[ -x $(CHROMIUM) ] || { command -v apt-get >/dev/null || { echo "make browser: no $(CHROMIUM) and no apt-get; install Chromium or set GRIDSOLVE_NO_BROWSER=1" >&2; exit 1; }; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; }
endif

# The whole suite on every core (pytest-xdist; one file per worker at a time, so a module's fixtures
# -- a server, the documents' copy -- stay one; the slowest files first, tests/conftest.py's
# SLOW_FIRST, not xdist's order by test count), the numba kernels compiled once before the
# workers start (tests/support/warm_kernels.py); the slowest tests listed at the end. The sources
# are byte-compiled first: the suite starts hundreds of processes, and where PYTHONDONTWRITEBYTECODE
# is set (CI) each would compile the modules it imports again (a third of a small command's CPU).
test: $(STAMP) browser
	$(BIN)/python -m compileall -q -j 0 $(SOURCES)
	$(BIN)/python -m pytest -q -n auto --dist loadfile --no-loadscope-reorder --warm-kernels --durations=30 --cpu-times=20

# The README's screenshots (docs/screenshots/), retaken by the browser tests; `make test` writes
# them to a temporary folder instead, so a test run leaves the checkout as it found it.
screenshots: $(STAMP) browser
	GRIDSOLVE_SCREENSHOTS=1 $(BIN)/python -m pytest -q tests/web/test_browser.py tests/web/test_edit_browser.py

lint: $(LINT_STAMP)
	$(BIN)/ruff check .
	$(BIN)/basedpyright

bench: $(STAMP)
	$(BIN)/python -m benchmarks all

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
