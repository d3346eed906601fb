# The front door: `make run` serves the app with a demo league, `make test` runs every test.
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: serve run worker test install install-dev lint format migrate demo bench bench-ball answer-ball strength-ball strength-ball-master bench-baa bench-pages load-mix result-cycle page-weight perft-ball messages clean mutation

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
# The Nu Html Checker for the HTML test (npm package vnu-jar: the jar only, no Java download).
node_modules/vnu-jar/build/dist/vnu.jar: package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --ignore-scripts --no-audit --no-fund --silent && touch $@; \
	else echo "npm fehlt: der HTML-Test (Nu Html Checker) braucht npm und Java 17 (apt-get install npm openjdk-17-jre-headless)"; fi

install-dev: $(VENV)/.installed-dev node_modules/vnu-jar/build/dist/vnu.jar

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py setup_demo

# The app and, beside it, the worker that sends the mails (to the console without EMAIL_HOST);
# Strg+C ends both.
run: demo
	@echo "Die App läuft auf http://$(HOST):$(PORT)/  (Beenden mit Strg+C)"
	@$(BIN)/python manage.py db_worker --interval 1 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production: the worker is a second process beside gunicorn (same environment as `make serve`);
# run one or more, on any app server: each mail is sent once.
worker: export DJANGO_ENV ?= production
worker: install
	exec $(BIN)/python manage.py db_worker --interval 1

# Production on one machine: DJANGO_ENV=production plus SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL
# (and REDIS_URL) from the environment; see README, "Betrieb".
serve: export DJANGO_ENV ?= production
serve: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0
	exec $(BIN)/gunicorn config.wsgi -c config/gunicorn.conf.py

test: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: bench-ball answer-ball strength-ball bench-baa page-weight

bench-ball: install-dev
	$(BIN)/python -m benchmarks.ball_speed

answer-ball: install-dev
	$(BIN)/python -m benchmarks.ball_answer_time

strength-ball: install-dev
	$(BIN)/python -m benchmarks.ball_strength

# The master level against "schwer": at most 200 games, stops when its SPRT decides (long: up to an hour and more on 2 cores).
strength-ball-master: install-dev
	nice $(BIN)/python -m benchmarks.ball_master

bench-baa: install-dev
	$(BIN)/python -m benchmarks.baa_speed
	$(BIN)/python -m benchmarks.baa_play

# League pages against a bare floor view on PostgreSQL with gunicorn; needs wrk (apt-get install wrk).
bench-pages: install-dev
	$(BIN)/python -m benchmarks.pages $(BENCH_ARGS)

# Coaches entering results while visitors read (bounded: users, seconds, loopback only).
load-mix: install-dev
	$(BIN)/python -m benchmarks.load_mix $(LOAD_ARGS)

# Where one entered result's worker time goes, step by step (on a copy of the benchmark league).
result-cycle: install-dev
	$(BIN)/python -m benchmarks.result_cycle $(CYCLE_ARGS)

perft-ball: install-dev
	$(BIN)/python -m engines.ball perft 3
	$(BIN)/python -m engines.ball perft 3 --cards

page-weight: migrate
	$(BIN)/python manage.py setup_demo >/dev/null
	$(BIN)/python manage.py page_weight

messages: install-dev
	cd $(CURDIR) && $(BIN)/python manage.py makemessages --locale=en --ignore=.venv --ignore=engines --ignore=benchmarks --ignore=mutants
	$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=mutants

# Mutation testing of one rule module (docs/mutation.md); slow, so not part of `make test`/CI.
MODULE ?= matches/standings.py
MUTATION_JOBS ?= 2
mutation: install-dev
	$(BIN)/mutmut run --max-children $(MUTATION_JOBS) "$(subst /,.,$(MODULE:.py=)).*"
	$(BIN)/python scripts/mutation-score $(MODULE)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache mutants
