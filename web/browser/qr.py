"""A QR code of a text (the invitation link) as SVG markup, drawn by the vendored qrcode-generator
(web/vendor/qrcode, imported on first use, never at boot)."""

from __future__ import annotations

from .jsutil import js_obj
from .lazy_modules import load_module

MODULE = "web/vendor/qrcode/qrcode.mjs"  # relative to the page; not precached
CORRECTION = "M"  # error correction: ~15% of the code may be unreadable (a phone's camera, a crease)


async def qr_svg(text: str, title: str = "") -> str:
    """``<svg ...>`` of ``text``'s QR code: black on white with its quiet zone, scalable (size it
    with CSS), ``title`` as its accessible name when given."""
    module = await load_module(MODULE)
    code = module.default(0, CORRECTION)  # type 0: the smallest version that holds the text
    # The library takes one character per byte: hand it the UTF-8 bytes as such.
    code.addData(text.encode("utf-8").decode("latin-1"), "Byte")
    code.make()
    options: dict[str, object] = {"cellSize": 4, "margin": 16, "scalable": True}
    if title:
        options["title"] = title
    return str(code.createSvgTag(js_obj(options)))
