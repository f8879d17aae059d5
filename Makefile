# Every target builds what it needs: the virtual environment is created or refreshed on demand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint venv clean chromium

run: $(STAMP)
	$(BIN)/dominohall serve

test: $(STAMP) lint chromium
	$(BIN)/python -m pytest -n 2 -q

# The browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
chromium:
	test -x /usr/bin/chromium || (apt-get install -y chromium || (apt-get update && apt-get install -y chromium))

bench: $(STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check dominoes==6.1.0  # compared against, not a dependency
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/bots.py
	$(BIN)/python bench/server_load.py --tables 200

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

venv: $(STAMP)

$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c requirements.lock -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
