"""Ship the Python of the tree to the browser as one boot archive, named by pyscript.toml's
``[files]``, and the computer's data as a second archive fetched after boot.

PyScript fetches each ``[files]`` entry before ``web/main.py`` runs. Fetching the ~50 modules of
``tavli/`` and ``web/`` one by one cost a request and a file-system write each at every boot, so
they travel as one zip instead, which PyScript unpacks into the browser's working directory
(``"./build/python.zip" = "./*"``): ``tavli/`` and ``web/`` appear there at the same relative
paths as here, and ``import tavli`` and ``import web.render`` work there as here.

Next to each module the archive holds its bytecode, ``__pycache__/<name>.cpython-3XX.pyc``,
compiled by the vendored Pyodide's own Python (``node tools/pyc.mjs``), as "unchecked-hash" .pyc
files (PEP 552) that the browser loads without compiling the source or comparing timestamps: at
boot the browser then spends no time compiling the modules it imports (~0.2 s), and the AI's big
data modules load quickly when first used. Without Node or node_modules/pyodide the archive holds
the sources only (a warning says so), which works the same, only slower.

The computer's data modules (``tavli/ai/_*.py``: the nets' weights, the bear-off database; ~2 MB
of the ~2.5 MB with their bytecode) are used only when the computer first acts, so they are left
out of that boot archive and go into a second one, ``build/ai.zip`` (:data:`AI_ARCHIVE`), which
the page fetches and unpacks at the same paths after the board is up (``web/aidata.py``); the
service worker precaches it with the rest (tools/precache.py).

The archives are build output (``build/`` is git-ignored): ``make vendor`` and ``make sync-files``
write them. It is deterministic (sorted members, fixed timestamps), so an unchanged tree gives the
same bytes and the service worker's precache version (tools/precache.py) does not change.
After editing Python, run ``make sync-files`` (or ``make play`` / ``make test``) before
reloading the page: the browser runs what the archive holds. A module left out of the archive is
simply missing in the browser, hence ``tests/test_pyscript_config.py``.

    python3 tools/pyscript_files.py          # write the archives and pyscript.toml's [files]
    python3 tools/pyscript_files.py --check  # exit 1 if either is out of date
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyscript.toml"
ARCHIVE = "build/python.zip"  # relative to ROOT (= to pyscript.toml and index.html)
AI_ARCHIVE = "build/ai.zip"  # the data modules, fetched after boot (web/aidata.py: the same name)
AI_DATA = ("tavli/ai/_[!_]*.py",)  # which modules go into AI_ARCHIVE instead of ARCHIVE
ARCHIVES = (ARCHIVE, AI_ARCHIVE)
PACKAGES = ("tavli", "web")
EXCLUDED = ("web/vendor",)
HEADER = "[files]"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


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


def is_ai_data(rel: str) -> bool:
    """Whether module ``rel`` travels in :data:`AI_ARCHIVE` (not in the boot archive)."""
    return any(fnmatch.fnmatchcase(rel, pattern) for pattern in AI_DATA)


def archive_files(name: str, root: Path = ROOT) -> list[str]:
    """The modules archive ``name`` (one of :data:`ARCHIVES`) holds."""
    if name not in ARCHIVES:
        raise ValueError(f"unknown archive {name!r}")
    return [rel for rel in python_files(root) if is_ai_data(rel) == (name == AI_ARCHIVE)]


def compile_pyc(sources: dict[str, bytes], root: Path = ROOT) -> tuple[str, dict[str, bytes]] | None:
    """``(cache_tag, {path: pyc bytes})`` compiled by the vendored Pyodide (tools/pyc.mjs), or
    ``None`` (with a warning) where Node or node_modules/pyodide is missing or fails."""
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        print("pyscript_files: warning: no node or node_modules/pyodide: the archive holds sources only "
              "(slower boot); run `make vendor`", file=sys.stderr)
        return None
    request = json.dumps({"files": {rel: data.decode("utf-8") for rel, data in sources.items()}})
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
    """The zip of the modules of archive ``name`` (:func:`archive_files`; members at their paths
    relative to ``root``) and, with ``pyc``, of their bytecode where it can be compiled."""
    return all_archives(root, pyc=pyc)[name]


def all_archives(root: Path = ROOT, *, pyc: bool = True) -> dict[str, bytes]:
    """Every archive of :data:`ARCHIVES`, by name (the bytecode compiled in one run)."""
    sources = {rel: (root / rel).read_bytes() for rel in python_files(root)}
    compiled = compile_pyc(sources, root) if pyc else None
    return {name: _zip({rel: sources[rel] for rel in archive_files(name, root)}, compiled, root) for name in ARCHIVES}


def _zip(sources: dict[str, bytes], compiled: tuple[str, dict[str, bytes]] | None, root: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        # Records which Pyodide compiled the bytecode: a new one makes the archive out of date.
        archive.comment = f"pyodide {pyodide_version(root)}".encode() if compiled else b"sources only"
        for rel, data in sources.items():
            _add(archive, rel, data)
            if compiled is not None:
                tag, codes = compiled
                _add(archive, pyc_path(rel, tag), codes[rel])
    return buffer.getvalue()


def archive_sources(data: bytes) -> dict[str, bytes]:
    """The ``.py`` members of an archive, by path."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name.endswith(".py")}


def archive_is_current(root: Path = ROOT, name: str | None = None) -> bool:
    """Whether the built archive ``name`` (by default: every one) holds exactly the tree's Python
    sources it should (its bytecode is compiled from those, in the same run)."""
    if name is None:
        return all(archive_is_current(root, n) for n in ARCHIVES)
    path = root / name
    if not path.is_file():
        return False
    try:
        with zipfile.ZipFile(path) as archive:
            comment = archive.comment.decode()
        held = archive_sources(path.read_bytes())
    except zipfile.BadZipFile:
        return False
    version = pyodide_version(root)
    if version is not None and shutil.which("node") and comment != f"pyodide {version}":
        return False  # bytecode of another Pyodide, or none while it could be compiled
    return held == {rel: (root / rel).read_bytes() for rel in archive_files(name, root)}


def files_table() -> str:
    lines = [HEADER, "# Generated by tools/pyscript_files.py: the zip of every .py under tavli/ and web/",
             "# (but the AI's data, build/ai.zip, fetched after boot by web/aidata.py),",
             "# unpacked by PyScript into the browser's working directory (\"./*\")."]
    lines.append(f'"./{ARCHIVE}" = "./*"')
    return "\n".join(lines) + "\n"


def updated_config(text: str) -> str:
    """``text`` with its ``[files]`` table (which must be the last table) replaced."""
    head, sep, _ = text.partition(HEADER + "\n")
    if not sep:
        head = text.rstrip("\n") + "\n\n"
    return head + files_table()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the browser's Python archives; sync pyscript.toml.")
    parser.add_argument("--check", action="store_true", help="only report whether all are up to date")
    args = parser.parse_args(argv)
    text = CONFIG.read_text()
    new = updated_config(text)
    stale = []
    if new != text:
        stale.append("pyscript.toml [files]")
    # Rebuilt only when a source changed: the same sources keep the same bytes (and precache version).
    stale += [name for name in ARCHIVES if not archive_is_current(ROOT, name)]
    if not stale:
        print(f"pyscript_files: {', '.join(ARCHIVES)} and pyscript.toml are up to date")
        return 0
    if args.check:
        print(f"pyscript_files: out of date: {', '.join(stale)}; run `make sync-files`", file=sys.stderr)
        return 1
    if new != text:
        CONFIG.write_text(new)
    if any(name in stale for name in ARCHIVES):
        for name, data in all_archives().items():
            path = ROOT / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.is_file() or path.read_bytes() != data:
                path.write_bytes(data)
            print(f"pyscript_files: {name}: {len(archive_files(name))} modules, {len(data) / 1e3:.0f} kB")
    print(f"pyscript_files: wrote {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
