"""Write the service worker's precache list: ``web/vendor/precache.js`` (build output).

``sw.js`` (at the site root) loads it with ``importScripts``. The list maps each URL (relative to
the site root, where sw.js is) to its *revision*, the first 16 hex digits of the SHA-256 of the
file's bytes; the *version* is a hash of all (URL, revision) pairs. A changed file changes its
revision, the version and so precache.js, which the browser's update check notices: a new worker
installs, takes from the old cache every file whose revision is unchanged and downloads only the
others (see sw.js).

What is listed, only what the page can load (nothing the browser never asks for):

* the page, as ``./`` (a navigation to ``index.html`` is answered with it);
* every local file that index.html names (``href``/``src``: the stylesheets, icons, manifest,
  pyscript.toml, web/main.py, the modules and their preloads, ``build/python.tar.gz``), and the
  files those JavaScript modules import statically (``web/untar.mjs``; PyScript's ``core.js``
  imports its core chunk) or start as workers (``web/snapshot_worker.mjs``). PyScript's other chunks (editor, terminal, game canvas, zip and package
  helpers) are imported only for features the page leaves off (pyscript.toml, tests/test_pyscript_config.py);
* the module workers the page's Python starts (``WORKER = "web/x.mjs"`` in a module of
  ``web/browser``: the coach's, web/browser/coach.py), and what they import;
* the manifest's icons (not its screenshots: only the browser's install dialog shows those, online);
* the archives of the app's Python (tools/pyscript_files.py's ``ARCHIVES``: ``build/ai.zip``, the
  computer's data, is fetched by Python after boot);
* the vendored Pyodide: every file of ``web/vendor/pyodide`` (Pyodide fetches them by name from
  its folder) except source maps and ``pyodide.js``, the classic-script build the page never loads.

``make vendor`` runs this after tools/vendor.py and tools/pyscript_files.py, so the list follows
the tree. It lives in web/vendor/ because that folder is git-ignored build output already.

    python3 tools/precache.py          # write web/vendor/precache.js
    python3 tools/precache.py --print  # show the list and version, write nothing
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "web" / "vendor" / "precache.js"
CACHE_PREFIX = "tavli-precache-"
PAGE = "./"

PYODIDE_DIR = "web/vendor/pyodide"
PYODIDE_SKIP = ("pyodide.js",)  # the classic-script build: the page imports pyodide.mjs
SKIP_SUFFIXES = (".map", ".stamp")
MANIFEST = "manifest.webmanifest"

_TAG = re.compile(r"<(?:link|script)\b[^>]*>")
_REFERENCE = re.compile(r'\b(?:href|src|config)="([^"]+)"')  # config: <script type="py">'s pyscript.toml
_IMPORT = re.compile(r'\b(?:from|import)\s*["\'](\.{1,2}/[^"\']+)["\']')  # not import("./x")
# A module worker the page starts: new Worker(new URL("./x.mjs", import.meta.url), ...)
_WORKER = re.compile(r'\bnew\s+Worker\(\s*new\s+URL\(\s*["\'](\.{1,2}/[^"\']+)["\']\s*,\s*import\.meta\.url')
# A module worker the page's Python starts: a module-level WORKER = "web/x.mjs" (relative to the page)
_PY_WORKER = re.compile(r'^WORKER\s*=\s*["\']([^"\']+\.mjs)["\']', re.M)
BROWSER_DIR = "web/browser"


def python_archives() -> list[str]:
    """The archives of the app's Python that the page fetches (tools/pyscript_files.py)."""
    spec = importlib.util.spec_from_file_location("tavli_pyscript_files", Path(__file__).with_name("pyscript_files.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.ARCHIVES)


def _local(rel_to: str, url: str) -> str | None:
    """``url`` as a path from the root, seen from the file ``rel_to``; None if not a local file."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^#", url, re.I):
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(rel_to), url.split("#")[0].split("?")[0]))
    return None if path.startswith("..") or path == "." else path


def page_references(root: Path = ROOT) -> list[str]:
    """The local files index.html names in a ``<link href>`` or ``<script src>`` (or ``config``)."""
    index = root / "index.html"
    html = re.sub(r"<!--.*?-->", "", index.read_text() if index.is_file() else "", flags=re.S)
    found = {_local("index.html", url) for tag in _TAG.findall(html) for url in _REFERENCE.findall(tag)}
    return sorted(path for path in found if path)


def static_imports(files: set[str], root: Path = ROOT) -> set[str]:
    """``files`` and, transitively, every local module their JavaScript imports statically
    (``import ... from "./x"``, ``import "./x"``) or starts as a worker (``new Worker(new URL("./x",
    import.meta.url))``: web/snapshot_worker.mjs); dynamic ``import("./x")`` is left out: those are
    PyScript's optional chunks (index.html preloads the ones its start-up needs)."""
    out, todo = set(files), [f for f in files if f.endswith((".js", ".mjs"))]
    while todo:
        rel = todo.pop()
        path = root / rel
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        for url in _IMPORT.findall(text) + _WORKER.findall(text):
            found = _local(rel, url)
            if found and found not in out:
                out.add(found)
                todo.append(found)
    return out


def python_workers(root: Path = ROOT) -> list[str]:
    """The module workers the page's Python starts: each ``WORKER = "..."`` of ``web/browser``
    (a path relative to the page, started with ``new Worker(new URL(WORKER, document.baseURI))``)."""
    found = set()
    for path in sorted((root / BROWSER_DIR).glob("*.py")):
        for url in _PY_WORKER.findall(path.read_text(errors="replace")):
            if (local := _local("index.html", url)):
                found.add(local)
    return sorted(found)


def manifest_icons(root: Path = ROOT) -> list[str]:
    path = root / MANIFEST
    if not path.is_file():
        return []
    icons = json.loads(path.read_text()).get("icons", [])
    return sorted({found for icon in icons if (found := _local(MANIFEST, icon["src"]))})


def pyodide_files(root: Path = ROOT) -> list[str]:
    base = root / PYODIDE_DIR
    if not base.is_dir():
        raise SystemExit(f"precache: {PYODIDE_DIR} is missing: run `make vendor` (tools/vendor.py) first")
    return sorted(path.relative_to(root).as_posix() for path in base.rglob("*")
                  if path.is_file() and not path.name.endswith(SKIP_SUFFIXES) and path.name not in PYODIDE_SKIP)


def precache_files(root: Path = ROOT) -> list[str]:
    """Every file path to precache (relative to the root), sorted, without duplicates; the page
    itself (index.html) is listed as ``./`` by :func:`manifest`."""
    files = static_imports(set(page_references(root)) | set(python_workers(root)), root)
    files.update(manifest_icons(root), python_archives(), pyodide_files(root))
    files.discard("index.html")
    missing = sorted(f for f in files if not (root / f).is_file())
    if missing:
        raise SystemExit(f"precache: listed files are missing: {', '.join(missing)}")
    return sorted(files)


def revision(path: Path) -> str:
    """A file's revision: the first 16 hex digits of the SHA-256 of its bytes (sw.js checks them)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def version(revisions: dict[str, str]) -> str:
    """A short hash of every (URL, revision) pair: it changes whenever one file does."""
    digest = hashlib.sha256()
    for url, rev in revisions.items():
        digest.update(f"{url}\0{rev}\0".encode())
    return digest.hexdigest()[:16]


def manifest(root: Path = ROOT) -> dict:
    """``{"version": ..., "files": {url: revision}}``, the page first, then the files sorted."""
    revisions = {PAGE: revision(root / "index.html")}
    revisions.update({rel: revision(root / rel) for rel in precache_files(root)})
    return {"version": version(revisions), "files": revisions}


def script(data: dict) -> str:
    return (
        "// Generated by tools/precache.py (`make vendor`): the service worker's precache list.\n"
        "// Do not edit; do not commit (web/vendor/ is build output).\n"
        f"self.TAVLI_PRECACHE = {json.dumps(data, indent=1)};\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write web/vendor/precache.js for the service worker.")
    parser.add_argument("--print", action="store_true", help="print the list and version only")
    args = parser.parse_args(argv)
    data = manifest()
    if args.print:
        print(json.dumps(data, indent=1))
        return 0
    text = script(data)
    if OUTPUT.exists() and OUTPUT.read_text() == text:
        print(f"precache: version {data['version']} ({len(data['files'])} URLs) is up to date")
        return 0
    OUTPUT.write_text(text)
    size = sum((ROOT / ("index.html" if f == PAGE else f)).stat().st_size for f in data["files"])
    print(f"precache: version {data['version']}: {len(data['files'])} URLs ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
