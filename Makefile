# The two commands: `make run` and `make test`. Everything else is a helper for them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run demo test test-client install install-dev migrate fixtures screenshots lint typecheck format lock clean

# Serving needs requirements.txt only; testing, linting and type-checking add requirements-dev.txt.
# Both are compiled from their .in files by `make lock`.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The matching core is the client distribution's (clients/python), installed editable: its dependencies are pinned
# in requirements.txt (requirements.in says why it is not listed there).
$(BIN)/.installed: requirements.txt clients/python/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e ./clients/python
	touch $@

$(BIN)/.installed-dev: requirements-dev.txt $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(BIN)/.installed

install-dev: $(BIN)/.installed-dev

migrate: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable

fixtures: migrate
	$(BIN)/python manage.py import_errors fixtures/*.json

run: fixtures
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Harvest the Django and DRF installed in .venv into run's database, publishing what harvest can explain.
demo: fixtures
	$(BIN)/python scripts/demo.py

# Against DATABASE_URL when it is set; otherwise in a throwaway PostgreSQL cluster.
test: install-dev
	DJANGO_SETTINGS_MODULE=config.settings.test scripts/with-postgres $(BIN)/python -m pytest $(PYTEST_ARGS)

# The client distribution's matching core alone, as a user installs it: a fresh virtualenv with errorkb[offline] and
# pytest (the versions requirements-dev.txt pins), Django not installed. `make test` runs these tests too.
CLIENT_VENV ?= /tmp/errorkb-client-venv
test-client:
	rm -rf $(CLIENT_VENV)
	$(PYTHON) -m venv $(CLIENT_VENV)
	$(CLIENT_VENV)/bin/python -m pip install --quiet -c requirements-dev.txt "./clients/python[offline]" pytest
	! $(CLIENT_VENV)/bin/python -c "import django" 2>/dev/null
	cd clients/python && $(CLIENT_VENV)/bin/python -m pytest tests

# Refresh docs/screenshots/ from the browser tests.
screenshots: install-dev
	UPDATE_SCREENSHOTS=1 $(MAKE) test PYTEST_ARGS="tests/pages/test_browser_card.py"

# ruff, then the layers (import-linter's contracts in pyproject.toml) and no import cycle among kb, api and config.
lint: install-dev
	$(BIN)/ruff check . && $(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/check-import-cycles

# django-stubs reads the settings, which need a DATABASE_URL (any will do: nothing connects).
typecheck: install-dev
	DATABASE_URL=$${DATABASE_URL:-sqlite:///:memory:} $(BIN)/mypy kb api config clients/python/src/errorkb

format: install-dev
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

# Re-pin every package after editing requirements.in or requirements-dev.in.
lock: install-dev
	$(BIN)/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links --annotation-style=line \
		-o requirements.txt requirements.in
	$(BIN)/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links --annotation-style=line \
		-o requirements-dev.txt requirements-dev.in

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
