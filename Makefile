# Tavli: make play | make test | make bench
# `make test` = `make lint` (ruff, mypy: pyproject.toml) + the unit and browser tests.
#
# Everything a fresh machine (Python 3.11, Node 20, Debian, root) lacks is installed on demand:
#   .venv/               the pinned test tools of requirements-dev.txt (stamp: .venv/.stamp)
#   node_modules/        the pinned Pyodide, PyScript, Trystero, qrcode-generator of package-lock.json
#                        (npm ci --ignore-scripts: bittorrent-tracker, the tests' relay, would build a
#                        native WebRTC module it does not need)
#   web/vendor/          their browser files, copied by tools/vendor.py (stamp: web/vendor/.stamp),
#                        and Pyodide's standard library cut to what the game imports, by
#                        tools/stdlib.py (web/vendor/pyodide/python_stdlib.zip; stamp: web/vendor/stdlib.stamp)
#   build/python.tar.gz  the app's Python (as bytecode) for the browser, by tools/pyscript_files.py,
#   build/ai.zip         and the computer's data files (tavli/ai/data), which the page fetches after boot
#   /usr/bin/chromium    Debian's chromium for the browser tests (apt-get, only when absent)
# Playwright drives that chromium; `playwright install` is never run (browser downloads fail here).

SHELL := /bin/bash
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play lint test unit e2e bench deps vendor sync-files clean distclean

play: vendor
	@echo "Tavli: http://127.0.0.1:$(PORT)"
	$(PYTHON) tools/serve.py --host 127.0.0.1 --port $(PORT)

test: deps lint
	$(VPY) -m pytest tests e2e

unit: lint
	$(VPY) -m pytest tests

# ruff over the repository, mypy over tavli/ (strict) and web/ (basic): both configured in pyproject.toml.
lint: $(VENV)/.stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

e2e: deps
	$(VPY) -m pytest e2e

bench: $(VENV)/.stamp
	@shopt -s nullglob; files=(bench/*.py); \
	if [ $${#files[@]} -eq 0 ]; then echo "no benchmarks in bench/"; fi; \
	for f in "$${files[@]}"; do echo "== $$f"; PYTHONPATH="$(CURDIR)" $(VPY) "$$f" || exit 1; done

deps: $(VENV)/.stamp vendor $(CHROMIUM)

vendor: node_modules/.stamp
	$(PYTHON) tools/vendor.py
	$(PYTHON) tools/stdlib.py
	$(PYTHON) tools/pyscript_files.py
	$(PYTHON) tools/precache.py

# Rebuild build/python.tar.gz and build/ai.zip (the browser's copy of tavli/ and web/ Python, with
# bytecode; also done by every `make vendor`): run it after editing Python.
sync-files:
	$(PYTHON) tools/pyscript_files.py

$(VENV)/.stamp: requirements-dev.txt
	test -x $(VPY) || $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); }
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	cp requirements-dev.txt $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	cp package-lock.json $@

$(CHROMIUM):
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

clean:
	rm -rf web/vendor build .pytest_cache .hypothesis .mypy_cache .ruff_cache
	find . -name __pycache__ -type d -not -path './node_modules/*' -not -path './.venv/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf node_modules $(VENV)
