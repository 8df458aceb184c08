"""The page must ship every Python module the browser imports, and load Pyodide locally.

pyscript.toml names the interpreter, web/pyodide_early.mjs, which loads the vendored Pyodide and
writes the app's modules into it from one archive built by tools/pyscript_files.py (build output,
``make vendor`` or ``make sync-files``), read in the browser by web/untar.mjs.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyscript.toml"
FIX = "run `make sync-files` (python3 tools/pyscript_files.py) to rebuild the archives"


pyscript_files = load_script("tools/pyscript_files.py", "tavli_pyscript_files")


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
    # Not the package lock: the page hands Pyodide its own (web/pyodide_lock.mjs, tests/test_stdlib.py).
    html = (ROOT / "index.html").read_text()
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        tag = f'<link rel="preload" href="./web/vendor/pyodide/{name}" as="fetch" crossorigin>'
        assert tag in html, tag
    assert "pyodide-lock.json" not in html
    for module in ("pyodide_early.mjs", "snapshot_worker.mjs"):  # every loadPyodide gets the page's lock
        text = (ROOT / "web" / module).read_text()
        assert 'import { LOCK } from "./pyodide_lock.mjs";' in text
        calls = re.findall(r"\b(?:load|loadPyodide)\(\{[^}]*\}", text)
        assert calls and all("lockFileContents:" in call and "LOCK" in call for call in calls), (module, calls)
    for name in ("pyodide.mjs", "pyodide.asm.mjs"):
        assert f'<link rel="modulepreload" href="./web/vendor/pyodide/{name}">' in html


def test_pyscripts_own_chunks_are_preloaded():
    # index.html names PyScript's chunks (hashed file names) so that they load at once: they must be
    # the ones the vendored core.js imports, directly (the core chunk) or on start-up (the TOML
    # parser for pyscript.toml, the error plugin); a new @pyscript/core changes them.
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not (dist / "core.js").is_file():
        pytest.skip("node_modules/@pyscript/core is not installed (make vendor)")
    html = (ROOT / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="\./web/vendor/pyscript/([^"]+)">', html)
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (dist / "core.js").read_text()).group(1)
    chunk = (dist / core).read_text()
    wanted = [core] + [re.search(rf'import\("\./({name}-[\w-]+\.js)"\)', chunk).group(1) for name in ("toml", "error")]
    assert preloaded == wanted, f"index.html preloads {preloaded}; @pyscript/core has {wanted}: update index.html"
    assert '<link rel="preload" href="./pyscript.toml" as="fetch" crossorigin>' in html


def test_no_remote_urls_and_no_packages():
    config = _config()
    assert "packages" not in config, "stdlib only: `packages` would pull micropip and PyPI"
    assert not re.search(r"https?://", CONFIG.read_text()), "pyscript.toml must not name a remote URL"


def test_the_interpreter_module_fetches_the_archive_the_build_writes():
    # No [files] table: PyScript would fetch the archive only once Pyodide is up, and unpack it
    # with Python's zipfile; web/pyodide_early.mjs fetches it at once and writes it itself.
    assert "files" not in _config()
    early = (ROOT / "web" / "pyodide_early.mjs").read_text()
    assert f'export const ARCHIVE = "../{pyscript_files.ARCHIVE}";' in early
    assert f'const STAMP = "{pyscript_files.STAMP}";' in early  # a truncated archive is refused
    assert pyscript_files.ARCHIVE.endswith(".tar.gz")  # one gzip stream, inflated as it downloads
    assert '"tar.gz" : "tar", { extractDir' in early  # where the browser cannot inflate
    assert (ROOT / ".gitignore").read_text().count("build/"), "the archive is build output"


def test_the_boot_archive_is_a_plain_ustar_tar_the_page_can_read():
    data = pyscript_files.archive_bytes(ROOT, pyc=False)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        members = archive.getmembers()
    assert all(m.isfile() and m.mtime == 0 and not m.pax_headers for m in members)
    assert all(len(m.name) < 100 and not m.name.startswith("/") and ".." not in m.name for m in members)
    assert members[-1].name == pyscript_files.STAMP
    assert pyscript_files.read_archive(data)[1].startswith("sources only ")


def test_the_archives_hold_every_python_file_at_its_path(tmp_path):
    # Without bytecode (no Node): the boot archive's sources stripped of comments and docstrings.
    archives = pyscript_files.all_archives(ROOT, pyc=False)
    boot = pyscript_files.archive_sources(archives[pyscript_files.ARCHIVE])
    data, _ = pyscript_files.read_archive(archives[pyscript_files.AI_ARCHIVE])
    assert set(boot) == _tree_python_files()
    for rel, content in boot.items():
        assert content == pyscript_files.pystrip.strip((ROOT / rel).read_bytes()), rel
    for rel, content in data.items():
        assert content == (ROOT / rel).read_bytes(), rel
    # The AI's data travels apart (fetched after boot), as data files (no modules, no bytecode);
    # the code that reads it boots with the rest.
    assert set(data) == {f"tavli/ai/data/{name}.bin" for name in ("portes", "plakoto", "fevga", "bearoff")}
    assert {"tavli/ai/__init__.py", "tavli/ai/evaluator.py", "tavli/ai/bearoff.py", "tavli/ai/datafile.py",
            "web/main.py", "web/browser/app.py"} <= set(boot)


def test_the_page_fetches_the_archive_the_build_writes():
    from web.browser import aidata

    assert aidata.ARCHIVE == pyscript_files.AI_ARCHIVE


def _built_with_bytecode() -> dict[str, bytes]:
    """The built boot archive's members (skips where it is not built, or built without bytecode)."""
    path = ROOT / pyscript_files.ARCHIVE
    if not path.is_file():
        pytest.skip(f"{pyscript_files.ARCHIVE} is not built yet (make vendor)")
    members, stamp = pyscript_files.read_archive(path.read_bytes())
    if not stamp.startswith("pyodide "):
        pytest.skip("the archive was built without bytecode")
    return members


def test_the_archive_puts_bytecode_where_the_import_system_looks():
    assert pyscript_files.pyc_path("tavli/game.py", "cpython-314") == "tavli/__pycache__/game.cpython-314.pyc"
    assert pyscript_files.pyc_path("web/i18n/en.py", "cpython-314") == "web/i18n/__pycache__/en.cpython-314.pyc"
    # The boot archive: each of its modules as bytecode alone, where its source would be.
    members = _built_with_bytecode()
    modules = set(pyscript_files.archive_files(pyscript_files.ARCHIVE))
    assert {rel[:-3] + ".pyc" for rel in modules} <= set(members)
    assert not [name for name in members if name.endswith(".py")], "sources travel only without bytecode"


def test_the_archives_are_deterministic():
    assert pyscript_files.all_archives(ROOT, pyc=False) == pyscript_files.all_archives(ROOT, pyc=False)
    with zipfile.ZipFile(io.BytesIO(pyscript_files.archive_bytes(ROOT, pyc=False, name=pyscript_files.AI_ARCHIVE))) as zipped:
        names = zipped.namelist()
        assert names == sorted(names)
        assert {info.date_time for info in zipped.infolist()} == {pyscript_files.ZIP_TIME}


def test_the_runtime_modules_are_the_ones_pyscript_writes():
    # PyScript's package, read from the vendored @pyscript/core: the sources its core chunk holds.
    package = pyscript_files.pyscript_package(ROOT)
    if not package:
        pytest.skip("node_modules/@pyscript/core is not installed (make vendor)")
    assert {"pyscript/__init__.py", "pyscript/display.py"} <= set(package)
    chunk = next((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js")).read_text()
    for source in package.values():
        assert json.dumps(source.decode(), ensure_ascii=False) in chunk
    # pyscript.display imports html, which Pyodide's own start does not.
    assert b"import base64,html,io" in package["pyscript/display.py"]
    runtime = pyscript_files.runtime_sources(ROOT)
    assert set(pyscript_files.RUNTIME_STDLIB) <= set(runtime) and set(package) <= set(runtime)


def _node_json(script: str) -> dict:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node or node_modules/pyodide is missing (make vendor)")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True,
                          timeout=300, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("served", ["as built", "inflated by the host"])
def test_the_page_reads_the_boot_archive_as_python_does(tmp_path, served):
    # web/untar.mjs (gunzip, then the tar's headers), in Node, on the archive the build writes; and
    # on its tar alone, as the page gets it from a host that sends "Content-Encoding: gzip".
    path = ROOT / pyscript_files.ARCHIVE
    if not path.is_file():
        pytest.skip(f"{pyscript_files.ARCHIVE} is not built yet (make vendor)")
    if served != "as built":
        path = tmp_path / "python.tar"
        path.write_bytes(gzip.decompress((ROOT / pyscript_files.ARCHIVE).read_bytes()))
    read = _node_json(f"""
        import {{ readFileSync }} from "node:fs";
        import {{ createHash }} from "node:crypto";
        import {{ gunzip, untar }} from "./web/untar.mjs";
        const body = new Blob([readFileSync({json.dumps(str(path))})]).stream();
        const out = {{}};
        for (const [name, data] of untar(await gunzip(body))) out[name] = createHash("sha256").update(data).digest("hex");
        process.stdout.write(JSON.stringify(out));
    """)
    members, stamp = pyscript_files.read_archive((ROOT / pyscript_files.ARCHIVE).read_bytes())
    members[pyscript_files.STAMP] = stamp.encode()
    assert read == {name: hashlib.sha256(data).hexdigest() for name, data in members.items()}


def test_runtime_bytecode_is_checked_against_the_source_the_page_gets():
    # Ours and html's: unchecked-hash .pyc (flags 1; they travel instead of their sources). PyScript's
    # package, which PyScript writes at boot: checked-hash (flags 3), with the hash of exactly those
    # sources as Pyodide's Python computes it, so the page uses them or recompiles.
    members = _built_with_bytecode()
    runtime = {rel: data for rel, data in pyscript_files.runtime_sources(ROOT).items() if rel.startswith("pyscript/")}
    tag = next(name for name in members if "__pycache__" in name).rsplit(".", 2)[1]
    flags = {name: int.from_bytes(data[4:8], "little") for name, data in members.items() if name.endswith(".pyc")}
    assert {name for name, f in flags.items() if f == 3} == {pyscript_files.pyc_path(rel, tag) for rel in runtime}
    assert {f for f in flags.values() if f != 3} == {1}
    assert {"html/__init__.pyc", "html/entities.pyc"} <= set(flags)
    stored = {rel: members[pyscript_files.pyc_path(rel, tag)][8:16].hex() for rel in runtime}
    sources = {rel: runtime[rel].decode("utf-8") for rel in runtime}
    hashes = _node_json(f"""
        import {{ loadPyodide }} from "./node_modules/pyodide/pyodide.mjs";
        const py = await loadPyodide({{ stdout: () => {{}}, stderr: () => {{}} }});
        py.globals.set("sources", py.toPy({json.dumps(sources)}));
        process.stdout.write(py.runPython(`
import importlib.util, json
json.dumps({{rel: importlib.util.source_hash(src.encode("utf-8")).hex() for rel, src in sources.items()}})
`));
    """)
    assert hashes == stored


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


def test_the_archive_and_the_script_are_preloaded_as_they_are_fetched():
    # Preloaded in the same request mode as the fetch() that reads them (web/pyodide_early.mjs for
    # the archive, PyScript for <script type="py" src> once Pyodide is up), they are on their way
    # before any script runs.
    html = (ROOT / "index.html").read_text()
    for url in [f"./{pyscript_files.ARCHIVE}", "./web/main.py"]:
        assert f'<link rel="preload" href="{url}" as="fetch" crossorigin>' in html, url
    assert 'src="./web/main.py"' in html


def test_booting_imports_no_slow_or_unneeded_modules():
    # What web/main.py and web.browser import at boot, in a fresh CPython (the browser's modules
    # js, pyodide and pyscript stand-ins): the standard modules that cost tens of milliseconds to
    # import in the browser, the AI, the dialogs and the AI data's loader (imported on first use)
    # stay out. Only what booting adds to a bare interpreter counts: a host's site .pth files may
    # import modules (urllib.parse...) before any code runs.
    import subprocess
    import sys

    def modules_after(code: str) -> set[str]:
        code += "\nimport sys\nprint(' '.join(sorted(sys.modules)))\n"
        return set(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout.split())

    bare = modules_after("pass")
    loaded = modules_after(
        "import sys, types\n"
        "for name in ('js', 'pyodide', 'pyodide.ffi', 'pyscript'):\n"
        "    sys.modules[name] = types.ModuleType(name)\n"
        "sys.modules['pyscript'].document = sys.modules['pyscript'].window = None\n"
        "ffi = sys.modules['pyodide.ffi']\n"
        "ffi.create_proxy = ffi.to_js = ffi.create_once_callable = ffi.jsnull = None\n"
        "from tavli import FunctionDice, SeededDice\n"
        "from web.model import i18n, keeping, prefs, saves, setup, url\n"
        "from web.control import controller\n"
        "from web.browser import app, audio, keeping_answers, page, persist, storage\n"
    ) - bare - {"js", "pyodide", "pyodide.ffi", "pyscript", "types"}
    assert {"web.control.controller", "tavli.match", "web.browser.page", "web.browser.thinker", "web.view.render"} <= loaded
    unwanted = {"urllib.parse", "secrets", "zipfile", "tavli.ai", "tavli.ai.players", "web.view.dialogs",
                "web.browser.aidata", "tavli.formats.savefile", "tavli.formats.matfile"}
    assert not loaded & unwanted, sorted(loaded & unwanted)
