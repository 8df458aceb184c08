"""Online play's connection to the friend's browser, for Python: :func:`open_link` joins the
invitation's room through the relays (web/online.mjs, imported on first use: a visit that never
plays online loads none of it) and returns a :class:`Link`.

    link = await open_link(invite, prefs.relays, on_text, on_peer, on_gone)
    link.send(text)          # False while the friend is not there (nothing is sent)
    link.close()             # leave the room: the friend's page gets on_gone

``on_text(text)`` gets each text the friend sent (untrusted: the protocol checks it), ``on_peer()``
is called when the friend is there (again: after a reload, a lost connection), ``on_gone()`` when
he left. Only one friend: a third browser in the room is ignored (see web/online.mjs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from web.model.invite import Invite
from web.model.relays import relays_in_use

from .jsutil import js_obj
from .lazy_modules import load_module

MODULE = "web/online.mjs"  # relative to the page; not precached


class Link:
    """The open connection (web/online.mjs's Link)."""

    def __init__(self, js_link: Any, proxies: list[Any]) -> None:
        self._js = js_link
        self._proxies = proxies

    @property
    def connected(self) -> bool:
        """Whether the friend is there now."""
        return self._js is not None and bool(self._js.connected)

    def send(self, text: str) -> bool:
        """Send ``text`` to the friend; False when he is not there or the link is closed."""
        return self._js is not None and bool(self._js.send(text))

    def close(self) -> None:
        """Leave the room; no callback is called after this."""
        if self._js is None:
            return
        js, self._js = self._js, None
        js.onText = js.onPeer = js.onGone = None
        js.leave()  # marks the link left at once (its promise ends when the relays are told)
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies = []


async def open_link(invite: Invite, relays: tuple[str, ...], on_text: Callable[[str], None],
                    on_peer: Callable[[], None], on_gone: Callable[[], None]) -> Link:
    """Join ``invite``'s room through ``relays`` (empty: the defaults, web/model/relays.py);
    raises :class:`~web.browser.lazy_modules.ModuleLoadError` when the module cannot be loaded
    (offline)."""
    module = await load_module(MODULE)
    js_link = await module.join(js_obj({"roomId": invite.room, "password": invite.key,
                                        "relays": list(relays_in_use(relays))}))
    proxies = [create_proxy(lambda text: on_text(str(text))), create_proxy(lambda *_: on_peer()),
               create_proxy(lambda *_: on_gone())]
    # Set after the join: texts and a peer that came first are handed over now (web/online.mjs).
    js_link.onGone = proxies[2]
    js_link.onText = proxies[0]
    js_link.onPeer = proxies[1]
    return Link(js_link, proxies)
