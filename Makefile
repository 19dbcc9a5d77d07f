# The two commands: `make run` and `make test`. Everything else is a helper for them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test install migrate fixtures screenshots lint format clean

$(BIN)/.installed: requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(BIN)/.installed

migrate: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable

fixtures: migrate
	$(BIN)/python manage.py import_errors fixtures/*.json

run: fixtures
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Against DATABASE_URL when it is set; otherwise in a throwaway PostgreSQL cluster.
test: install
	DJANGO_SETTINGS_MODULE=config.settings.test scripts/with-postgres $(BIN)/python -m pytest $(PYTEST_ARGS)

# Refresh docs/screenshots/ from the browser tests.
screenshots: install
	UPDATE_SCREENSHOTS=1 $(MAKE) test PYTEST_ARGS="tests/test_browser_card.py"

lint: install
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

format: install
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
