"""The page's settings: view options (:class:`ViewOptions`) and the match to set up
(:class:`MatchSetup`), both read from the URL's query string. Pure Python, no browser imports.

View options change how the board looks and behaves, never the rules; the options menu and
persistence (a later issue) read and write the same dataclass. URL parameters, for tests and demos:

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
               ``expert`` or ``champion``
=============  =======================================================  =========

Plakoto, Fevga and the Tavli match are scored the Greek way whatever ``rules`` says (no cube, no
backgammon) and have no money play (:meth:`MatchSetup.match_args` gives what the match is made of).

The page also reads ``clockspeed`` (a factor on the time the clock sees, for tests) itself.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

VARIANTS = ("portes", "plakoto", "fevga", "tavli")  # tavli.matchsetup.VARIANTS
LEVELS = ("beginner", "intermediate", "expert", "champion")  # tavli.ai.players' levels
MOTHER_POINTS = (2, 1)  # tavli.matchsetup.OPTIONS, default first
FIRST_CHECKER = ("pass", "quarter")
PRIME = ("open", "free")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class ViewOptions:
    """How the board is shown and driven."""

    home_left: bool = False  # your home board bottom-left instead of bottom-right
    anim_speed: float = 1.0  # animation speed factor; 0 = none
    basic: bool = False  # flat, fast board without animation (seed 004)
    auto_roll: bool = False
    auto_bearoff: bool = False
    click_to_finish: bool = False  # the turn ends by a click on the dice, not by itself
    turn_board: bool = True  # pass-and-play: the player on roll has his home at the bottom

    @property
    def animate(self) -> bool:
        return not self.basic and self.anim_speed > 0

    def duration_ms(self, base: float) -> int:
        """A slide of ``base`` milliseconds at this speed (0 when there is no animation)."""
        return int(round(base / self.anim_speed)) if self.animate else 0

    def pause_ms(self, base: float) -> int:
        """A pause of ``base`` milliseconds at this speed (between the computer's moves): kept
        with basic graphics, none at speed 0 (tests)."""
        return int(round(base / self.anim_speed)) if self.anim_speed > 0 else 0


@dataclass(frozen=True)
class MatchSetup:
    """Which match to play."""

    mode: str = "cpu"  # "cpu": you against the computer; "pvp": two players on this device
    length: int = 3
    rules: str = "international"
    seed: int | None = None
    clock: str = "off"  # tavli.clock mode: "off", "standard" or "blitz"
    money: bool = False  # money play: no target score (``length`` is then ignored)
    level: str = "intermediate"  # the computer's level (web.prefs.LEVELS)
    names: tuple[str, str] = ("", "")  # "" = the default name
    variant: str = "portes"  # portes, plakoto, fevga or tavli (the rotation)
    mother_points: int = 2  # Plakoto: what a pinned mother wins (2, or 1: a plain win)
    first_checker: str = "pass"  # Fevga: "pass" the opponent's start, or reach his "quarter"
    prime: str = "open"  # Fevga: a prime shutting the opponent out must be "open"ed, or is "free"

    def match_args(self) -> dict[str, Any]:
        """The keyword arguments of :class:`tavli.match.Match` besides the rules, dice and clock:
        ``length`` (None = money play, Portes only), ``variant`` and the ``options`` of its games."""
        portes = self.variant == "portes"
        options: dict[str, Any] = {}
        if self.variant in ("plakoto", "tavli"):
            options["mother_points"] = self.mother_points
        if self.variant in ("fevga", "tavli"):
            options["first_checker"] = self.first_checker
            options["prime"] = self.prime
        return {"length": None if self.money and portes else self.length, "variant": self.variant,
                "options": options or None}


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
    if value != value:  # NaN
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


def parse_query(query: str) -> tuple[ViewOptions, MatchSetup]:
    """Options and setup from a URL query string (``?a=1&b=2`` or ``a=1&b=2``); anything unknown
    or malformed is ignored and the default kept."""
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
    if params.get("mode", "").lower() in ("cpu", "pvp"):
        setup = replace(setup, mode=params["mode"].lower())
    if "length" in params:
        setup = replace(setup, length=_int(params["length"], setup.length, 1, 25))
    if params.get("rules", "").lower() in ("international", "greek"):
        setup = replace(setup, rules=params["rules"].lower())
    if params.get("clock", "").lower() in ("off", "standard", "blitz"):
        setup = replace(setup, clock=params["clock"].lower())
    if "money" in params:
        setup = replace(setup, money=_bool(params["money"], False))
    if "seed" in params:
        setup = replace(setup, seed=_int(params["seed"], None, 0, 2**53))
    for key, name, choices in (("variant", "variant", VARIANTS), ("first", "first_checker", FIRST_CHECKER),
                               ("prime", "prime", PRIME), ("level", "level", LEVELS)):
        if params.get(key, "").strip().lower() in choices:
            setup = replace(setup, **{name: params[key].strip().lower()})
    if params.get("mother", "").strip() in ("1", "2"):
        setup = replace(setup, mother_points=int(params["mother"].strip()))
    return opts, setup


MATCH_PARAMS = ("mode", "length", "rules", "seed", "clock", "money", "variant", "mother", "first", "prime", "level")


def fixes_match(query: str) -> bool:
    """Whether the URL names the match to play (then the new-match screen is skipped)."""
    return any(name in MATCH_PARAMS for name in query_params(query))


def option_names() -> list[str]:
    """The fields of :class:`ViewOptions`, for a menu."""
    return [f.name for f in fields(ViewOptions)]
