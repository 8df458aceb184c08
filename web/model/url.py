"""The URL's query string read into view options and a match (:class:`~web.model.setup.ViewOptions`,
:class:`~web.model.setup.MatchSetup`). Pure Python, no browser imports. URL parameters, for tests
and demos:

=============  =======================================================  =========
parameter      meaning                                                  default
=============  =======================================================  =========
``home``       ``right`` or ``left``: where your home board is          right
``anim``       animation speed factor, ``0`` = no animation             1
``basic``      ``1``: basic graphics (flat board, no animation)         0
``autoroll``   ``1``: roll automatically when it is your turn           0
``autooff``    ``1``: bear off automatically when nothing else counts   0
``clickdice``  ``1``: finish the turn by clicking the dice              0
``turn``       ``0``: pass-and-play keeps the board still               1
``mode``       ``cpu`` (against the computer) or ``pvp`` (two players)  cpu
``length``     match length in points (1..25)                           3
``rules``      ``international`` or ``greek``                           international
``seed``       fixed dice (a whole number), for tests and demos         (none)
``clock``      ``off``, ``standard`` or ``blitz``                       off
``money``      ``1``: money play (no target score; Portes only)         0
``variant``    ``portes``, ``plakoto``, ``fevga`` or ``tavli`` (the     portes
               three in rotation)
``mother``     Plakoto: a pinned mother wins ``2`` or ``1`` points      2
``first``      Fevga: the first checker must ``pass`` the opponent's    pass
               start, or reach his starting ``quarter``
``prime``      Fevga: a prime shutting the opponent out must be         open
               opened (``open``), or not (``free``)
``level``      the computer's level: ``beginner``, ``intermediate``,    intermediate
               ``expert``, ``champion`` or ``grandmaster``
``new``        ``cpu`` or ``pvp``: open the new-match screen with that  (none)
               opponent chosen (the app's shortcuts, manifest.webmanifest)
=============  =======================================================  =========

Plakoto, Fevga and the Tavli match are scored the Greek way whatever ``rules`` says (no cube, no
backgammon) and have no money play (:meth:`MatchSetup.match_args` gives what the match is made of).

The page also reads ``clockspeed`` (a factor on the time the clock sees, for tests) itself, and for
tests of online play ``onlinegrace`` and ``onlinereveal`` (:func:`online_times`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, TypedDict

from tavli.options import (
    CLOCK_MODES,
    DEFAULT_LENGTH,
    FIRST_CHECKER,
    LEVELS,
    MAX_LENGTH,
    MOTHER_POINTS,
    PRIME,
    RULE_PRESETS,
    VARIANTS,
)

from .setup import MODES, MatchSetup, ViewOptions

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
MOTHER_PARAMS = tuple(str(n) for n in MOTHER_POINTS)


def _bool(text: str, default: bool) -> bool:
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    return default


def _float(text: str, default: float, low: float, high: float) -> float:
    try:
        value = float(text)
    except ValueError:
        return default
    if math.isnan(value):
        return default
    return min(high, max(low, value))


def _int(text: str, default: int | None, low: int, high: int) -> int | None:
    try:
        value = int(text)
    except ValueError:
        return default
    return min(high, max(low, value))


def _unquote(text: str) -> str:
    """Percent-decoding and ``+`` as a space (``urllib.parse`` costs ~0.1 s to import in Pyodide)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        pair = text[i + 1:i + 3]
        if text[i] == "%" and len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair):
            out.append(int(pair, 16))
            i += 3
        else:
            out += text[i].encode()
            i += 1
    return out.decode("utf-8", "replace")


def query_params(query: str) -> dict[str, str]:
    """``{name: value}`` of a query string (the last value of a repeated name wins)."""
    params: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        params[_unquote(name)] = _unquote(value)
    return params


def length_param(params: dict[str, str]) -> int:
    """The match length the ``length`` parameter asks for (1..25; the default when unreadable)."""
    return _int(params.get("length", ""), DEFAULT_LENGTH, 1, MAX_LENGTH) or DEFAULT_LENGTH


def parse_query(query: str) -> tuple[ViewOptions, MatchSetup]:
    """Options and setup from a URL query string (``?a=1&b=2`` or ``a=1&b=2``); anything unknown
    or malformed is ignored and the default kept. The setup is the one asked for, not made
    consistent (:meth:`MatchSetup.fitted` does that for the choices kept)."""
    params = query_params(query)
    opts = ViewOptions()
    setup = MatchSetup()
    if "home" in params:
        opts = replace(opts, home_left=params["home"].strip().lower() == "left")
    if "anim" in params:
        opts = replace(opts, anim_speed=_float(params["anim"], 1.0, 0.0, 100.0))
    for key, name in (("basic", "basic"), ("autoroll", "auto_roll"), ("autooff", "auto_bearoff"),
                      ("clickdice", "click_to_finish"), ("turn", "turn_board")):
        if key in params:
            opts = replace(opts, **{name: _bool(params[key], getattr(opts, name))})
    if params.get("mode", "").lower() in MODES:
        setup = replace(setup, mode=params["mode"].lower())
    if "length" in params:
        setup = replace(setup, length=length_param(params))
    if params.get("rules", "").lower() in RULE_PRESETS:
        setup = replace(setup, rules=params["rules"].lower())
    if params.get("clock", "").lower() in CLOCK_MODES:
        setup = replace(setup, clock=params["clock"].lower())
    if "seed" in params:
        setup = replace(setup, seed=_int(params["seed"], None, 0, 2**53))
    for key, name, choices in (("variant", "variant", VARIANTS), ("first", "first_checker", FIRST_CHECKER),
                               ("prime", "prime", PRIME), ("level", "level", LEVELS)):
        if params.get(key, "").strip().lower() in choices:
            choice: dict[str, Any] = {name: params[key].strip().lower()}
            setup = replace(setup, **choice)
    if params.get("mother", "").strip() in MOTHER_PARAMS:
        setup = replace(setup, mother_points=int(params["mother"].strip()))
    if _bool(params.get("money", ""), False) and setup.variant == "portes":
        setup = replace(setup, length=None)  # money play is Portes's only: the others keep the length
    return opts, setup


MATCH_PARAMS = ("mode", "length", "rules", "seed", "clock", "money", "variant", "mother", "first", "prime", "level")


def new_match_mode(query: str) -> str | None:
    """The opponent ``?new=`` asks the new-match screen to open with (one of ``MODES``), else None.
    It names no match: the one in progress stays until the player starts another."""
    mode = query_params(query).get("new", "").strip().lower()
    return mode if mode in MODES else None


def fixes_match(query: str) -> bool:
    """Whether the URL names the match to play (then the new-match screen is skipped)."""
    return any(name in MATCH_PARAMS for name in query_params(query))


class OnlineTimes(TypedDict, total=False):
    """Keyword arguments of :class:`tavli.online.session.Session`."""

    grace: float
    reveal_timeout: float


def online_times(query: str) -> OnlineTimes:
    """Test-only times of online play from the URL, as :class:`tavli.online.session.Session`'s
    keyword arguments: ``onlinegrace=S`` (the seconds a friend away may take to come back before
    the match may be claimed), ``onlinereveal=S`` (the seconds his device has to reveal its part
    of a roll's dice); each 1 to 3600. Absent or not a number: left out (the session's defaults)."""
    params = query_params(query)
    grace = _float(params.get("onlinegrace", ""), math.nan, 1.0, 3600.0)
    reveal = _float(params.get("onlinereveal", ""), math.nan, 1.0, 3600.0)
    out = OnlineTimes()
    if not math.isnan(grace):
        out["grace"] = grace
    if not math.isnan(reveal):
        out["reveal_timeout"] = reveal
    return out
