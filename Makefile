# The two commands of the README: `make run` (a playable site) and `make test` (the quick test tier).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test install bench clean

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_data
	$(PY) manage.py serve --host 127.0.0.1 --port 8000

# The import contracts of pyproject.toml ([tool.importlinter]) first: a broken direction fails before any test runs.
test: $(STAMP)
	$(VENV)/bin/lint-imports
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/engine_bench.py
	$(PY) benchmarks/bot_strength.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
