# gridsolve: `make demo` and `make test` work on a fresh clone with only Python 3.11 present.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/gridsolve backends
	$(BIN)/gridsolve crossval puzzles/samples/slitherlink
	$(BIN)/gridsolve crossval puzzles/samples/nurikabe
	$(BIN)/gridsolve crossval puzzles/samples/hamiltonian --limit 1000
	$(BIN)/gridsolve crossval puzzles/samples/edgematching --limit 100
	$(BIN)/gridsolve count hamiltonian --size 13 || [ $$? -eq 1 ]  # exit 1: not unique, as expected
	$(BIN)/gridsolve sample hamiltonian --size 9 --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python -m benchmarks all

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
