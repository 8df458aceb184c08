"""The online play's vendored modules (tools/vendor.py): Trystero's torrent strategy and core, and
qrcode-generator, copied so that the browser can load them without a bundler, with their licences,
and left out of the service worker's precache list (loaded only when the player plays online)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "web" / "vendor"
ONLINE = ("web/vendor/trystero/", "web/vendor/qrcode/", "web/online.mjs")
_IMPORT = re.compile(r'\b(?:from|import)\s*["\']([^"\']+)["\']')


@pytest.fixture(scope="module")
def built():
    if not (VENDOR / "trystero" / "torrent.mjs").is_file() or not (ROOT / "build").is_dir():
        pytest.skip("web/vendor or build/ is not built yet (make vendor)")


def test_the_versions_are_pinned():
    deps = json.loads((ROOT / "package.json").read_text())
    assert deps["dependencies"]["@trystero-p2p/torrent"] == deps["dependencies"]["@trystero-p2p/core"] == "0.25.4"
    assert deps["dependencies"]["qrcode-generator"] == "2.0.4"
    assert deps["devDependencies"]["bittorrent-tracker"] == "11.2.3"
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for name in ("@trystero-p2p/torrent", "@trystero-p2p/core", "qrcode-generator", "bittorrent-tracker"):
        assert lock[f"node_modules/{name}"]["version"] in ("0.25.4", "2.0.4", "11.2.3")


def test_every_import_of_the_copies_is_a_local_file(built):
    modules = sorted((VENDOR / "trystero").rglob("*.mjs")) + [VENDOR / "qrcode" / "qrcode.mjs"]
    assert len(modules) >= 15
    for path in modules:
        text = path.read_text()
        assert "sourceMappingURL" not in text
        for spec in _IMPORT.findall(text):
            assert spec.startswith("./"), f"{path.name} imports {spec!r}: a browser cannot resolve a bare name"
            assert (path.parent / spec).is_file(), f"{path.name} imports a missing {spec}"


def test_the_licences_are_copied(built):
    assert "MIT" in (VENDOR / "trystero" / "LICENSE").read_text()
    licence = (VENDOR / "qrcode" / "LICENSE").read_text()
    assert "Kazuhiko Arase" in licence and "MIT" in licence


def test_nothing_online_is_precached(built):
    precache = load_script("tools/precache.py", "tavli_precache_tool_online")
    files = precache.manifest(ROOT)["files"]
    assert "web/main.py" in files
    assert not [f for f in files if f.startswith(ONLINE)]


def test_the_qrcode_licence_notice_is_read_from_the_source():
    vendor = load_script("tools/vendor.py", "tavli_vendor_tool")
    text = vendor.qrcode_licence("//----\n// QR Code Generator\n// Copyright (c) 2009 Someone\n// MIT license\n//----\nvar x;\n")
    assert "Copyright (c) 2009 Someone" in text and "var x" not in text
    with pytest.raises(SystemExit):
        vendor.qrcode_licence("var qrcode;\n")
