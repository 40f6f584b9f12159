# The two commands of the README's quick start: `make run` and `make test`.
PYTHON ?= python3
PORT ?= 8000
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench deploy-example readme-screenshots

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

## Start the service on its embedded default: SQLite, sample cards, a worker needing no broker.
## `make run PORT=8001` serves on another port.
run: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py load_samples
	$(PY) manage.py serve 127.0.0.1:$(PORT)

## Run the whole test suite (against DATABASE_URL and CELERY_BROKER_URL when set).
test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -n 2

## Make the README's screenshots (docs/*.png) again from the sample cards, in Chromium.
readme-screenshots: $(VENV)/.installed
	DECKWARDEN_README_SCREENSHOTS=1 $(VENV)/bin/pytest -q -n 0 -p no:randomly tests/browser/test_readme_screenshots.py

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

bench: $(VENV)/.installed
	$(PY) -m bench

## A production-shaped start on this machine's PostgreSQL and broker: gunicorn, a worker, DEBUG off.
deploy-example: $(VENV)/.installed
	deploy/example.sh
