"""Ship the Python of the tree to the browser as one boot archive, and the computer's data as a
second archive fetched after boot.

The boot archive, ``build/python.tar.gz`` (:data:`ARCHIVE`), holds every module of ``tavli/`` and
``web/`` at its path relative to the root. web/pyodide_early.mjs fetches it while Pyodide loads,
inflates it as it arrives (the browser's DecompressionStream) and writes its files into the
interpreter's working directory before PyScript runs ``web/main.py``: ``import tavli`` and
``import web.view.render`` work there as here. (It is a gzip-compressed POSIX tar rather than a zip
because one gzip stream inflates as it downloads, and PyScript's ``[files]`` would have fetched it
only once Pyodide was up and unpacked it with Python's zipfile on the main thread.)

The boot archive holds each module as bytecode only, ``tavli/game.pyc`` where the source would be
(the import system loads such a "sourceless" module), compiled by the vendored Pyodide's own Python
(``node tools/pyc.mjs``) from the source stripped of comments and docstrings (tools/pystrip.py), as
"unchecked-hash" .pyc files (PEP 552) without column tables: the browser compiles nothing at boot
(~0.2 s), and the archive is less than half of sources and bytecode together. A traceback names
the module's file and line (``/home/pyodide/tavli/game.py``, line 12), without the line's text.
Without Node or node_modules/pyodide the boot archive holds the stripped sources instead, which
works the same, only slower (a warning says so). The member :data:`STAMP` records which
Pyodide compiled the bytecode and a digest of the sources it holds.

The computer's data files (``tavli/ai/data/*.bin``: the nets' weights, the bear-off database;
binary, ~1.3 MB, ~0.4 MB deflated) are used only when the computer first acts, so they go into a
second archive, ``build/ai.zip`` (:data:`AI_ARCHIVE`; members deflated, no bytecode: they are not
modules), which the page fetches and unpacks at the same paths after the board is up
(``web/browser/aidata.py``); the service worker precaches both with the rest (tools/precache.py).

The archives are build output (``build/`` is git-ignored): ``make vendor`` and ``make sync-files``
write them. They are deterministic (sorted members, fixed timestamps), so an unchanged tree gives
the same bytes and the service worker's precache version (tools/precache.py) does not change.
After editing Python, run ``make sync-files`` (or ``make play`` / ``make test``) before
reloading the page: the browser runs what the archive holds. A module left out of the archive is
simply missing in the browser, hence ``tests/test_pyscript_config.py``.

    python3 tools/pyscript_files.py          # write the archives
    python3 tools/pyscript_files.py --check  # exit 1 if either is out of date
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"tavli_{name}", Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pystrip = _tool("pystrip")
ARCHIVE = "build/python.tar.gz"  # relative to ROOT (= to index.html); web/pyodide_early.mjs: the same
AI_ARCHIVE = "build/ai.zip"  # the AI's data files, fetched after boot (web/browser/aidata.py: the same name)
AI_DATA = ("tavli/ai/data/*.bin",)  # the files AI_ARCHIVE holds (relative to ROOT)
ARCHIVES = (ARCHIVE, AI_ARCHIVE)
PACKAGES = ("tavli", "web")
EXCLUDED = ("web/vendor",)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# The standard library modules PyScript's package imports that Pyodide's own start has not imported:
# their bytecode, at /home/pyodide/html/ (before the standard library zip on sys.path), spares the
# boot compiling html.entities (~60 ms).
RUNTIME_STDLIB = ("html/__init__.py", "html/entities.py")
STAMP = ".tavli-archive"  # the boot archive's record: "pyodide <version> <digest>" or "sources only <digest>"


def python_files(root: Path = ROOT) -> list[str]:
    """Every ``.py`` under the browser's packages, as POSIX paths relative to ``root``."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if any(rel == ex or rel.startswith(ex + "/") for ex in EXCLUDED):
                continue
            if "__pycache__" in path.parts:
                continue
            found.append(rel)
    return sorted(found)


def ai_data_files(root: Path = ROOT) -> list[str]:
    """The AI's data files (:data:`AI_DATA`), as POSIX paths relative to ``root``."""
    return sorted({path.relative_to(root).as_posix() for pattern in AI_DATA for path in root.glob(pattern)})


def archive_files(name: str, root: Path = ROOT) -> list[str]:
    """The files archive ``name`` (one of :data:`ARCHIVES`) holds: the modules, or the AI's data."""
    if name not in ARCHIVES:
        raise ValueError(f"unknown archive {name!r}")
    return ai_data_files(root) if name == AI_ARCHIVE else python_files(root)


def runtime_sources(root: Path = ROOT) -> dict[str, bytes]:
    """The modules of the runtime that the page imports at every boot after Pyodide has started,
    by the path where the page finds them: PyScript's own ``pyscript`` package (which PyScript
    writes into the working directory at each boot, as these sources) and the standard library
    modules it imports that Pyodide's start has not (:data:`RUNTIME_STDLIB`). Pyodide ships its
    standard library as sources, compiled at each import: the boot archive carries their bytecode
    (PyScript's: "checked", used only for exactly the sources PyScript writes), so that the boot
    does not compile them (~60 ms). Empty where node_modules lacks either package."""
    found = {}
    found.update(pyscript_package(root))
    stdlib = root / "node_modules" / "pyodide" / "python_stdlib.zip"
    if stdlib.is_file():
        with zipfile.ZipFile(stdlib) as archive:
            names = set(archive.namelist())
            for rel in RUNTIME_STDLIB:
                if rel in names:
                    found[rel] = archive.read(rel)
    return found


def pyscript_package(root: Path = ROOT) -> dict[str, bytes]:
    """PyScript's ``pyscript`` package as the vendored @pyscript/core writes it at boot
    (``{"pyscript/__init__.py": source, ...}``), read from the source map of its core chunk; only
    if every source is verbatim in the chunk itself (else empty: then no bytecode, as before)."""
    dist = root / "node_modules" / "@pyscript" / "core" / "dist"
    for source_map in sorted(dist.glob("core-*.js.map")):
        chunk = source_map.with_suffix("")
        meta = json.loads(source_map.read_text(encoding="utf-8"))
        for name, text in zip(meta.get("sources", ()), meta.get("sourcesContent") or ()):
            if not name.endswith("src/stdlib/pyscript.js") or not text:
                continue
            body = text[text.index("export default") + len("export default"):].strip().rstrip(";")
            files = dict(_walk("", json.loads(body)))
            code = chunk.read_text(encoding="utf-8") if chunk.is_file() else ""
            if files and all(json.dumps(src, ensure_ascii=False) in code for src in files.values()):
                return {rel: src.encode("utf-8") for rel, src in files.items()}
    return {}


def _walk(prefix: str, tree: dict):
    for key, value in tree.items():
        if isinstance(value, str):
            yield prefix + key, value
        else:
            yield from _walk(f"{prefix}{key}/", value)


def compile_pyc(sources: dict[str, bytes], root: Path = ROOT,
                checked: frozenset[str] = frozenset()) -> tuple[str, dict[str, bytes]] | None:
    """``(cache_tag, {path: pyc bytes})`` compiled by the vendored Pyodide (tools/pyc.mjs), or
    ``None`` (with a warning) where Node or node_modules/pyodide is missing or fails. Paths in
    ``checked`` get checked-hash bytecode, the others unchecked."""
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        print("pyscript_files: warning: no node or node_modules/pyodide: the archive holds sources only "
              "(slower boot); run `make vendor`", file=sys.stderr)
        return None
    request = json.dumps({"files": {rel: data.decode("utf-8") for rel, data in sources.items()},
                          "checked": sorted(checked)})
    try:
        done = subprocess.run([node, str(root / "tools" / "pyc.mjs")], input=request.encode(),
                              capture_output=True, check=True, timeout=300)
        answer = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        detail = getattr(error, "stderr", b"") or b""
        print(f"pyscript_files: warning: compiling with Pyodide failed ({error}) {detail.decode()[-500:]}; "
              "the archive holds sources only", file=sys.stderr)
        return None
    return answer["tag"], {rel: base64.b64decode(data) for rel, data in answer["files"].items()}


def pyodide_version(root: Path = ROOT) -> str | None:
    meta = root / "node_modules" / "pyodide" / "package.json"
    return json.loads(meta.read_text())["version"] if meta.is_file() else None


def pyc_path(rel: str, tag: str) -> str:
    """``tavli/game.py`` -> ``tavli/__pycache__/game.<tag>.pyc`` (where the import system looks)."""
    folder, _, name = rel.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)


def archive_bytes(root: Path = ROOT, *, pyc: bool = True, name: str = ARCHIVE) -> bytes:
    """The archive ``name`` (:func:`archive_files`; members at their paths relative to ``root``)
    and, with ``pyc``, the bytecode of its modules where it can be compiled."""
    return all_archives(root, pyc=pyc)[name]


def all_archives(root: Path = ROOT, *, pyc: bool = True) -> dict[str, bytes]:
    """Every archive of :data:`ARCHIVES`, by name (the bytecode compiled in one run). The boot
    archive also carries :func:`runtime_sources` with their bytecode, when it can be compiled."""
    boot = {rel: (root / rel).read_bytes() for rel in archive_files(ARCHIVE, root)}
    runtime = runtime_sources(root) if pyc else {}
    pyscript = frozenset(rel for rel in runtime if rel.startswith("pyscript/"))
    stripped = {rel: pystrip.strip(data) for rel, data in boot.items()}
    # The modules compiled from their stripped sources.
    compiled = compile_pyc({**stripped, **runtime}, root, checked=pyscript) if pyc else None
    stamp = f"pyodide {pyodide_version(root)}" if compiled else "sources only"
    data = {rel: (root / rel).read_bytes() for rel in archive_files(AI_ARCHIVE, root)}
    return {
        ARCHIVE: _tar_gz(_boot_members(stripped, runtime, pyscript, compiled), boot_stamp(stamp, {**boot, **runtime})),
        AI_ARCHIVE: _zip(data),
    }


def boot_stamp(kind: str, sources: dict[str, bytes]) -> str:
    """The boot archive's :data:`STAMP`: ``kind`` ("pyodide <version>" or "sources only") and a
    digest of the tree's sources it was built from (its members are not those sources)."""
    digest = hashlib.sha256()
    for rel in sorted(sources):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(sources[rel]).digest())
    return f"{kind} {digest.hexdigest()[:32]}"


def _boot_members(stripped: dict[str, bytes], runtime: dict[str, bytes], pyscript: frozenset[str],
                  compiled: tuple[str, dict[str, bytes]] | None) -> dict[str, bytes]:
    """The boot archive's members: each module's bytecode at its own path (``tavli/game.pyc``), and
    the runtime's (PyScript's beside the sources PyScript writes, in ``__pycache__``); without
    bytecode, the stripped sources."""
    if compiled is None:
        return dict(stripped)
    tag, codes = compiled
    members = {rel[: -len(".py")] + ".pyc": codes[rel] for rel in [*stripped, *(r for r in runtime if r not in pyscript)]}
    members.update((pyc_path(rel, tag), codes[rel]) for rel in sorted(pyscript))
    return members



def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for rel, data in members.items():
            _add(archive, rel, data)
    return buffer.getvalue()


def _tar_gz(members: dict[str, bytes], stamp: str) -> bytes:
    """A POSIX ustar archive of ``members`` (then :data:`STAMP`), gzip-compressed; no timestamps,
    owners or pax headers, so that the same members give the same bytes."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for rel, data in [*members.items(), (STAMP, stamp.encode())]:
            info = tarfile.TarInfo(rel)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            archive.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(filename="", fileobj=out, mode="wb", compresslevel=9, mtime=0) as packed:
        packed.write(raw.getvalue())
    return out.getvalue()


def read_archive(data: bytes) -> tuple[dict[str, bytes], str]:
    """``(members by path, stamp)`` of an archive written here (a zip, or the boot tar.gz)."""
    if data[:2] == b"\x1f\x8b":
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            members = {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}
        return members, members.pop(STAMP, b"").decode()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}, archive.comment.decode()


def archive_sources(data: bytes) -> dict[str, bytes]:
    """The ``.py`` members of an archive, by path."""
    members, _ = read_archive(data)
    return {name: body for name, body in members.items() if name.endswith(".py")}


def archive_is_current(root: Path = ROOT, name: str | None = None) -> bool:
    """Whether the built archive ``name`` (by default: every one) was built from exactly the tree's
    Python sources it should hold (the AI archive holds them; the boot archive's stamp has their
    digest), with bytecode where it can be compiled."""
    if name is None:
        return all(archive_is_current(root, n) for n in ARCHIVES)
    path = root / name
    if not path.is_file():
        return False
    try:
        members, stamp = read_archive(path.read_bytes())
    except (zipfile.BadZipFile, tarfile.TarError, OSError, EOFError):
        return False
    if name == AI_ARCHIVE:
        return members == {rel: (root / rel).read_bytes() for rel in archive_files(name, root)}
    version = pyodide_version(root)
    kind = f"pyodide {version}" if version is not None and shutil.which("node") else None
    expected = {rel: (root / rel).read_bytes() for rel in archive_files(name, root)}
    built = stamp.rsplit(" ", 1)[0]
    if kind is not None and built != kind:
        return False  # bytecode of another Pyodide, or none while it could be compiled
    return stamp == boot_stamp(built, {**expected, **(runtime_sources(root) if built.startswith("pyodide ") else {})})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the browser's Python archives.")
    parser.add_argument("--check", action="store_true", help="only report whether they are up to date")
    args = parser.parse_args(argv)
    # Rebuilt only when a source changed: the same sources keep the same bytes (and precache version).
    stale = [name for name in ARCHIVES if not archive_is_current(ROOT, name)]
    if not stale:
        print(f"pyscript_files: {', '.join(ARCHIVES)} are up to date")
        return 0
    if args.check:
        print(f"pyscript_files: out of date: {', '.join(stale)}; run `make sync-files`", file=sys.stderr)
        return 1
    for name, data in all_archives().items():
        path = ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        print(f"pyscript_files: {name}: {len(archive_files(name))} files, {len(data) / 1e3:.0f} kB")
    print(f"pyscript_files: wrote {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
