# Every target builds what it needs: the virtual environment is created or refreshed on demand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
UV_VERSION := 0.13.9

.PHONY: run test bench ladder lint venv clean chromium postgresql nginx nodejs screenshots icons

run: $(STAMP)
	$(BIN)/dominohall serve

# Tests start many servers: each writes the bytecode of what it imports for the next one, even on a machine
# that sets PYTHONDONTWRITEBYTECODE (this project's own modules compile in about 0.3 s a process).
test: $(STAMP) $(NODE_STAMP) lint chromium postgresql nginx nodejs
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n 2 -q --durations=15

# The README's screenshots: only this target writes tests/web/screenshots/*.png (a plain test run writes none).
# It runs the browser tests that take them, with DOMINOHALL_SCREENSHOTS=1.
screenshots: $(STAMP) chromium
	DOMINOHALL_SCREENSHOTS=1 $(BIN)/python -m pytest -q $$(grep -lw shot tests/web/test_*.py)

# The web manifest's PNG icons (static/icon-192.png and icon-512.png), drawn from static/favicon.svg by Chromium:
# only this target writes them, and they are committed (a test draws them again and compares).
icons: $(STAMP) chromium
	$(BIN)/python -m tests.web.draw_icons

# The browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
chromium:
	test -x /usr/bin/chromium || (apt-get install -y chromium || (apt-get update && apt-get install -y chromium))

# The store, table and server tests start a private server from Debian's PostgreSQL binaries (initdb into a
# temporary folder, a free loopback port); the machine's own cluster is never used.
postgresql:
	test -x "$$(ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | tail -n 1)" || \
		(apt-get install -y postgresql || (apt-get update && apt-get install -y postgresql))

# The proxy test puts Debian's nginx (its own configuration, a free loopback port, in the foreground) in front
# of two serve processes; the machine's own nginx service is never used.
nginx:
	test -x /usr/sbin/nginx || (apt-get install -y nginx || (apt-get update && apt-get install -y nginx))

# Node.js runs the table page's JavaScript tests (tests/js, Node's own test runner) and npm installs the checker
# of make lint: Debian's nodejs and npm when they are missing.
nodejs:
	test -x /usr/bin/node || (apt-get install -y nodejs || (apt-get update && apt-get install -y nodejs))
	command -v npm >/dev/null || (apt-get install -y npm || (apt-get update && apt-get install -y npm))

bench: $(STAMP) chromium
	$(BIN)/python -m pip install -q --disable-pip-version-check dominoes==6.1.0 open_spiel==2.0.2  # compared against, not dependencies
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/bots.py
	$(BIN)/python bench/decisions.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/versus.py --jobs 2 --clock cpu
	$(BIN)/python bench/server_load.py --tables 200
	$(BIN)/python bench/cluster_load.py --processes 3 --tables 600
	$(BIN)/python bench/first_paint.py

# The ladder of the site's "How strong are the bots?" page: the only target that writes web/ladder.json, which is
# committed with the figures measured. Budgets count CPU time, so other work on the machine does not bias them.
LADDER_DEALS ?= 60
ladder: $(STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check open_spiel==2.0.2  # compared against, not a dependency
	$(BIN)/python bench/ladder.py --clock cpu --jobs 2 --deals $(LADDER_DEALS) --out src/dominohall/web/ladder.json

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.state.json

venv: $(STAMP)

# The JavaScript checker (TypeScript) and the browser tests' accessibility engine (axe-core), pinned by
# package-lock.json: npm ci when node_modules is missing or older than the lock file.
$(NODE_STAMP): package.json package-lock.json | nodejs
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# uv installs the pinned set as pip would, in a third of pip's time on a fresh machine (parallel downloads);
# pip only installs uv itself. Bytecode is compiled at install, as pip does: with PYTHONDONTWRITEBYTECODE set
# (as on these machines) nothing else would write it, and every server a test starts would compile its imports.
$(STAMP): pyproject.toml requirements.lock Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check uv==$(UV_VERSION)
	$(BIN)/uv pip install -q --compile-bytecode --python $(BIN)/python -c requirements.lock -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
