"""Draw the app's icon (SVG) and render it to the PNGs the web app manifest and iOS need.

The icon is the project's own drawing: two points of a wooden board, a light and a dark checker
and a pair of dice. It is written as SVG (``web/icons/icon.svg``) and rendered to PNG by Debian's
chromium through Playwright from ``.venv`` (the same browser the e2e tests use; nothing is
downloaded), then quantised to a palette with Pillow. The PNGs are committed, so this only needs
re-running when the drawing changes:

    .venv/bin/python tools/icons.py            # write web/icons/*.svg and *.png
    .venv/bin/python tools/icons.py --check    # exit 1 if a PNG is missing or has the wrong size

Files written (see ``ICONS``):

* ``icon-192.png``, ``icon-512.png`` — purpose "any": a rounded wooden tile, transparent corners.
* ``maskable-192.png``, ``maskable-512.png`` — purpose "maskable": the wood fills the square and
  the drawing is shrunk into the central safe zone (a circle of 80 % of the width), so any mask
  shape the platform applies keeps it whole.
* ``apple-touch-icon.png`` (180 px, opaque: iOS fills transparency with black).
"""

from __future__ import annotations

import argparse
import base64
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "web" / "icons"
CHROMIUM = os.environ.get("TAVLI_CHROMIUM", "/usr/bin/chromium")

# name -> (size in px, variant)
ICONS = {
    "icon-192.png": (192, "any"),
    "icon-512.png": (512, "any"),
    "maskable-192.png": (192, "maskable"),
    "maskable-512.png": (512, "maskable"),
    "apple-touch-icon.png": (180, "opaque"),
}

_DEFS = """
  <defs>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8a5a33"/>
      <stop offset="0.55" stop-color="#6e4424"/>
      <stop offset="1" stop-color="#54321a"/>
    </linearGradient>
    <radialGradient id="light" cx="0.38" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#fffaf0"/>
      <stop offset="1" stop-color="#e2d5b4"/>
    </radialGradient>
    <radialGradient id="dark" cx="0.38" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#a1392c"/>
      <stop offset="1" stop-color="#5e1a12"/>
    </radialGradient>
  </defs>"""

# Wood grain across the whole square (drawn under the content, clipped by the tile shape).
_GRAIN = """
  <g fill="none" stroke="#3f2412" stroke-opacity="0.22" stroke-width="5">
    <path d="M0 70 C120 50 260 95 512 62"/>
    <path d="M0 150 C150 170 300 120 512 160"/>
    <path d="M0 250 C170 230 330 280 512 240"/>
    <path d="M0 345 C140 365 320 320 512 350"/>
    <path d="M0 440 C160 420 350 470 512 430"/>
  </g>"""

# The drawing, in a 512 x 512 box: two long points, a light and a dark checker, two dice.
_CONTENT = """
  <g>
    <path d="M56 40 H156 L106 300 Z" fill="#e9dcb5"/>
    <path d="M356 472 H456 L406 212 Z" fill="#2e1a0d" fill-opacity="0.85"/>
    <circle cx="188" cy="382" r="78" fill="url(#dark)" stroke="#3a0f09" stroke-width="8"/>
    <circle cx="188" cy="382" r="50" fill="none" stroke="#f0b9a8" stroke-opacity="0.35" stroke-width="6"/>
    <circle cx="292" cy="300" r="78" fill="url(#light)" stroke="#8a7d66" stroke-width="8"/>
    <circle cx="292" cy="300" r="50" fill="none" stroke="#8a7d66" stroke-opacity="0.45" stroke-width="6"/>
    <g transform="rotate(-12 262 132)">
      <rect x="192" y="62" width="140" height="140" rx="24" fill="#fbf8f1" stroke="#5a4a33" stroke-width="7"/>
      <g fill="#2b2118">
        <circle cx="227" cy="97" r="13"/><circle cx="297" cy="97" r="13"/>
        <circle cx="262" cy="132" r="13"/>
        <circle cx="227" cy="167" r="13"/><circle cx="297" cy="167" r="13"/>
      </g>
    </g>
    <g transform="rotate(14 408 118)">
      <rect x="350" y="60" width="116" height="116" rx="20" fill="#fbf8f1" stroke="#5a4a33" stroke-width="7"/>
      <g fill="#b0271a">
        <circle cx="379" cy="89" r="11"/><circle cx="437" cy="147" r="11"/>
      </g>
    </g>
  </g>"""


def icon_svg(variant: str = "any") -> str:
    """The icon as SVG text. ``any``: rounded tile with transparent corners; ``maskable``: full
    square of wood, drawing scaled into the safe zone; ``opaque``: full square, drawing unscaled."""
    if variant not in ("any", "maskable", "opaque"):
        raise ValueError(f"unknown icon variant {variant!r}")
    rx = 96 if variant == "any" else 0
    # The safe zone of a maskable icon is a centred circle of diameter 0.8 * size; the drawing's
    # corners (the dice, the first point) lie ~0.6 of the width from the centre, so shrink it to 0.64
    # around the centre: every corner then lies within 0.4 of the width of it.
    content = _CONTENT
    if variant == "maskable":
        content = f'<g transform="translate(256 256) scale(0.64) translate(-256 -256)">{_CONTENT}</g>'
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">{_DEFS}
  <clipPath id="tile"><rect width="512" height="512" rx="{rx}"/></clipPath>
  <g clip-path="url(#tile)">
    <rect width="512" height="512" fill="url(#wood)"/>{_GRAIN}
    {content}
  </g>
</svg>
"""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    data = path.read_bytes()[:24]
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def quantise(path: Path) -> None:
    """Rewrite the PNG at ``path`` with a palette of 256 colours (alpha kept), dithered: the same
    picture to the eye at about a seventh of the bytes (the worker precaches every icon)."""
    from PIL import Image

    with Image.open(path) as image:
        image.load()
        palette = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.FLOYDSTEINBERG)
    palette.save(path, "PNG", optimize=True)


def render(out: Path = OUT) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(icon_svg("any"))
    (out / "maskable.svg").write_text(icon_svg("maskable"))
    written = [out / "icon.svg", out / "maskable.svg"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            for name, (size, variant) in ICONS.items():
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                data = base64.b64encode(icon_svg(variant).encode()).decode()
                page.set_content(
                    "<html><body style='margin:0;background:transparent'>"
                    f"<img src='data:image/svg+xml;base64,{data}' width='{size}' height='{size}' "
                    "style='display:block'></body></html>"
                )
                page.wait_for_function("document.images[0].complete")
                page.screenshot(path=str(out / name), omit_background=(variant == "any"))
                page.close()
                quantise(out / name)
                written.append(out / name)
        finally:
            browser.close()
    return written


def check(out: Path = OUT) -> list[str]:
    problems = []
    for name, (size, _variant) in ICONS.items():
        path = out / name
        if not path.exists():
            problems.append(f"{name} is missing")
        elif png_size(path) != (size, size):
            problems.append(f"{name} is {png_size(path)}, not {size}x{size}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the app icons into web/icons/.")
    parser.add_argument("--check", action="store_true", help="only check the PNGs are there, at their sizes")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for p in problems:
            print(f"icons: {p}", file=sys.stderr)
        return 1 if problems else 0
    for path in render():
        print(f"icons: wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
