"""The service worker's precache list (tools/precache.py) and how sw.js / the page use it."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


precache = _load("tavli_precache_tool", ROOT / "tools" / "precache.py")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    files = {
        "index.html": "<!doctype html>",
        "manifest.webmanifest": "{}",
        "pyscript.toml": 'interpreter = "x"\n',
        "tavli/__init__.py": "",
        "build/ai.zip": "zip",
        "build/python.tar.gz": "tgz",
        "web/main.py": "",
        "web/style.css": "body{}",
        "web/sw_register.js": "",
        "web/icons/icon-192.png": "png",
        "web/notes.txt": "not a static asset",
        "web/vendor/pyodide/pyodide.asm.wasm": "wasm",
        "web/vendor/pyodide/pyodide.mjs": "js",
        "web/vendor/pyodide/pyodide.mjs.map": "map",
        "web/vendor/pyscript/core.js": "js",
        "web/vendor/pyscript/sub/chunk.js": "js",
        "web/vendor/.stamp": "x",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_the_list(tree):
    data = precache.manifest(tree)
    assert data["files"][0] == "./"
    assert data["files"][1:] == [
        "build/ai.zip", "build/python.tar.gz", "index.html", "manifest.webmanifest", "pyscript.toml",
        "web/icons/icon-192.png", "web/style.css", "web/sw_register.js",
        "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyodide/pyodide.mjs",
        "web/vendor/pyscript/core.js", "web/vendor/pyscript/sub/chunk.js",
    ]


def test_the_version_follows_the_contents(tree):
    (tree / "index.html").write_text('<script type="py" src="./web/main.py"></script>')
    v1 = precache.manifest(tree)["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", v1)
    assert precache.manifest(tree)["version"] == v1
    (tree / "web" / "main.py").write_text("print('changed')")
    v2 = precache.manifest(tree)["version"]
    assert v2 != v1
    (tree / "web" / "notes.txt").write_text("not listed: no new version")
    assert precache.manifest(tree)["version"] == v2


def test_a_listed_file_that_is_missing_stops_the_build(tree):
    (tree / "manifest.webmanifest").unlink()
    with pytest.raises(SystemExit, match="missing"):
        precache.manifest(tree)


def test_the_script_defines_what_sw_js_reads(tree):
    data = precache.manifest(tree)
    text = precache.script(data)
    body = text.split("self.TAVLI_PRECACHE = ", 1)[1].rstrip().rstrip(";")
    assert json.loads(body) == data


def test_sw_js_and_the_page_agree_on_the_paths():
    sw = (ROOT / "sw.js").read_text()
    rel = precache.OUTPUT.relative_to(ROOT).as_posix()
    assert f'importScripts("./{rel}")' in sw
    assert "self.TAVLI_PRECACHE" in sw
    # The worker sits at the site root (its scope is the folder it is in) and is registered there.
    register = (ROOT / "web" / "sw_register.js").read_text()
    assert 'new URL("../sw.js"' in register
    index = (ROOT / "index.html").read_text()
    assert '<script src="./web/sw_register.js" defer></script>' in index
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (ROOT / icon["src"]).is_file(), icon["src"]


def test_the_pages_python_scripts_are_listed(tree):
    # PyScript fetches <script type="py" src> itself: it must be cached although the app's other
    # modules travel in the archives (tavli/ itself is not listed).
    (tree / "index.html").write_text('<script type="py" src="./web/main.py" config="./pyscript.toml"></script>')
    assert precache.page_scripts(tree) == ["web/main.py"]
    files = precache.manifest(tree)["files"]
    assert "web/main.py" in files and "tavli/__init__.py" not in files
    assert {"build/python.tar.gz", "build/ai.zip"} <= set(files)  # fetched at boot, and after it


@pytest.mark.parametrize("archive", ["build/python.tar.gz", "build/ai.zip"])
def test_the_archives_must_exist(tree, archive):
    (tree / archive).unlink()
    with pytest.raises(SystemExit, match=archive):
        precache.manifest(tree)


def test_the_real_page_and_config_are_covered():
    assert precache.page_scripts(ROOT) == ["web/main.py"]
