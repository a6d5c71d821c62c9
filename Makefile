# Destrier: `make play` sets up and starts the game; `make test` sets up and runs the checks.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck sim bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,cluster]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m ruff check game tests tools main.py
	$(VENV)/bin/lint-imports
	$(PY) -m mypy game
	$(PY) -m game.maps.check game/resources/maps/*.tmx game/resources/maps/campaign/*.tmx
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto --cov=game --cov-report=term:skip-covered \
		--cov-fail-under=90

typecheck: $(STAMP)
	$(PY) -m mypy game

sim: $(STAMP)
	$(PY) -m game.sim --scenario skirmish-field --games 200 --seed 1 --red random --blue random --json

bench: $(STAMP)
	$(PY) -m game.bench --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .coverage.*
