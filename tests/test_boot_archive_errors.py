"""web/untar.mjs tells a failed download from a damaged archive (ArchiveError's ``kind``), which
web/pyodide_early.mjs shows on the page (e2e/test_boot.py); run in Node on the built archive."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = ROOT / "build" / "python.tar.gz"


def _read(body_js: str) -> dict:
    """``gunzip`` then ``untar`` of the stream ``body_js`` makes (``bytes``: the built archive):
    {"members": n} or {"kind", "name", "message"} of the error."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing")
    if not ARCHIVE.is_file():
        pytest.skip("build/python.tar.gz is not built yet (make vendor)")
    script = f"""
        import {{ readFileSync }} from "node:fs";
        import {{ ArchiveError, gunzip, untar }} from "./web/untar.mjs";
        const bytes = new Uint8Array(readFileSync({json.dumps(str(ARCHIVE))}));
        let out;
        try {{
            out = {{ members: untar(await gunzip({body_js})).length }};
        }} catch (error) {{
            out = {{ kind: error.kind ?? null, name: error.name, archiveError: error instanceof ArchiveError,
                    message: error.message }};
        }}
        process.stdout.write(JSON.stringify(out));
    """
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_archive_as_built_is_read():
    assert _read("new Blob([bytes]).stream()")["members"] > 10


@pytest.mark.parametrize("spoilt", [
    # a stretch of the compressed bytes inverted: the inflater fails
    "(() => { const b = bytes.slice(); const m = b.length >> 1;"
    " for (let i = m; i < m + 64; i++) b[i] ^= 0xff; return new Blob([b]).stream(); })()",
    # cut short: the gzip stream ends early
    "new Blob([bytes.subarray(0, bytes.length >> 1)]).stream()",
    # not an archive at all: no tar header
    "new Blob([new TextEncoder().encode('<html>Not here</html>'.repeat(100))]).stream()",
])
def test_damage_is_told_as_damage(spoilt):
    read = _read(spoilt)
    assert read["archiveError"] and read["kind"] == "damaged", read


def test_a_connection_that_breaks_is_told_as_a_network_failure():
    # Half the bytes come, then the stream errors (as a reset connection does in the browser).
    read = _read("""new ReadableStream({ start(c) { c.enqueue(bytes.subarray(0, bytes.length >> 1)); },
                                          pull(c) { c.error(new TypeError("network error")); } })""")
    assert read["archiveError"] and read["kind"] == "network", read
    read = _read("new ReadableStream({ pull(c) { c.error(new TypeError('network error')); } })")
    assert read["archiveError"] and read["kind"] == "network", read
