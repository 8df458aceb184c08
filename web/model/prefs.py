"""The player's preferences, kept between visits: JSON text in and out. Pure Python, no browser
imports (the DOM layer passes localStorage in: see :mod:`web.browser.storage`).

:class:`Prefs` holds

* ``view``: the options menu's board options, :class:`web.model.setup.ViewOptions` (auto roll — which
  stops you offering the cube —, auto bear-off (off by default), click the dice to finish the turn,
  basic graphics, home side, animation speed, turning the board in pass-and-play);
* ``sound`` (on/off) and ``language`` (``"el"``, ``"en"``, ``"bg"``, or None to follow the browser:
  see :func:`web.model.i18n.choose_language`);
* ``new_match``: the last choices of the new-match screen (a :class:`web.model.setup.MatchSetup`:
  opponent and level, game (Portes, Plakoto, Fevga or the Tavli rotation) and its rule options,
  match length or money play, rules, clock, player names; no seed), kept consistent
  (:meth:`~web.model.setup.MatchSetup.fitted`: money play is Portes only, a Tavli match is played
  to 3, 5 or 7 points);
* ``relays``: the relays for online play the player chose (:mod:`web.model.relays`; empty: the
  defaults).

Reading never fails: :func:`loads` takes whatever was stored — nothing, foreign JSON, a
half-valid document from an older or newer version — and keeps each field that is valid, the
default for every other one.

    prefs = load(storage)                    # storage: a dict, or web.browser.storage.browser_storage()
    prefs = replace(prefs, sound=False)
    save(storage, prefs)
    prefs, seed = overlay_query(prefs, "?home=left&length=5")   # URL parameters win, unsaved
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, fields, replace
from typing import Any

from tavli import options as choices
from tavli import safejson

from .relays import RelayError, parse_relays
from .setup import MODES, ONLINE, OPPONENTS, MatchSetup, ViewOptions
from .url import MOTHER_PARAMS, length_param, parse_query, query_params

STORAGE_KEY = "tavli.prefs"
FORMAT = "tavli-prefs"
VERSION = 1

LANGUAGES = ("el", "en", "bg")
ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # the menu's choices; any value in [0, MAX_ANIM_SPEED] is kept
MAX_ANIM_SPEED = 10.0
MAX_NAME = 24


@dataclass(frozen=True)
class Prefs:
    """The options kept on this device: how the board looks and plays, sound, language, and the
    new-match screen's last choices."""

    view: ViewOptions = field(default_factory=ViewOptions)
    sound: bool = True
    language: str | None = None  # None: follow the browser's languages
    new_match: MatchSetup = field(default_factory=MatchSetup)
    relays: tuple[str, ...] = ()  # online play's relays; empty: web.model.relays.DEFAULT_RELAYS


# --- reading, field by field --------------------------------------------------------------------


def _bool(value: Any, default: bool) -> bool:
    return value if isinstance(value, bool) else default


def _choice(value: Any, allowed: tuple[Any, ...], default: Any) -> Any:
    return value if isinstance(value, str) and value in allowed else default


def _speed(value: Any, default: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    value = float(value)
    if not math.isfinite(value) or not 0.0 <= value <= MAX_ANIM_SPEED:
        return default
    return value


def clean_name(value: Any) -> str:
    """A player's name as typed: control characters dropped, spaces collapsed, at most 24
    characters; anything that is not text gives ""."""
    if not isinstance(value, str):
        return ""
    text = "".join(ch if ch.isprintable() else " " for ch in value)
    return " ".join(text.split())[:MAX_NAME].rstrip()  # (cut after a space: no trailing space)


def _names(value: Any, default: tuple[str, str]) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        return default
    return (clean_name(value[0]), clean_name(value[1]))


def _length(value: Any, default: int | None) -> int | None:
    if value is None or value == "money":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= choices.MAX_LENGTH:
        return value
    return default


def _relays(value: Any) -> tuple[str, ...]:
    """The stored relay list, or none (the defaults) when any entry is unusable."""
    if not isinstance(value, list) or not all(isinstance(url, str) for url in value):
        return ()
    try:
        return parse_relays("\n".join(value))
    except RelayError:
        return ()


def view_from_dict(data: Any) -> ViewOptions:
    """:class:`ViewOptions` from a dict, field by field (by the type of each default)."""
    base = ViewOptions()
    if not isinstance(data, dict):
        return base
    values: dict[str, Any] = {}
    for f in fields(ViewOptions):
        default = getattr(base, f.name)
        if f.name not in data:
            continue
        if isinstance(default, bool):
            values[f.name] = _bool(data[f.name], default)
        elif isinstance(default, float):
            values[f.name] = _speed(data[f.name], default)
    return replace(base, **values)


def view_to_dict(view: ViewOptions) -> dict[str, Any]:
    return {f.name: getattr(view, f.name) for f in fields(ViewOptions)}


def setup_from_dict(data: Any) -> MatchSetup:
    """The new-match choices kept (``new_match`` of the preferences, or a save's setup), field by
    field, made consistent (:meth:`MatchSetup.fitted`). The game is stored as ``game``."""
    base = MatchSetup()
    if not isinstance(data, dict):
        return base
    mother = data.get("mother_points")
    return MatchSetup(
        mode=_choice(data.get("mode"), OPPONENTS, base.mode),
        level=_choice(data.get("level"), choices.LEVELS, base.level),
        variant=_choice(data.get("game"), choices.VARIANTS, base.variant),
        length=_length(data["length"], base.length) if "length" in data else base.length,
        rules=_choice(data.get("rules"), choices.RULE_PRESETS, base.rules),
        clock=_choice(data.get("clock"), choices.CLOCK_MODES, base.clock),
        names=_names(data.get("names"), base.names),
        mother_points=mother if type(mother) is int and mother in choices.MOTHER_POINTS else base.mother_points,
        first_checker=_choice(data.get("first_checker"), choices.FIRST_CHECKER, base.first_checker),
        prime=_choice(data.get("prime"), choices.PRIME, base.prime),
        seat=1 if data.get("mode") == ONLINE and data.get("seat") == 1 else 0,
    ).fitted()


def setup_to_dict(setup: MatchSetup) -> dict[str, Any]:
    """The choices of ``setup`` as stored (its seed is not kept)."""
    return {
        "mode": setup.mode,
        "level": setup.level,
        "game": setup.variant,
        "length": setup.length,
        "rules": setup.rules,
        "clock": setup.clock,
        "names": list(setup.names),
        "mother_points": setup.mother_points,
        "first_checker": setup.first_checker,
        "prime": setup.prime,
    } | ({"seat": setup.seat} if setup.mode == ONLINE else {})


def from_dict(data: Any) -> Prefs:
    """:class:`Prefs` from a decoded document; every unusable field falls back to its default."""
    base = Prefs()
    if not isinstance(data, dict) or data.get("format", FORMAT) != FORMAT:
        return base
    language = data.get("language")
    return Prefs(
        view=view_from_dict(data.get("view")),
        sound=_bool(data.get("sound"), base.sound),
        language=language if language in LANGUAGES else None,
        new_match=setup_from_dict(data.get("new_match")),
        relays=_relays(data.get("relays")),
    )


def to_dict(prefs: Prefs) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "view": view_to_dict(prefs.view),
        "sound": prefs.sound,
        "language": prefs.language,
        "new_match": setup_to_dict(prefs.new_match),
        "relays": list(prefs.relays),
    }


def loads(text: Any) -> Prefs:
    """Preferences from stored text. Never raises: None, non-JSON or foreign data give the
    defaults, field by field."""
    if not isinstance(text, (str, bytes)):
        return Prefs()
    try:  # bounded: deep JSON would overflow Pyodide's stack in the parser
        data = safejson.loads(text)
    except ValueError:
        return Prefs()
    return from_dict(data)


def dumps(prefs: Prefs) -> str:
    return json.dumps(to_dict(prefs), ensure_ascii=False, separators=(",", ":"))


# --- storage ------------------------------------------------------------------------------------


def load(storage: Any, key: str = STORAGE_KEY) -> Prefs:
    """The preferences in ``storage`` (dict-like, or None), defaults when absent or unreadable."""
    if storage is None:
        return Prefs()
    try:
        return loads(storage.get(key))
    except Exception:  # a storage that fails to read
        return Prefs()


def save(storage: Any, prefs: Prefs, key: str = STORAGE_KEY) -> bool:
    """Store the preferences; False when the storage refused (full, disabled, absent)."""
    if storage is None:
        return False
    try:
        storage[key] = dumps(prefs)
    except Exception:
        return False
    return True


# --- URL parameters -----------------------------------------------------------------------------

# parameter of web.model.url.parse_query -> field of ViewOptions
_VIEW_PARAMS = {"home": "home_left", "anim": "anim_speed", "basic": "basic", "autoroll": "auto_roll",
                "autooff": "auto_bearoff", "clickdice": "click_to_finish", "turn": "turn_board"}


def overlay_query(prefs: Prefs, query: str) -> tuple[Prefs, int | None]:
    """``prefs`` with the options given in the URL (:mod:`web.model.url` parameters) put over it, and
    the ``seed`` asked for (or None). Only parameters present in the query change anything; the
    result is for this visit (save it only when the player changes an option)."""
    present = set(query_params(query))
    opts, setup = parse_query(query)
    view = replace(prefs.view, **{f: getattr(opts, f) for p, f in _VIEW_PARAMS.items() if p in present})
    new_match = prefs.new_match
    if params_valid(query, "mode", MODES):
        new_match = replace(new_match, mode=setup.mode)
    if "length" in present:  # (money play in the URL is for its own match, not kept)
        new_match = replace(new_match, length=length_param(query_params(query)))
    if params_valid(query, "rules", choices.RULE_PRESETS):
        new_match = replace(new_match, rules=setup.rules)
    for param, name, allowed in (("variant", "variant", choices.VARIANTS),
                                 ("first", "first_checker", choices.FIRST_CHECKER), ("prime", "prime", choices.PRIME),
                                 ("level", "level", choices.LEVELS), ("mother", "mother_points", MOTHER_PARAMS)):
        if params_valid(query, param, allowed):
            new_match = replace(new_match, **{name: getattr(setup, name)})
    return replace(prefs, view=view, new_match=new_match.fitted()), setup.seed


def params_valid(query: str, name: str, choices: tuple[str, ...]) -> bool:
    """Whether the URL gives parameter ``name`` one of ``choices``."""
    value = query_params(query).get(name)  # (not urllib.parse: ~60 ms to import in the browser)
    return value is not None and value.strip().lower() in choices
