"""The interface in Greek, English and Bulgarian: ``t(key, **kw)`` fetches a string in the language
in use. Pure Python, no browser imports.

* Catalogues: ``en.py`` (``STRINGS``, also :data:`EN`: every key), ``el.py`` and ``bg.py`` (every
  key in Greek and Bulgarian); tests/test_i18n.py checks they have the same keys and the same
  ``{placeholders}``. A key missing from a catalogue falls back to English.
* :func:`install` registers them and picks the language; :func:`set_language` switches,
  :func:`add_language` registers one more.
* :func:`choose_language`: the option if set, else the first of the browser's languages
  (``navigator.languages``) that we have, else English.
* The rules page: :mod:`web.model.i18n.rules` (``rules_en/el/bg.py`` hold its text).

    from web.model import i18n
    lang = i18n.choose_language(prefs.language, list(navigator.languages))
    i18n.install(lang)                       # then i18n.t(...) speaks it
    document.documentElement.lang = lang
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .en import STRINGS as EN

LANGUAGES = ("el", "en", "bg")
DEFAULT = "en"
# Each language's name in itself, for the language menu.
NAMES = {"el": "Ελληνικά", "en": "English", "bg": "Български"}


def choose_language(preference: str | None = None, browser: Iterable[str] | str | None = ()) -> str:
    """The language to show: ``preference`` (the option) when it is one of ours, else the first
    of the browser's language tags (``"el-GR"``, ``"bg"``, ``"en-US"`` ...) that we have, else
    English."""
    if isinstance(preference, str) and preference.lower() in LANGUAGES:
        return preference.lower()
    if isinstance(browser, str):
        browser = [browser]
    for tag in browser or ():
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT


def catalogue(code: str) -> dict[str, str]:
    """The whole catalogue of ``code`` (English for an unknown code)."""
    if code == "el":
        from . import el

        return dict(el.STRINGS)
    if code == "bg":
        from . import bg

        return dict(bg.STRINGS)
    return dict(EN)


def install(code: str | None = None) -> str:
    """Register the catalogues, switch to ``code`` (English when unknown) and return the language
    now in use."""
    for lang in LANGUAGES:
        if lang != "en":
            add_language(lang, catalogue(lang))
    chosen = code if code in LANGUAGES else DEFAULT
    set_language(chosen)
    return chosen


_CATALOGUES: dict[str, dict[str, str]] = {"en": EN}
_current = "en"


def add_language(code: str, catalogue: dict[str, str]) -> None:
    """Register a catalogue (keys as in :data:`EN`)."""
    _CATALOGUES[code] = dict(catalogue)


def set_language(code: str) -> None:
    """Use ``code``'s catalogue from now on (English when unknown)."""
    global _current
    _current = code if code in _CATALOGUES else "en"


def language() -> str:
    """The code of the language in use."""
    return _current


# English verbs agree with "You" ("You win", not "You wins"): the form used when ``name`` is the
# catalogue's "you". Greek and Bulgarian write "{name}: ..." and need none.
_YOU_FORMS: dict[str, dict[str, str]] = {
    "en": {
        "passes": "You cannot move and pass",
        "doubles": "You double to {value}",
        "takes": "You take: the cube is at {value}",
        "drops": "You drop",
        "refuses": "You refuse",
        "accepts": "You accept",
        "claims": "You claim the win on time",
        "offers_resign": "You offer to resign a {kind}",
        "game_won": "You win a {kind}: {points}",
        "game_dropped": "You win: the double was dropped ({points})",
        "game_resigned": "You win by resignation: {points}",
        "game_timeout": "You win on time: {points}",
        "game_mother": "You win: the mother is pinned ({points})",
        "match_won": "You win the match {s0}\u2060–\u2060{s1}",
        "match_resigned": "You win: the match was resigned",
    },
}


def t(key: str, **kw: object) -> str:
    """The string ``key`` in the current language, ``{name}`` fields filled from ``kw`` (with the
    verb agreeing when ``name`` is "You")."""
    text = _CATALOGUES[_current].get(key)
    if text is None:
        text = EN[key]  # a KeyError here is a bug: every key is in the English catalogue
    if "name" in kw and key in _YOU_FORMS.get(_current, {}) and kw["name"] == t("you"):
        text = _YOU_FORMS[_current][key]
    return text.format(**kw) if kw else text


def points_text(n: int) -> str:
    """``n`` points, in words ("1 point", "3 points")."""
    return t("points_1") if n == 1 else t("points_n", n=n)


def kind_text(outcome: Any) -> str:
    """A game's level (a :class:`tavli.game.Outcome`: single, gammon, backgammon) in words."""
    return t(outcome.name.lower())
