"""A copy of the built site served on its own port, for the service worker's tests.

:func:`site_copy` makes the site as a tree of symlinks into the repository, with its own
web/vendor/precache.js freshly generated (tools/precache.py) for the files as they are now: the
tests neither depend on `make vendor` having run since the last edit, nor touch the repository
when they make a "new version". The files of the folders named in ``real`` are copies instead of
links, so that a test can change them. :class:`Site` serves such a copy (tools/serve.py, archives as
built, as a static host) until :meth:`Site.stop`, and logs what it sent (:meth:`Site.sent`).
"""

from __future__ import annotations

import importlib
import shutil
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
def load_tool(name: str):
    """tools/<name>.py as a module."""
    return importlib.import_module(f"tools.{name}")


_SKIP = (".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")
_LINKED = ("node_modules",)  # linked whole (tools/pyc.mjs compiles with its Pyodide)


def _mirror(source: Path, target: Path, real: tuple[str, ...], rel: str = "") -> None:
    """``target`` mirrors ``source``: its folders made anew (the tools walk them), its files
    symlinks, except in the ``real`` folders (copies, which a test may change);
    web/vendor/precache.js is left out (written apart)."""
    target.mkdir()
    for entry in source.iterdir():
        path = f"{rel}{entry.name}"
        if entry.name in _SKIP or path == "web/vendor/precache.js":
            continue
        if path in _LINKED or not entry.is_dir():
            if entry.is_file() and any(path.startswith(r + "/") for r in real):
                shutil.copy2(entry, target / entry.name)
            else:
                (target / entry.name).symlink_to(entry)
        else:
            _mirror(entry, target / entry.name, real, path + "/")


def site_copy(tmp: Path, real: tuple[str, ...] = ()) -> Path:
    """The site under ``tmp/site`` (see the module's docstring), with its own precache list."""
    site = tmp / "site"
    _mirror(ROOT, site, real)
    write_precache(site)
    return site


def write_precache(site: Path) -> dict:
    """Write ``site``'s web/vendor/precache.js for its files as they are now; returns the list."""
    precache = load_tool("precache")
    data = precache.manifest(site)
    (site / "web" / "vendor" / "precache.js").write_text(precache.script(data))
    return data


class Site:
    """A site copy served on its own port, under ``prefix``, until :meth:`stop`."""

    def __init__(self, directory: Path, prefix: str = "/") -> None:
        self.directory = directory
        self.log: list = []  # tools/serve.py's Sent, one per request answered
        serve = load_tool("serve")
        self.server = serve.make_server("127.0.0.1", 0, quiet=True, directory=directory, prefix=prefix,
                                        rebuild=False, request_log=self.log.append)
        self.thread = threading.Thread(target=self.server.serve_forever, name="test-site", daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}{serve.normalize_prefix(prefix)}"
        self.running = True

    def mark(self) -> int:
        """The number of requests arrived so far: :meth:`sent` from here on."""
        return self.server.arrivals.count

    def sent(self, since: int = 0) -> list:
        """What the server answered to the requests that arrived from number ``since`` on, in the
        order they arrived (the log has them as their answers ended)."""
        return sorted((s for s in self.log if s.arrival >= since), key=lambda s: s.arrival)

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


def deploy_one_module_change(site: Path, module: str = "tavli/clock.py") -> dict:
    """A new version of ``site`` (a :func:`site_copy` with ``real=("tavli", "build")``): one
    Python module changed, its archive and the precache list rebuilt with the tools (the computer's
    data archive stays the same bytes). Returns the new precache list."""
    pyscript_files = load_tool("pyscript_files")
    path = site / module
    assert not path.is_symlink(), f"{module} must be a copy, not the repository's file"
    path.write_text(path.read_text() + "\n# a new version\n")
    archives = pyscript_files.all_archives(site)
    for name, data in archives.items():
        if (site / name).read_bytes() != data:
            (site / name).write_bytes(data)
    return write_precache(site)
