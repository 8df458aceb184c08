"""The web app manifest: what the install dialog and the home screen show. Its description names
the three games, its screenshots are there at their stated sizes (one narrow, one wide, made by
tools/screenshots.py), and its shortcuts open the new-match screen with an opponent chosen."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from web.model.setup import MODES
from web.model.url import fixes_match, new_match_mode

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a JPEG's start-of-frame segment."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    at = 2
    while at < len(data):
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise AssertionError("no frame in the JPEG")


def test_the_description_names_the_three_games_and_the_language_is_set():
    for game in ("Portes", "Plakoto", "Fevga"):
        assert game in MANIFEST["description"]
    assert MANIFEST["lang"] == "en"


def test_the_screenshots_exist_at_their_stated_sizes_one_narrow_one_wide():
    shots = MANIFEST["screenshots"]
    assert sorted(s["form_factor"] for s in shots) == ["narrow", "wide"]
    for shot in shots:
        width, height = jpeg_size((ROOT / shot["src"]).read_bytes())
        assert shot["type"] == "image/jpeg" and shot["sizes"] == f"{width}x{height}", shot["src"]
        assert shot["label"]
        wide = shot["form_factor"] == "wide"
        assert (width > height) == wide  # Chromium drops a "wide" screenshot that is not landscape
        assert 320 <= min(width, height) and max(width, height) <= 3840
        assert max(width, height) / min(width, height) <= 2.3  # Chromium's limit for the install dialog


def test_the_screenshot_tool_makes_what_the_manifest_lists():
    from tools import screenshots as tool

    made = {f"web/screenshots/{name}": f"{w * scale}x{h * scale}" for name, (w, h), scale in tool.SHOTS}
    assert made == {s["src"]: s["sizes"] for s in MANIFEST["screenshots"]}


def test_the_shortcuts_open_a_new_match_against_the_computer_and_for_two_players():
    urls = [s["url"] for s in MANIFEST["shortcuts"]]
    assert all(s["name"] and s["short_name"] for s in MANIFEST["shortcuts"])
    modes = [new_match_mode(url.split("?", 1)[1]) for url in urls]
    assert modes == list(MODES) == ["cpu", "pvp"]
    assert not any(fixes_match(url.split("?", 1)[1]) for url in urls)  # they open the screen, not a match
    for shortcut in MANIFEST["shortcuts"]:
        for icon in shortcut["icons"]:
            assert (ROOT / icon["src"]).is_file()


def test_new_match_mode_reads_only_known_opponents():
    assert new_match_mode("new=PVP") == "pvp"
    assert new_match_mode("?seed=3&new=cpu") == "cpu"
    assert new_match_mode("new=robot") is None
    assert new_match_mode("mode=pvp") is None
    assert new_match_mode("") is None


def test_the_icons_are_palette_pngs():
    # tools/icons.py quantises them: the worker precaches every one (337 kB as rendered, 47 kB so).
    icons = {icon["src"] for icon in MANIFEST["icons"]} | {"web/icons/apple-touch-icon.png"}
    for src in icons:
        data = (ROOT / src).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", src
        assert data[25] == 3, f"{src} is not an indexed-colour PNG: run tools/icons.py"


def test_the_installed_app_opens_mat_files_inside_its_scope():
    # Chromium's File Handling API: the action must lie within the scope; the page takes the
    # files from window.launchQueue (web/browser/exchange.py) whatever the query says.
    from urllib.parse import urljoin

    from web.model.exchange import MAT_ACCEPT

    (handler,) = MANIFEST["file_handlers"]
    scope = urljoin("https://example.org/tavli/", MANIFEST["scope"])
    assert urljoin("https://example.org/tavli/", handler["action"]).startswith(scope)
    assert handler["accept"] == {"text/plain": [".mat"]}
    assert ".mat" in MAT_ACCEPT.split(",")  # the file chooser takes what the app is launched with
    assert handler.get("launch_type", "single-client") == "single-client"
    assert not fixes_match(handler["action"].split("?", 1)[1])  # ?open=file names no match
