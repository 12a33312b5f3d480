# The two commands of the README: `make run` (a playable site) and `make test` (the quick test tier).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
JS_STAMP := node_modules/.installed

.PHONY: run test test-long checks check-imports check-ruff check-types install lint-js vendor bench clean

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
	$(PY) manage.py demo_data --staff
	$(PY) manage.py serve --host 127.0.0.1 --port $(PORT)

# The tests run on TEST_WORKERS pytest-xdist workers, one per core and one more: browser tests spend much of their
# time waiting on their live sites. A module stays on one worker (--dist loadscope): it may share a live site.
# Modules go out in the order tests/conftest.py gives them, the long browser modules first
# (--no-loadscope-reorder: xdist would otherwise send the modules with the most tests first, and end the run on
# browser modules of a few long tests each).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST_PARALLEL := $(PY) -m pytest -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder

# Checks first, side by side (all clean or the run stops): the import contracts of pyproject.toml
# ([tool.importlinter]), ruff, mypy and ESLint.
CHECKS := check-imports check-ruff check-types lint-js
checks: $(STAMP)
	$(MAKE) --no-print-directory -j4 --output-sync=target $(CHECKS)

check-imports: $(STAMP)
	$(VENV)/bin/lint-imports

check-ruff: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

check-types: $(STAMP)
	$(VENV)/bin/mypy

# The quick tier: every test, random play at its quick volume (tests/volume.py), the same deals in every run.
test: checks
	$(PYTEST_PARALLEL)

# The long tier: random play at its long volume (thousands of deals, the leak, match and no-stall runs at their
# long lengths) from a seed drawn from the date (pytest prints it; KIBITZ_TEST_SEED=... repeats a run).
test-long: checks
	KIBITZ_TEST_TIER=long KIBITZ_TEST_SEED=$${KIBITZ_TEST_SEED:-$$(date +%Y%m%d)} $(PYTEST_PARALLEL)

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
