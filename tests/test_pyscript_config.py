"""pyscript.toml must ship every Python module the browser imports, and load Pyodide locally.

The modules travel as one archive built by tools/pyscript_files.py (build output, ``make vendor``
or ``make sync-files``) and named by pyscript.toml's ``[files]``.
"""

from __future__ import annotations

import importlib.util
import io
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyscript.toml"
FIX = "run `make sync-files` (python3 tools/pyscript_files.py) to rebuild the archive and [files]"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pyscript_files = _load("tavli_pyscript_files", ROOT / "tools" / "pyscript_files.py")


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


def test_interpreter_is_the_vendored_pyodide():
    # PyScript's interpreter is web/pyodide_early.mjs, which index.html imports first (Pyodide boots
    # in parallel with PyScript) and which loads the vendored pyodide.mjs, never a CDN.
    assert _config()["interpreter"] == "./web/pyodide_early.mjs"
    early = (ROOT / "web" / "pyodide_early.mjs").read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in early
    assert not re.search(r"https?://", early)
    assert re.search(r"export \{ version \}", early) and "export async function loadPyodide" in early
    html = (ROOT / "index.html").read_text()
    early_at = html.index('<script type="module" src="./web/pyodide_early.mjs"></script>')
    assert early_at < html.index('src="./web/vendor/pyscript/core.js"'), "Pyodide must start before PyScript"


def test_pyodide_downloads_are_preloaded_as_pyodide_fetches_them():
    # crossorigin on an as=fetch preload: the same request mode (cors) and credentials as Pyodide's
    # own fetch(), or the browser fetches the file twice and warns that the preload went unused.
    html = (ROOT / "index.html").read_text()
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        tag = f'<link rel="preload" href="./web/vendor/pyodide/{name}" as="fetch" crossorigin>'
        assert tag in html, tag
    for name in ("pyodide.mjs", "pyodide.asm.mjs"):
        assert f'<link rel="modulepreload" href="./web/vendor/pyodide/{name}">' in html


def test_no_remote_urls_and_no_packages():
    config = _config()
    assert "packages" not in config, "stdlib only: `packages` would pull micropip and PyPI"
    assert not re.search(r"https?://", CONFIG.read_text()), "pyscript.toml must not name a remote URL"


def test_files_is_the_archive_unpacked_into_the_working_directory():
    files = _config().get("files", {})
    # One fetch for all the Python, unpacked ("./*") so that tavli/ and web/ keep their paths.
    assert files == {f"./{pyscript_files.ARCHIVE}": "./*"}, FIX
    assert pyscript_files.ARCHIVE.endswith(".zip")  # PyScript unpacks .zip, .whl, .tgz, .tar.gz
    assert (ROOT / ".gitignore").read_text().count("build/"), "the archive is build output"


def test_the_archives_hold_every_python_file_at_its_path(tmp_path):
    archives = pyscript_files.all_archives(ROOT, pyc=False)
    boot = pyscript_files.archive_sources(archives[pyscript_files.ARCHIVE])
    data = pyscript_files.archive_sources(archives[pyscript_files.AI_ARCHIVE])
    assert set(boot) | set(data) == _tree_python_files() and not set(boot) & set(data)
    for rel, content in {**boot, **data}.items():
        assert content == (ROOT / rel).read_bytes(), rel
    # The AI's data travels apart (fetched after boot); the code that loads it boots with the rest.
    assert {"tavli/ai/_weights_data.py", "tavli/ai/_bearoff_data.py"} <= set(data)
    assert all(rel.startswith("tavli/ai/_") for rel in data)
    assert {"tavli/ai/__init__.py", "tavli/ai/evaluator.py", "tavli/ai/bearoff.py", "web/main.py"} <= set(boot)


def test_the_page_fetches_the_archive_the_build_writes():
    from web import aidata

    assert aidata.ARCHIVE == pyscript_files.AI_ARCHIVE


def test_the_archive_puts_bytecode_where_the_import_system_looks():
    assert pyscript_files.pyc_path("tavli/game.py", "cpython-314") == "tavli/__pycache__/game.cpython-314.pyc"
    assert pyscript_files.pyc_path("web/i18n/en.py", "cpython-314") == "web/i18n/__pycache__/en.cpython-314.pyc"


def test_the_archive_is_deterministic():
    assert pyscript_files.archive_bytes(ROOT, pyc=False) == pyscript_files.archive_bytes(ROOT, pyc=False)
    with zipfile.ZipFile(io.BytesIO(pyscript_files.archive_bytes(ROOT, pyc=False))) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert {info.date_time for info in archive.infolist()} == {pyscript_files.ZIP_TIME}


def test_the_built_archive_is_up_to_date():
    path = ROOT / pyscript_files.ARCHIVE
    if not path.is_file():
        pytest.skip(f"{pyscript_files.ARCHIVE} is not built yet (make vendor)")
    assert pyscript_files.archive_is_current(ROOT), (
        f"{pyscript_files.ARCHIVE} is older than the Python of the tree: the browser would run the old code; {FIX}")


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


def test_the_archive_and_the_script_are_preloaded_as_pyscript_fetches_them():
    # PyScript fetches [files] and <script type="py" src> only once Pyodide is up; preloaded (same
    # request mode as its fetch()), they are in the browser's hands by then.
    html = (ROOT / "index.html").read_text()
    for url in list(_config()["files"]) + ["./web/main.py"]:
        assert f'<link rel="preload" href="{url}" as="fetch" crossorigin>' in html, url
    assert f'src="./web/main.py"' in html


def test_booting_imports_no_slow_or_unneeded_modules():
    # What web/main.py and web/dom.py import at boot (but pyscript/pyodide), in a fresh CPython: the
    # standard modules that cost tens of milliseconds to import in the browser, the AI and the
    # dialogs (imported on first use) stay out.
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tavli import FunctionDice, SeededDice\n"
        "from web import i18n, saves, prefs, settings, sound, storage, strings, controller\n"
        "from web import anim, geometry, panel, render, view\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    loaded = set(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.split())
    assert "web.controller" in loaded and "tavli.match" in loaded
    unwanted = {"urllib.parse", "secrets", "zipfile", "tavli.ai", "tavli.ai.players", "web.dialogs", "web.aidata",
                "tavli.savefile", "tavli.matfile"}
    assert not loaded & unwanted, sorted(loaded & unwanted)
