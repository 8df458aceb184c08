"""The service worker's precache list (tools/precache.py) and how sw.js / the page use it."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


precache = load_script("tools/precache.py", "tavli_precache_tool")


INDEX = """<!doctype html>
<link rel="icon" href="./web/icons/favicon-64.png">
<link rel="manifest" href="./manifest.webmanifest">
<link rel="stylesheet" href="./web/style.css">
<link rel="modulepreload" href="./web/vendor/pyodide/pyodide.mjs">
<link rel="preload" href="./build/python.tar.gz" as="fetch" crossorigin>
<link rel="preload" href="https://example.org/not-ours.js" as="fetch">
<!-- <script src="./web/commented-out.js"></script> -->
<script type="module" src="./web/early.mjs"></script>
<script type="module" src="./web/vendor/pyscript/core.js"></script>
<script src="./web/sw_register.js" defer></script>
<script type="py" src="./web/main.py" config="./pyscript.toml"></script>
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    files = {
        "index.html": INDEX,
        "manifest.webmanifest": json.dumps({"icons": [{"src": "web/icons/icon-192.png"}],
                                            "screenshots": [{"src": "web/shots/wide.png"}]}),
        "pyscript.toml": 'interpreter = "x"\n',
        "tavli/__init__.py": "",
        "build/ai.zip": "zip",
        "build/python.tar.gz": "tgz",
        "web/main.py": "",
        "web/style.css": "body{}",
        "web/early.mjs": ('import { a } from "./vendor/pyodide/pyodide.mjs";\nimport "./helper.mjs";\n'
                          'const w = new Worker(new URL("./maker.mjs", import.meta.url), { type: "module" });'),
        "web/helper.mjs": "export const b = 1;",
        "web/maker.mjs": 'import { c } from "./made.mjs";',
        "web/made.mjs": "export const c = 1;",
        "web/browser/coach.py": 'WORKER = "web/coach.mjs"  # started by Python\nOTHER = "web/not-a-worker.mjs"\n',
        "web/coach.mjs": 'import { LOCK } from "./lock.mjs";',
        "web/lock.mjs": "export const LOCK = 1;",
        "web/not-a-worker.mjs": "",
        "web/sw_register.js": "",
        "web/favicon.svg": "<svg/>",
        "web/icons/favicon-64.png": "png",
        "web/icons/icon-192.png": "png",
        "web/shots/wide.png": "png",
        "web/notes.txt": "not a static asset",
        "web/vendor/pyodide/pyodide.asm.wasm": "wasm",
        "web/vendor/pyodide/pyodide.mjs": "js",
        "web/vendor/pyodide/pyodide.js": "classic js",
        "web/vendor/pyodide/pyodide.mjs.map": "map",
        "web/vendor/pyscript/core.js": 'export * from"./core-A1.js";',
        "web/vendor/pyscript/core-A1.js": 'import{x}from"./shared-B2.js";const e=()=>import("./editor-C3.js");',
        "web/vendor/pyscript/shared-B2.js": "export const x = 1;",
        "web/vendor/pyscript/editor-C3.js": "editor",
        "web/vendor/.stamp": "x",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_the_list_holds_what_the_page_can_load(tree):
    files = precache.manifest(tree)["files"]
    assert list(files) == [
        "./", "build/ai.zip", "build/python.tar.gz", "manifest.webmanifest", "pyscript.toml",
        "web/coach.mjs", "web/early.mjs", "web/helper.mjs", "web/icons/favicon-64.png", "web/icons/icon-192.png",
        "web/lock.mjs", "web/made.mjs", "web/main.py", "web/maker.mjs", "web/style.css", "web/sw_register.js",
        "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyodide/pyodide.mjs",
        "web/vendor/pyscript/core-A1.js", "web/vendor/pyscript/core.js", "web/vendor/pyscript/shared-B2.js",
    ]
    # Listed: a worker a module starts (web/maker.mjs) and what it imports; a worker the page's
    # Python starts (WORKER in web/browser: web/coach.mjs) and what it imports.
    # Not listed: index.html (it is "./"), icon sources, the screenshots, pyodide.js (classic
    # build), maps, and a chunk only imported dynamically (a feature the page leaves off).


def test_each_file_has_its_content_hash_as_revision(tree):
    files = precache.manifest(tree)["files"]
    for url, rev in files.items():
        path = tree / ("index.html" if url == "./" else url)
        assert rev == hashlib.sha256(path.read_bytes()).hexdigest()[:16], url


def test_a_changed_file_changes_its_revision_and_the_version_only(tree):
    before = precache.manifest(tree)
    assert re.fullmatch(r"[0-9a-f]{16}", before["version"])
    assert precache.manifest(tree) == before
    (tree / "build" / "python.tar.gz").write_text("a new archive")
    after = precache.manifest(tree)
    assert after["version"] != before["version"]
    changed = {url for url in after["files"] if after["files"][url] != before["files"][url]}
    assert changed == {"build/python.tar.gz"} and list(after["files"]) == list(before["files"])
    (tree / "web" / "notes.txt").write_text("not listed: no new version")
    assert precache.manifest(tree) == after


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
    assert f'const PREFIX = "{precache.CACHE_PREFIX}";' in sw
    # The worker checks a download against tools/precache.py's revision: 8 bytes of SHA-256, in hex.
    assert 'crypto.subtle.digest("SHA-256"' in sw and "hash.subarray(0, 8)" in sw
    # The worker sits at the site root (its scope is the folder it is in) and is registered there.
    register = (ROOT / "web" / "sw_register.js").read_text()
    assert 'new URL("../sw.js"' in register
    index = (ROOT / "index.html").read_text()
    assert '<script src="./web/sw_register.js" defer></script>' in index
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (ROOT / icon["src"]).is_file(), icon["src"]


def test_the_worker_deletes_only_its_own_older_caches():
    # Another part of the page keeps its own caches (e.g. "tavli-snapshot"): activate deletes the
    # older tavli-precache-* caches and those of the workers before revisions, nothing else.
    sw = (ROOT / "sw.js").read_text()
    assert "const BEFORE_REVISIONS = /^tavli-[0-9a-f]{16}$/;" in sw
    assert "(name.startsWith(PREFIX) && name !== CACHE) || BEFORE_REVISIONS.test(name)" in sw
    assert not re.fullmatch(r"tavli-[0-9a-f]{16}", "tavli-snapshot")


@pytest.mark.parametrize("archive", ["build/python.tar.gz", "build/ai.zip"])
def test_the_archives_must_exist(tree, archive):
    (tree / archive).unlink()
    with pytest.raises(SystemExit, match=archive):
        precache.manifest(tree)


def test_the_real_list():
    if not (ROOT / "web" / "vendor" / "pyscript" / "core.js").is_file() or not (ROOT / "build").is_dir():
        pytest.skip("web/vendor or build/ is not built yet (make vendor)")
    files = precache.manifest(ROOT)["files"]
    assert {"./", "web/main.py", "pyscript.toml", "build/python.tar.gz", "build/ai.zip", "web/untar.mjs",
            "web/pyodide_early.mjs", "web/snapshot.mjs", "web/snapshot_worker.mjs", "web/vendor/pyodide/pyodide.asm.wasm", "web/vendor/pyodide/python_stdlib.zip",
            "web/coach_worker.mjs", "web/pyodide_lock.mjs", "web/vendor/pyscript/core.js", "web/vendor/pyscript/core.css"} <= set(files)
    pyscript = sorted(f.split("/")[-1].split("-")[0] for f in files if f.startswith("web/vendor/pyscript/"))
    # core.js, its core chunk, and the start-up chunks index.html preloads (tests/test_pyscript_config.py).
    assert pyscript == ["core", "core.css", "core.js", "error", "toml"]
    assert "web/vendor/pyodide/pyodide.js" not in files
