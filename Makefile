# The front door: `make run` serves the app with a demo league, `make test` runs every test.
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test install install-dev lint format migrate demo bench bench-ball strength-ball bench-baa page-weight perft-ball messages clean

$(BIN)/python:
	@py=$$(scripts/find-python) || exit 1; \
	echo "Python: $$py"; \
	"$$py" -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py setup_demo

run: demo
	@echo "Die App läuft auf http://$(HOST):$(PORT)/  (Beenden mit Strg+C)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: bench-ball strength-ball bench-baa page-weight

bench-ball: install-dev
	$(BIN)/python -m benchmarks.ball_speed

strength-ball: install-dev
	$(BIN)/python -m benchmarks.ball_strength

bench-baa: install-dev
	$(BIN)/python -m benchmarks.baa_speed
	$(BIN)/python -m benchmarks.baa_play

perft-ball: install-dev
	$(BIN)/python -m engines.ball perft 3
	$(BIN)/python -m engines.ball perft 3 --cards

page-weight: migrate
	$(BIN)/python manage.py setup_demo >/dev/null
	$(BIN)/python manage.py page_weight

messages: install-dev
	cd $(CURDIR) && $(BIN)/python manage.py makemessages --all --ignore=.venv --ignore=engines
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
