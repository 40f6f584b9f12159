# The two commands of the README's quick start: `make run` and `make test`.
PYTHON ?= python3
PORT ?= 8000
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench mutants deploy-example readme-screenshots speedups docs

# The first install takes about a minute: each step says what it does, and pip lists each
# library as it fetches it. setuptools' deprecation warnings while it builds the project are not
# failures and are hidden (PYTHONWARNINGS reaches pip's build subprocess); real errors still show.
$(VENV)/.installed: pyproject.toml setup.py
	@echo "==> Creating the virtual environment $(VENV) (once; later runs skip the install)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> Upgrading pip"
	PYTHONWARNINGS=ignore $(VENV)/bin/pip install --progress-bar on --upgrade pip
	@echo "==> Installing Deckwarden and its libraries (about a minute; each is listed as it comes)"
# The install compiles nothing (DECKWARDEN_PURE_PYTHON=1 reaches setup.py only): an editable
# install would build the engine extensions into build/, where nothing imports them, and
# `speedups` would then compile them all again beside their sources. `speedups` compiles once.
	PYTHONWARNINGS=ignore DECKWARDEN_PURE_PYTHON=1 $(VENV)/bin/pip install --progress-bar on -e '.[dev]'
	@echo "==> Installed."
	touch $@

## Compile the engine modules with Cython beside their sources (rulebook/compiled.py): all of them
## the first time (a few minutes on 2 cores), then only those whose source changed (a second when
## none did). A stale one never runs: its source runs instead. DECKWARDEN_PURE_PYTHON=1 skips it.
speedups: $(VENV)/.installed
	@echo "==> Compiling the engine modules with Cython: those whose source changed, all of them the first time (DECKWARDEN_PURE_PYTHON=1 skips it)"
	PYTHONWARNINGS=ignore $(PY) setup.py -q build_ext --inplace

## Start the service on its embedded default: SQLite, sample cards and decks, a worker needing
## no broker, DEBUG off (the site's own error pages; `make run DEBUG=1` for Django's debug pages).
## `make run PORT=8001` serves on another port.
DEBUG ?= 0
run: speedups var/secret_key
	@echo "==> Bringing the database up to date (var/deckwarden.sqlite3)"
	$(PY) manage.py migrate --no-input
	@echo "==> Loading the sample cards and public sample decks"
	$(PY) manage.py load_samples
	@echo "==> Serving on http://127.0.0.1:$(PORT)/ (DEBUG=$(DEBUG); Ctrl-C stops)"
	DEBUG=$(DEBUG) SECRET_KEY="$${SECRET_KEY:-$$(cat var/secret_key)}" $(PY) manage.py serve 127.0.0.1:$(PORT)

# DEBUG off needs a SECRET_KEY of its own: one random key for this clone, made once, kept in var/.
var/secret_key:
	@mkdir -p var
	(umask 077; $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@)

## Run the whole test suite (against DATABASE_URL and CELERY_BROKER_URL when set). The docs site is
## built with --strict (into var/site, git-ignored): a broken link or a page left out of the nav fails.
test: speedups
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mkdocs build --strict
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -n 2

## Make the docs' screenshots (docs/*.png, on docs/website.md) again from the sample cards, in Chromium.
readme-screenshots: $(VENV)/.installed
	DECKWARDEN_README_SCREENSHOTS=1 $(VENV)/bin/pytest -q -n 0 -p no:randomly tests/browser/test_readme_screenshots.py

## Serve the documentation site (docs/, mkdocs.yml) while you write it; DOCS_PORT, as make run's PORT.
DOCS_PORT ?= 8001
docs: $(VENV)/.installed
	$(VENV)/bin/mkdocs serve --strict -a 127.0.0.1:$(DOCS_PORT)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: speedups
	$(PY) -m bench

## Mutation testing of the engines' and construction rules by the rule tests alone (bench/mutants.py,
## docs/testing/mutants.md): one module at a time, one worker, each stopped after 15 minutes.
## `make mutants MODULES=keeper` (a game) or `MODULES=neopets.engine.game` (a module).
MODULES ?=
mutants: $(VENV)/.installed
	DECKWARDEN_PURE_PYTHON=1 $(PY) -m bench.mutants $(MODULES)

## A production-shaped start on this machine's PostgreSQL and broker: gunicorn, a worker, DEBUG off.
deploy-example: $(VENV)/.installed
	deploy/example.sh
