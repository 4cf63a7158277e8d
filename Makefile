# Two commands: `make run` serves the app on the LAN, `make test` runs every check.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint typecheck bench loadbench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt requirements.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

run: $(VENV)/.runtime
	PORT=$(PORT) $(PY) -m app.serve

test: lint typecheck
	$(PY) -m pytest

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(VENV)/.dev
	$(PY) -m mypy

bench: $(VENV)/.runtime
	$(PY) -m engine bench

loadbench: $(VENV)/.runtime
	$(PY) -m tools.loadbench

clean:
	rm -rf $(VENV) .pytest_cache
