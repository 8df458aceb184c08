"""pyscript.toml must ship every Python module the browser imports, and load Pyodide locally."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyscript.toml"
FIX = "run `make sync-files` (python3 tools/pyscript_files.py) to regenerate [files]"


def _config() -> dict:
    return tomllib.loads(CONFIG.read_text())


def _tree_python_files() -> set[str]:
    found = set()
    for package in ("tavli", "web"):
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("web/vendor/") or "__pycache__" in path.parts:
                continue
            found.add(rel)
    return found


def _strip_dot(path: str) -> str:
    return path[2:] if path.startswith("./") else path


def test_interpreter_is_the_vendored_pyodide():
    assert _config()["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"


def test_no_remote_urls_and_no_packages():
    config = _config()
    assert "packages" not in config, "stdlib only: `packages` would pull micropip and PyPI"
    assert not re.search(r"https?://", CONFIG.read_text()), "pyscript.toml must not name a remote URL"


def test_every_python_file_is_mapped():
    files = _config().get("files", {})
    mapped = {_strip_dot(source) for source in files}
    missing = sorted(_tree_python_files() - mapped)
    assert not missing, f"not in pyscript.toml [files]: {missing}; {FIX}"


def test_every_mapped_file_exists_and_keeps_its_path():
    for source, dest in _config().get("files", {}).items():
        assert source.startswith("./") and ".." not in source, f"{source}: use a ./relative path"
        assert (ROOT / _strip_dot(source)).is_file(), f"{source} is mapped but does not exist; {FIX}"
        # Same relative path in the browser's file system, so the package imports as here.
        assert dest == source, f"{source} must be copied to the same path, not {dest}"


def test_index_html_uses_only_relative_urls():
    html = (ROOT / "index.html").read_text()
    urls = re.findall(r'\b(?:src|href|config)="([^"]*)"', html)
    assert urls, "index.html references nothing?"
    for url in urls:
        assert url.startswith("./"), f"index.html: {url!r} must be relative (./...) to work under any sub-path"
    assert 'src="./web/vendor/pyscript/core.js"' in html
    assert 'href="./web/vendor/pyscript/core.css"' in html
    assert 'config="./pyscript.toml"' in html
    assert '<body data-phase="loading">' in html
