"""Copy the browser runtime (Pyodide core and PyScript) and the online play's modules (Trystero's
BitTorrent-tracker strategy and its core, the QR code maker) from node_modules into web/vendor/.

The page loads only these local copies, never a CDN. The online modules are not precached and are
loaded only when the player chooses to play online (web/online.mjs, web/browser/qr.py import them). ``web/vendor/`` is build output (git-ignored);
``make`` runs this after ``npm ci``. It is idempotent: a stamp records a hash of package-lock.json
and of this script, and nothing is copied again while both are unchanged and the files are there.

Pyodide's standard library is not copied: tools/stdlib.py (next in ``make vendor``) writes it.

    python3 tools/vendor.py          # copy if needed
    python3 tools/vendor.py --force  # copy again
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "web" / "vendor"
STAMP = VENDOR / ".stamp"

PYODIDE_SRC = NODE_MODULES / "pyodide"
PYSCRIPT_SRC = NODE_MODULES / "@pyscript" / "core" / "dist"

# What the page loads of the Pyodide core, copied as they are: pyodide.mjs imports pyodide.asm.mjs,
# which fetches the .wasm. The zipped standard library it fetches too is written by tools/stdlib.py
# (cut to what the page imports); the package lock file is not fetched (web/pyodide_early.mjs hands
# Pyodide an empty one). Not copied: pyodide.js (the classic script), source maps, the stock lock.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYSCRIPT_REQUIRED = ("core.js", "core.css")

# Online play: Trystero's torrent strategy (web/vendor/trystero/torrent.mjs) imports its core by the
# bare name "@trystero-p2p/core", which a browser cannot resolve: the copy imports ./core/index.mjs.
TRYSTERO_CORE_SRC = NODE_MODULES / "@trystero-p2p" / "core"
TRYSTERO_TORRENT_SRC = NODE_MODULES / "@trystero-p2p" / "torrent"
TRYSTERO_BARE = '"@trystero-p2p/core"'
TRYSTERO_LOCAL = '"./core/index.mjs"'
QRCODE_SRC = NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs"
ONLINE_REQUIRED = ("trystero/torrent.mjs", "trystero/core/index.mjs", "trystero/LICENSE",
                   "qrcode/qrcode.mjs", "qrcode/LICENSE")


def _fail(message: str) -> None:
    print(f"vendor: {message}", file=sys.stderr)
    raise SystemExit(1)


def pinned_versions() -> dict[str, str]:
    """The exact versions package.json asks for."""
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    names = ("pyodide", "@pyscript/core", "@trystero-p2p/core", "@trystero-p2p/torrent", "qrcode-generator")
    return {name: deps[name] for name in names}


def installed_version(name: str) -> str | None:
    meta = NODE_MODULES / name / "package.json"
    return json.loads(meta.read_text())["version"] if meta.exists() else None


def stamp_key() -> str:
    digest = hashlib.sha256()
    digest.update((ROOT / "package-lock.json").read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def vendored_complete() -> bool:
    pyodide = VENDOR / "pyodide"
    pyscript = VENDOR / "pyscript"
    return (all((pyodide / f).exists() for f in PYODIDE_FILES) and all((pyscript / f).exists() for f in PYSCRIPT_REQUIRED)
            and all((VENDOR / f).exists() for f in ONLINE_REQUIRED))


def qrcode_licence(source: str) -> str:
    """The licence notice of qrcode-generator: its package has no LICENSE file, the notice is the
    source's first comment block (author, MIT)."""
    lines = []
    for line in source.splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[2:].strip(" -"))
    text = "\n".join(lines).strip()
    if "MIT" not in text:
        _fail("qrcode-generator's licence notice (the first comment of dist/qrcode.mjs) was not found")
    return "qrcode-generator (npm), dist/qrcode.mjs, MIT licence:\n\n" + text + "\n"


def without_source_map(text: str) -> str:
    """A module's text without its ``//# sourceMappingURL=`` line (the maps are not copied)."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("//# sourceMappingURL="))


def copy_online() -> list[Path]:
    """Trystero (torrent strategy + core, their .mjs files and licence) and qrcode-generator."""
    trystero = VENDOR / "trystero"
    qrcode = VENDOR / "qrcode"
    for sub in (trystero, qrcode):
        shutil.rmtree(sub, ignore_errors=True)
    (trystero / "core").mkdir(parents=True)
    qrcode.mkdir(parents=True)
    copied: list[Path] = []
    for src in sorted((TRYSTERO_CORE_SRC / "dist").glob("*.mjs")):
        (trystero / "core" / src.name).write_text(without_source_map(src.read_text()))
        copied.append(trystero / "core" / src.name)
    text = without_source_map((TRYSTERO_TORRENT_SRC / "dist" / "index.mjs").read_text())
    if TRYSTERO_BARE not in text:
        _fail(f"@trystero-p2p/torrent no longer imports {TRYSTERO_BARE}: check tools/vendor.py")
    (trystero / "torrent.mjs").write_text(text.replace(TRYSTERO_BARE, TRYSTERO_LOCAL))
    copied.append(trystero / "torrent.mjs")
    if (TRYSTERO_CORE_SRC / "LICENSE").read_bytes() != (TRYSTERO_TORRENT_SRC / "LICENSE").read_bytes():
        shutil.copy2(TRYSTERO_CORE_SRC / "LICENSE", trystero / "core" / "LICENSE")
        copied.append(trystero / "core" / "LICENSE")
    shutil.copy2(TRYSTERO_TORRENT_SRC / "LICENSE", trystero / "LICENSE")
    copied.append(trystero / "LICENSE")
    source = QRCODE_SRC.read_text()
    shutil.copy2(QRCODE_SRC, qrcode / "qrcode.mjs")
    (qrcode / "LICENSE").write_text(qrcode_licence(source))
    copied += [qrcode / "qrcode.mjs", qrcode / "LICENSE"]
    return copied


def up_to_date() -> bool:
    return STAMP.exists() and STAMP.read_text().strip() == stamp_key() and vendored_complete()


def copy_all() -> list[Path]:
    for name, version in pinned_versions().items():
        found = installed_version(name)
        if found is None:
            _fail(f"node_modules/{name} is missing: run `npm ci` (or `make`) first")
        if found != version:
            _fail(f"node_modules/{name} is {found}, package.json pins {version}: run `npm ci`")

    if STAMP.exists():
        STAMP.unlink()
    for sub in ("pyodide", "pyscript"):
        shutil.rmtree(VENDOR / sub, ignore_errors=True)
    (VENDOR / "pyodide").mkdir(parents=True)

    copied: list[Path] = []
    for name in PYODIDE_FILES:
        if (PYODIDE_SRC / name).is_file():
            shutil.copy2(PYODIDE_SRC / name, VENDOR / "pyodide" / name)
            copied.append(VENDOR / "pyodide" / name)
    # The whole PyScript dist: core.js imports hashed chunks (core-*.js, toml-*.js, ...) lazily.
    shutil.copytree(PYSCRIPT_SRC, VENDOR / "pyscript")
    copied.extend(p for p in (VENDOR / "pyscript").rglob("*") if p.is_file())
    copied.extend(copy_online())

    if not vendored_complete():
        _fail("the packages in node_modules lack files the page needs (see PYODIDE_FILES)")
    STAMP.write_text(stamp_key() + "\n")
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Copy Pyodide, PyScript, Trystero and qrcode-generator into web/vendor/.")
    parser.add_argument("--force", action="store_true", help="copy even when the stamp is current")
    args = parser.parse_args(argv)
    if not args.force and up_to_date():
        print("vendor: web/vendor is up to date")
        return 0
    copied = copy_all()
    size = sum(p.stat().st_size for p in copied)
    print(f"vendor: copied {len(copied)} files ({size / 1e6:.1f} MB) into web/vendor/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
