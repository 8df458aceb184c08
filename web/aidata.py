"""The computer's data in the page: ``build/ai.zip``, fetched after boot.

The boot archive (``build/python.tar.gz``, web/pyodide_early.mjs) leaves out the data modules of ``tavli/ai`` (the
nets' weights, the bear-off database: ``tavli/ai/_*.py``, ~2 MB with their bytecode), which only
the computer's first decision needs; tools/pyscript_files.py puts them into :data:`ARCHIVE`
instead. ``web.dom`` fetches it once, idly after the board is up or at the latest before the
computer's first decision (:func:`fetch_archive`), and unpacks it member by member
(:func:`unpack_steps`, a steps generator run in slices) into the directory that holds ``tavli/``,
where the import system then finds the modules. The service worker precaches the archive with the
rest of the site (tools/precache.py), so this works offline too.

Under CPython the modules are in the tree: :func:`present` is True and nothing is fetched.
"""

from __future__ import annotations

import importlib.util
import io
import sys
import zipfile
from pathlib import Path, PurePosixPath

from tavli.steps import Steps

ARCHIVE = "build/ai.zip"  # relative to the page (tools/pyscript_files.py: AI_ARCHIVE)
PROBE = "tavli.ai._weights_data"  # a module the archive brings
CHUNK = 1 << 17  # bytes unpacked between two yields (a few milliseconds)


def present() -> bool:
    """Whether the data modules can be imported (the archive is unpacked, or this is the tree)."""
    try:
        return importlib.util.find_spec(PROBE) is not None
    except ImportError:
        return False


def packages_root() -> Path:
    """The directory that holds ``tavli/`` (the archive's paths are relative to it)."""
    import tavli

    return Path(tavli.__file__).resolve().parent.parent


def unpack_steps(data: bytes, dest: Path | None = None) -> Steps[list[str]]:
    """Write the members of the zip ``data`` under ``dest`` (by default :func:`packages_root`),
    yielding after every ``CHUNK`` bytes written; returns their paths. Members that would land
    outside ``dest`` are refused."""
    root = (dest if dest is not None else packages_root()).resolve()
    written = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            rel = PurePosixPath(info.filename)
            if rel.is_absolute() or ".." in rel.parts:
                raise ValueError(f"{ARCHIVE}: refusing member {info.filename!r}")
            target = root.joinpath(*rel.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as src, open(target, "wb") as out:
                while chunk := src.read(CHUNK):
                    out.write(chunk)
                    yield
            written.append(info.filename)
            _forget_listing(target.parent)
    return written


def _forget_listing(folder: Path) -> None:
    """Make the import system list ``folder`` again (it caches directory listings). Only that
    folder's finder: ``importlib.invalidate_caches()`` would also import ``importlib.metadata``
    (~40 ms in the browser)."""
    finder = sys.path_importer_cache.get(str(folder))
    if finder is not None and hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()


async def fetch_archive(url: str = ARCHIVE) -> bytes:  # pragma: no cover - browser only
    """The archive's bytes, fetched by the browser (through the service worker when there is one),
    with the page's ``fetch`` (``pyodide.http`` would cost a long import on the main thread)."""
    import js

    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    buffer = await response.arrayBuffer()
    return buffer.to_bytes()
