"""Write the page's standard library: Pyodide's ``python_stdlib.zip`` cut to the modules it imports.

Pyodide ships the whole standard library (614 files, 2.5 MB, fetched at every cold visit); the page
needs ~170 of its modules. This writes ``web/vendor/pyodide/python_stdlib.zip`` (:data:`OUTPUT`,
where loadPyodide looks for it) holding only:

* what Pyodide's own start imports (its ``_pyodide`` and ``pyodide`` packages and their imports);
* every standard module that ``tavli/``, ``web/`` or PyScript's ``pyscript`` package names in an
  ``import`` statement anywhere (top level or inside a function: read from their syntax trees), and
  what importing each of those imports in turn;
* :data:`RUNTIME_ONLY`: modules imported only while running, which no ``import`` statement names.

The set is found by running the vendored Pyodide in Node (tools/stdlib.mjs): it imports every module
of the app and each name found above, then records ``sys.modules``. The kept modules go in as
sources stripped of comments and docstrings (tools/pystrip.py: every line at its number, so a
traceback still names the file and line), or (:data:`BYTECODE`) those of Pyodide's start as
bytecode; each member deflated, as Pyodide's own zip. Measured for the 141 modules kept: the zip of
Pyodide's sources 764 kB, stripped 453 kB, with bytecode 896 kB. Without Node the tool fails: the page
cannot run without a standard library.

``tests/test_stdlib.py`` starts Pyodide with this file, imports every module of the app and plays a
game of each variant with the computer, so a module missing here fails there (and in e2e).

``make vendor`` runs this after tools/vendor.py; a stamp (:data:`STAMP`: the stock zip, these tools
and the import names found) skips the work while nothing it depends on changed.

    python3 tools/stdlib.py          # write it if needed
    python3 tools/stdlib.py --force  # write it again
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
OUTPUT = ROOT / "web" / "vendor" / "pyodide" / "python_stdlib.zip"
STAMP = ROOT / "web" / "vendor" / "stdlib.stamp"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

# Needed while running, named by no import statement of the app (tests/test_stdlib.py would fail
# without them, or the e2e suite):
RUNTIME_ONLY = (
    # codecs looked up by name (str.encode, open(encoding=...), the JS bridge): encodings/__init__
    # imports only aliases and the file system's utf_8 itself.
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16", "encodings.utf_32",
    "encodings.raw_unicode_escape", "encodings.unicode_escape",
    # zipfile decodes member names that lack its UTF-8 flag as cp437: build/ai.zip, which
    # web/browser/aidata.py unpacks (Python's zipfile writes ASCII names without the flag).
    "encodings.cp437",
    # web/pyodide_early.mjs: where the browser cannot inflate (no DecompressionStream), Pyodide's
    # unpackArchive unpacks build/python.tar.gz with shutil.unpack_archive, which imports these.
    "tarfile", "gzip",
)


def _tools_module(name: str):
    spec = importlib.util.spec_from_file_location(f"tavli_{name}", Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def app_sources(root: Path = ROOT) -> dict[str, bytes]:
    """The app's modules (tools/pyscript_files.py: both archives) and PyScript's package, by path."""
    files = _tools_module("pyscript_files")
    sources = {rel: (root / rel).read_bytes() for rel in files.python_files(root)}
    sources.update(files.pyscript_package(root))
    return sources


def module_name(rel: str) -> str:
    """``web/view/render.py`` -> ``web.view.render``; ``tavli/__init__.py`` -> ``tavli``."""
    parts = rel[: -len(".py")].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: bytes) -> set[str]:
    """Every absolute module name an ``import`` statement of ``source`` may load, wherever it stands:
    ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def stock_modules(stock: zipfile.ZipFile) -> dict[str, str]:
    """The modules of a standard library zip: ``{"json": "json/__init__.py", "json.decoder": ...}``."""
    return {module_name(name): name for name in stock.namelist() if name.endswith(".py")}


def stdlib_imports(sources: dict[str, bytes], modules: dict[str, str]) -> list[str]:
    """The standard library modules that ``sources`` name (:func:`imported_names`), and :data:`RUNTIME_ONLY`."""
    found = set(RUNTIME_ONLY)
    for source in sources.values():
        found.update(name for name in imported_names(source) if name in modules)
    return sorted(found)


# Run before the imports: PyScript's package needs the page (its JS modules polyscript, _pyscript);
# web.browser imports only `document` and `window` from it. Its own imports are read from its sources.
STAND_IN = """
import sys, types
sys.modules["pyscript"] = types.ModuleType("pyscript")
sys.modules["pyscript"].document = sys.modules["pyscript"].window = None
"""
NOT_IMPORTED = ("web.main", "tavli.__main__")  # scripts: importing them runs them (the page, the CLI)


def _node(script: str, request: dict, root: Path) -> dict:
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("stdlib: node and node_modules/pyodide are needed: run `make vendor`")
    try:
        done = subprocess.run([node, str(root / "tools" / script)], input=json.dumps(request).encode(),
                              capture_output=True, check=True, timeout=600, cwd=root)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"stdlib: {script} failed: {error.stderr.decode()[-2000:]}") from error
    return json.loads(done.stdout)


# Whether the modules that Pyodide's own start imports (125 of the 141) go in as bytecode: each
# boot then compiles none of them. Measured: the zip 896 kB instead of 453 kB (gzip the same), and
# Pyodide's start 0.44 s of CPU instead of 2.1 s in Node; in Chromium (bench/boot.py's pages,
# interleaved, medians of 4) the page interactive warm in 1.05 s instead of 2.07 s (0.51 x the bare
# Pyodide page), cold 2.8 s instead of 5.5 s. Off: the bytes of the first visit come first (issue 16:
# <= 5 MB); on, they grow by 0.44 MB.
BYTECODE = False

# Run in Pyodide after the trace (tools/stdlib.mjs), after tools/pystrip.py's source: each kept
# member of the standard library zip, stripped (a module it cannot parse goes in as it is); with
# BYTECODE, what Pyodide's start imported as an unchecked-hash .pyc of that, by the source's name.
STRIP = """
import base64, importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
origin = modules["json"]
prefix = origin[: origin.index(".zip/") + len(".zip/")]
kept = {path[len(prefix):]: name for name, path in modules.items() if path.startswith(prefix)}
result = {}
with zipfile.ZipFile(prefix[:-1]) as stock:
    for rel, name in sorted(kept.items()):
        source = stock.read(rel)
        try:
            source = strip(source)
        except (SyntaxError, UnicodeDecodeError):
            pass
        if BYTECODE and name in started:
            code = compile(source, prefix + rel, "exec")
            rel, source = rel + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
        result[rel] = base64.b64encode(source).decode()
"""


def traced_members(sources: dict[str, bytes], imports: list[str], root: Path = ROOT) -> dict[str, bytes]:
    """The members of Pyodide's standard library zip that it has imported after starting, importing
    each app module of ``sources`` (but :data:`NOT_IMPORTED`, and PyScript's: see :data:`STAND_IN`)
    and each of ``imports``; stripped (tools/pystrip.py). An import that fails stops the build."""
    app = sorted(module_name(rel) for rel in sources if not rel.startswith("pyscript/"))
    request = {
        "files": {rel: base64.b64encode(data).decode() for rel, data in sources.items()
                  if not rel.startswith("pyscript/")},
        "setup": STAND_IN,
        "imports": [*imports, *(name for name in app if name not in NOT_IMPORTED)],
        "run": (root / "tools" / "pystrip.py").read_text() + f"\nBYTECODE = {BYTECODE}\n" + STRIP,
    }
    answer = _node("stdlib.mjs", request, root)
    if answer["failed"]:
        raise SystemExit(f"stdlib: these failed in Pyodide: {json.dumps(answer['failed'], indent=1)}")
    return {rel: base64.b64decode(data) for rel, data in answer["result"].items()}


def zip_bytes(members: dict[str, bytes]) -> bytes:
    """A deterministic zip of ``members`` (sorted, fixed times), each deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name], compresslevel=9)
    return buffer.getvalue()


def stamp_key(names: list[str]) -> str:
    digest = hashlib.sha256(STOCK.read_bytes())
    for tool in ("stdlib.py", "stdlib.mjs", "pystrip.py"):
        digest.update((ROOT / "tools" / tool).read_bytes())
    digest.update("\n".join(names).encode())
    return digest.hexdigest()


def build(root: Path = ROOT) -> tuple[bytes, list[str]]:
    """The trimmed zip's bytes and the modules it holds."""
    sources = app_sources(root)
    with zipfile.ZipFile(STOCK) as stock:
        names = stdlib_imports(sources, stock_modules(stock))
    members = traced_members(sources, names, root)
    return zip_bytes(members), sorted(module_name(rel.removesuffix("c")) for rel in members)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the page's trimmed standard library zip.")
    parser.add_argument("--force", action="store_true", help="write it even when the stamp is current")
    args = parser.parse_args(argv)
    if not STOCK.is_file():
        raise SystemExit("stdlib: node_modules/pyodide is missing: run `make vendor`")
    with zipfile.ZipFile(STOCK) as stock:
        key = stamp_key(stdlib_imports(app_sources(), stock_modules(stock)))
    if not args.force and OUTPUT.is_file() and STAMP.is_file() and STAMP.read_text().strip() == key:
        print("stdlib: web/vendor/pyodide/python_stdlib.zip is up to date")
        return 0
    data, modules = build()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_bytes(data)
    STAMP.write_text(key + "\n")
    print(f"stdlib: wrote web/vendor/pyodide/python_stdlib.zip: {len(modules)} modules, {len(data) / 1e3:.0f} kB "
          f"(Pyodide's: {STOCK.stat().st_size / 1e3:.0f} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
