# The two commands of the README: `make run` (a playable site) and `make test` (the quick test tier).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
JS_STAMP := node_modules/.installed

.PHONY: run test install lint-js vendor bench clean

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
	$(PY) manage.py serve --host 127.0.0.1 --port $(PORT)

# Checks first (each one clean or the run stops): the import contracts of pyproject.toml ([tool.importlinter]),
# ruff, mypy and ESLint; then the tests.
test: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(MAKE) --no-print-directory lint-js
	$(PY) -m pytest

# ESLint on the browser code, at the versions package-lock.json pins; skipped where Node.js or npm is missing.
$(JS_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(JS_STAMP)

ifneq ($(and $(shell command -v node 2>/dev/null),$(shell command -v npm 2>/dev/null)),)
lint-js: $(JS_STAMP)
	node_modules/.bin/eslint --max-warnings 0
else
lint-js:
	@echo "lint-js: Node.js and npm not found, ESLint on the browser code skipped (.ci/run installs them)"
endif

# Copy the browser libraries package.json pins into static/vendor/ (tests/vendor.py; tests/test_vendored.py checks them).
vendor: $(JS_STAMP) $(STAMP)
	$(PY) -m tests.vendor

bench: $(STAMP)
	$(PY) benchmarks/engine_bench.py
	$(PY) benchmarks/bot_strength.py

clean:
	rm -rf $(VENV) node_modules db.sqlite3 staticfiles
