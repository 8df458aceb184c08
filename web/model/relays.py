"""The relays two browsers use to find each other for online play: public WebSocket BitTorrent
trackers (Trystero's torrent strategy). Pure Python, no browser imports.

A relay sees the room's hash (the "info hash" announced, not the invitation) and the connection
offers, sealed with the invitation's key; the game itself then goes straight from one browser to
the other (WebRTC) and never through a relay. The player may list his own (Options, ``relays`` in
:mod:`web.model.prefs`; empty = :data:`DEFAULT_RELAYS`): ``ws://`` or ``wss://`` addresses, at most
:data:`MAX_RELAYS`. Both players must share at least one relay.

    parse_relays("wss://tracker.example.org\\nws://127.0.0.1:8000")   # -> a tuple of 2 URLs
    relays_in_use(())                                                  # -> DEFAULT_RELAYS
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from .i18n.en import STRINGS as ENGLISH

# The public trackers Trystero 0.25.4's torrent strategy knows (its defaultRelayUrls; a unit test
# compares them with node_modules/@trystero-p2p/torrent).
DEFAULT_RELAYS: tuple[str, ...] = (
    "wss://open.ftorrent.com",
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
    "wss://tracker.btorrent.xyz",
    "wss://tracker.files.fm:7073/announce",
)
MAX_RELAYS = 8
MAX_URL = 200

# ws:// or wss://, a host name, IPv4 or [IPv6] address, an optional port, an optional path/query
_RELAY = re.compile(
    r"wss?://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
    r"(?::(?P<port>[0-9]{1,5}))?(?P<rest>[/?][!-~]*)?"
)
_SEPARATORS = re.compile(r"[\s,]+")


class RelayProblem(StrEnum):
    """What is wrong with a relay list (web/model/i18n has ``relays_<value>`` for each)."""

    NOT_WEBSOCKET = "not_websocket"
    BAD_ADDRESS = "bad_address"
    TOO_MANY = "too_many"


class RelayError(ValueError):
    """A relay list that cannot be used: ``problem``, and ``url`` (the offending address, cut to
    60 characters) or ``n`` (:data:`MAX_RELAYS`) for its message."""

    def __init__(self, problem: RelayProblem, url: str = "") -> None:
        self.problem = problem
        self.url = url if len(url) <= 60 else url[:59] + "…"
        self.n = MAX_RELAYS
        super().__init__(ENGLISH[f"relays_{problem}"].format(url=self.url, n=self.n))


def _check(url: str) -> str:
    lower = url.lower()
    if not lower.startswith(("ws://", "wss://")):
        raise RelayError(RelayProblem.NOT_WEBSOCKET, url)
    scheme, rest = url.split("://", 1)
    url = f"{scheme.lower()}://{rest}"
    match = _RELAY.fullmatch(url)
    if len(url) > MAX_URL or not match:
        raise RelayError(RelayProblem.BAD_ADDRESS, url)
    port = match.group("port")
    if port is not None and not 1 <= int(port) <= 65535:
        raise RelayError(RelayProblem.BAD_ADDRESS, url)
    return url


def parse_relays(text: str) -> tuple[str, ...]:
    """The relays in ``text`` (one per line, or separated by spaces or commas), checked, in their
    order, each once; empty text gives ``()`` (the defaults). Raises :class:`RelayError` naming
    the first unusable address, or when there are more than :data:`MAX_RELAYS`."""
    found: list[str] = []
    for item in _SEPARATORS.split(text if isinstance(text, str) else ""):
        if not item:
            continue
        url = _check(item)
        if url not in found:
            found.append(url)
    if len(found) > MAX_RELAYS:
        raise RelayError(RelayProblem.TOO_MANY)
    return tuple(found)


def relays_text(relays: Iterable[str]) -> str:
    """The list as the Options' text box shows it: one per line."""
    return "\n".join(relays)


def relays_in_use(relays: tuple[str, ...]) -> tuple[str, ...]:
    """The player's relays, or :data:`DEFAULT_RELAYS` when he has none."""
    return relays or DEFAULT_RELAYS
