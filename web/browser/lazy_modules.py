"""JavaScript modules the page imports only when a feature needs them (online play's transport,
the QR code maker): ``await load_module("web/online.mjs")``, a path relative to the page, imported
once and kept. They are not precached (tools/precache.py lists only what every visit loads), so
offline they fail to load: :class:`ModuleLoadError` says which.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

_LOADED: dict[str, Any] = {}


class ModuleLoadError(Exception):
    """A module could not be fetched or run (offline, a damaged file)."""


async def load_module(path: str) -> Any:
    """The module at ``path`` (relative to the page), imported on first use."""
    if path not in _LOADED:
        from pyscript import js_import  # (here: the tools' stand-in pyscript has no js_import)

        # js_import runs import() from PyScript's own module: hand it an absolute URL.
        url = window.URL.new(path, document.baseURI).href
        try:
            modules = await js_import(url)
        except Exception as error:  # noqa: BLE001 - a JavaScript TypeError (fetch failed) or SyntaxError
            raise ModuleLoadError(f"{path} could not be loaded: {error}") from error
        _LOADED[path] = modules[0]
    return _LOADED[path]
