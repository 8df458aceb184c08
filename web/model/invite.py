"""An invitation to play online: the room both browsers meet in and the key that seals their
connection offers, as a link to send a friend. Pure Python, no browser imports.

The link is the page's address with a fragment, ``#play=<room>-<key>``: a browser never sends a
fragment to any server, so the static host never sees it, and the relays (web/model/relays.py) see
only a hash of the room (the BitTorrent "info hash" Trystero announces) and offers sealed with the
key. Each part is 128 random bits, written as 32 lowercase hexadecimal digits.

    invite = new_invite(secrets.token_bytes)
    link = invite_url("https://example.org/tavli/?seed=3", invite)
    # "https://example.org/tavli/#play=<32 hex>-<32 hex>"
    parse_invite(link) == invite                  # also the bare fragment "#play=..." or "play=..."
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from .i18n.en import STRINGS as ENGLISH

FRAGMENT_KEY = "play"
PART_BYTES = 16  # 128 bits each for the room and the key
_PART = re.compile(r"[0-9a-f]{32}")


class InviteProblem(StrEnum):
    """Why a text is not an invitation (web/model/i18n has ``invite_<value>`` for each)."""

    MISSING = "missing"
    DAMAGED = "damaged"


class InviteError(ValueError):
    """A text that is not an invitation; ``problem`` says why (the message is the English text of
    ``invite_<problem>``)."""

    def __init__(self, problem: InviteProblem) -> None:
        super().__init__(ENGLISH[f"invite_{problem}"])
        self.problem = problem


@dataclass(frozen=True)
class Invite:
    """The room (where the two browsers find each other) and the key (the password that seals
    what they exchange through the relays): each 32 lowercase hexadecimal digits."""

    room: str
    key: str

    def __post_init__(self) -> None:
        if not (_PART.fullmatch(self.room) and _PART.fullmatch(self.key)):
            raise InviteError(InviteProblem.DAMAGED)

    @property
    def fragment(self) -> str:
        """``play=<room>-<key>``: the link's fragment, without its ``#``."""
        return f"{FRAGMENT_KEY}={self.room}-{self.key}"


def new_invite(randbytes: Callable[[int], bytes]) -> Invite:
    """A fresh invitation from ``randbytes(n)`` (``secrets.token_bytes`` in the page)."""
    room, key = randbytes(PART_BYTES), randbytes(PART_BYTES)
    if len(room) != PART_BYTES or len(key) != PART_BYTES:
        raise ValueError(f"randbytes must give {PART_BYTES} bytes")
    return Invite(room.hex(), key.hex())


def invite_url(page_url: str, invite: Invite) -> str:
    """The link for the friend: ``page_url`` without its query (a test's ``?seed=`` or a match's
    parameters are not the friend's) and fragment, then ``#play=<room>-<key>``."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{invite.fragment}"


def parse_invite(url_or_fragment: str) -> Invite:
    """The invitation in a link, its fragment (``#play=...``) or the fragment's text (``play=...``);
    surrounding spaces and upper-case digits are allowed. Raises :class:`InviteError`
    (``MISSING``: no ``play=`` part; ``DAMAGED``: its value is not ``<32 hex>-<32 hex>``)."""
    text = url_or_fragment.strip() if isinstance(url_or_fragment, str) else ""
    fragment = text.split("#", 1)[1] if "#" in text else text
    value = None
    for item in fragment.split("&"):
        name, sep, rest = item.partition("=")
        if sep and name.strip().lower() == FRAGMENT_KEY:
            value = rest.strip()
    if value is None:
        raise InviteError(InviteProblem.MISSING)
    room, sep, key = value.lower().partition("-")
    if not sep:
        raise InviteError(InviteProblem.DAMAGED)
    return Invite(room, key)


def has_invite(url_or_fragment: str) -> bool:
    """Whether the text names an invitation at all (``play=`` in its fragment), readable or not:
    the page opens the lobby for it, and says so when it is damaged."""
    try:
        parse_invite(url_or_fragment)
    except InviteError as error:
        return error.problem is InviteProblem.DAMAGED
    return True
