# Two commands: `make run` serves the app on the LAN, `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test native lint typecheck bench loadbench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

# The native core (engine/native/_*.c, rebuilt when a source is newer than its module).
native: | $(PY)
	$(PY) -m engine.native.build

run: $(VENV)/.runtime
	@$(PY) -m engine.native.build 2>/dev/null || echo "native core not built (make native says why): the engine runs in pure Python"
	PORT=$(PORT) $(PY) -m app.web.serve

# The tests run in TEST_WORKERS processes (pytest-xdist), a file's tests in one of them (its
# servers and fixtures shared as when run alone), but for the long independent puzzle checks,
# one a unit, and the longest units first (tests/xdist_units.py); TEST_WORKERS=0 runs them in
# this process.  Three on two cores: the main pass's server tests and many browser tests
# spend much of their time waiting (a long-poll, a clock, a server's restart, a timed search;
# the server files 0.4 of a core, the browser files 0.85), so a third process uses the CPU the
# other two leave idle; the pure pass only searches, in PURE_WORKERS (two, one a core).
# The tests start hundreds of Python processes (servers, search pools, cold
# subprocesses): they keep their bytecode in $(VENV)/pycache even where the environment says
# PYTHONDONTWRITEBYTECODE, instead of compiling app/ and engine/ (and pytest rewriting every
# test module) again in each.
TEST_WORKERS ?= 3
PURE_WORKERS ?= $(if $(filter 0,$(TEST_WORKERS)),0,2)
parallel = $(if $(filter 0,$(1)),,-n $(1) --dist loadfile)
TEST_PY := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(abspath $(VENV))/pycache $(PY)

test: lint typecheck native
	$(TEST_PY) -m pytest $(call parallel,$(TEST_WORKERS)) --durations=25
	MANCALA_PURE=1 $(TEST_PY) -m pytest -q $(call parallel,$(PURE_WORKERS)) --durations=15 tests/engine engine

# The JavaScript checks' tools (dev-only, never served): installed from package-lock.json.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint: $(VENV)/.dev node_modules/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	node_modules/.bin/tsc -p jsconfig.json
	node_modules/.bin/biome lint --error-on-warnings static/js

typecheck: $(VENV)/.dev
	$(PY) -m mypy

bench: $(VENV)/.runtime native
	$(PY) -m engine bench

loadbench: $(VENV)/.runtime
	$(PY) -m tools.loadbench

clean:
	rm -rf $(VENV) .pytest_cache node_modules
