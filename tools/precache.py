"""Write the service worker's precache list and version: ``web/vendor/precache.js`` (build output).

``sw.js`` (at the site root) loads it with ``importScripts`` and caches every listed URL at
install time under the cache ``tavli-<version>``. The version is a hash of the listed files'
paths and contents, so any change to the app or the runtime makes a new version: the browser sees
the changed precache.js, installs the new worker, the page shows "new version — reload", and the
new worker drops the old cache when it takes over.

What is listed (URLs relative to the site root, where sw.js is):

* the page: ``./`` (index.html under its directory URL) and ``index.html``;
* ``manifest.webmanifest``, ``pyscript.toml`` and every file of its ``[files]`` table (the
  archive of the app's Python, tools/pyscript_files.py), the archive of the computer's data that
  the page fetches after boot (``build/ai.zip``, tools/pyscript_files.py's ``AI_ARCHIVE``), and the
  Python scripts index.html runs (``<script type="py" src=...>``: web/main.py);
* the page's own static files under ``web/`` (css, js, svg, png, json; not web/vendor);
* the vendored runtime: every file of ``web/vendor/pyodide`` and ``web/vendor/pyscript`` except
  source maps and stamps.

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
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "web" / "vendor" / "precache.js"
CACHE_PREFIX = "tavli-"

STATIC_SUFFIXES = (".css", ".js", ".mjs", ".svg", ".png", ".json", ".webmanifest", ".woff2", ".html")
VENDOR_DIRS = ("web/vendor/pyodide", "web/vendor/pyscript")
VENDOR_SKIP_SUFFIXES = (".map", ".stamp")
ROOT_FILES = ("manifest.webmanifest", "pyscript.toml")


def pyscript_files(root: Path = ROOT) -> list[str]:
    """The URLs of pyscript.toml's [files] table (relative to pyscript.toml, i.e. to the root)."""
    config = tomllib.loads((root / "pyscript.toml").read_text())
    return sorted(url.removeprefix("./") for url in config.get("files", {}))


def fetched_archives() -> list[str]:
    """The archives the page's Python fetches itself, after boot (tools/pyscript_files.py)."""
    spec = importlib.util.spec_from_file_location("tavli_pyscript_files", Path(__file__).with_name("pyscript_files.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [name for name in module.ARCHIVES if name != module.ARCHIVE]


def page_scripts(root: Path = ROOT) -> list[str]:
    """The ``src`` of index.html's ``<script type="py">`` elements (PyScript fetches them)."""
    index = root / "index.html"
    html = index.read_text() if index.is_file() else ""
    found = re.findall(r'<script\b[^>]*\btype="(?:py|mpy)"[^>]*\bsrc="([^"]+)"', html)
    return sorted(src.removeprefix("./") for src in found)


def static_files(root: Path = ROOT) -> list[str]:
    """The page's own static files under web/ (not the vendored runtime, not Python)."""
    out = []
    for path in sorted((root / "web").rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or rel.startswith("web/vendor/") or "__pycache__" in path.parts:
            continue
        if path.name.endswith(STATIC_SUFFIXES):
            out.append(rel)
    return out


def vendor_files(root: Path = ROOT) -> list[str]:
    out = []
    for folder in VENDOR_DIRS:
        base = root / folder
        if not base.is_dir():
            raise SystemExit(f"precache: {folder} is missing: run `make vendor` (tools/vendor.py) first")
        for path in sorted(base.rglob("*")):
            if path.is_file() and not path.name.endswith(VENDOR_SKIP_SUFFIXES):
                out.append(path.relative_to(root).as_posix())
    return out


def precache_files(root: Path = ROOT) -> list[str]:
    """Every file path to precache (relative to the root), sorted, without duplicates."""
    files = set(ROOT_FILES) | {"index.html"}
    files.update(pyscript_files(root))
    files.update(fetched_archives())
    files.update(page_scripts(root))
    files.update(static_files(root))
    files.update(vendor_files(root))
    missing = sorted(f for f in files if not (root / f).is_file())
    if missing:
        raise SystemExit(f"precache: listed files are missing: {', '.join(missing)}")
    return sorted(files)


def version(files: list[str], root: Path = ROOT) -> str:
    """A short hash of the files' paths and contents."""
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((root / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def manifest(root: Path = ROOT) -> dict:
    files = precache_files(root)
    return {"version": version(files, root), "files": ["./"] + files}


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
    size = sum((ROOT / f).stat().st_size for f in data["files"][1:])
    print(f"precache: version {data['version']}: {len(data['files'])} URLs ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
