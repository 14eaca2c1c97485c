# Two entry points on a fresh machine with Python 3.11: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Bytecode is written: with PYTHONDONTWRITEBYTECODE set (some shells and images set it) every run re-compiles the
# package in each CLI subprocess and pytest re-rewrites every test module's asserts (~6 s of `make check` alone).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test check lint bench benchpage clean catalogues mutate docs

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# compat mode: a plain path entry, no import hook to load at every start (~20 ms).
	$(BIN)/pip install -q -e '.[test]' --config-settings editable_mode=compat
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/referee replay examples/spring-cup.gunzi
	$(BIN)/referee scorecard examples/spring-cup.gunzi -o reports/SC26-R1-T3.pdf

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --quiet
	$(BIN)/python -m pytest

# The documentation site (mkdocs.yml, docs/) on http://127.0.0.1:8000, rebuilt as a page is saved.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs serve

# The inner loop: lint, types and the fast tests (no slow or browser marker) on both cores, in under a minute.
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -m "not slow and not browser" -p no:cacheprovider -n 2

# Extract every message into referee/locale/referee.pot, update each language's .po, compile the .mo.
catalogues: $(STAMP)
	$(BIN)/python tools/catalogues.py

# Mutation testing of the rules code (settle, declaring, kitty, the engine's checks) against the fast engine
# tests; prints each module's score and the survivors (docs/mutation.md). Not part of `make test`: ~15 min.
# MUTATE=--survivors reruns only last run's survivors; MUTATE=--properties adds the property tests.
mutate: $(STAMP)
	$(BIN)/pip install -q -e '.[test,mutate]' --config-settings editable_mode=compat
	$(BIN)/python tools/mutate.py $(MUTATE)

bench: $(STAMP)
	$(BIN)/python bench/replay_bench.py

# docs/dev/benchmarks.md made from the figures the benches saved (each bench's --save: bench/figures/*.json).
benchpage: $(STAMP)
	$(BIN)/python tools/benchpage.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis mutants build/docs build/site
