"""Every string the page shows, in one catalogue, and ``t(key, **kw)`` to fetch one.

Pure Python, no browser imports. English is the only catalogue for now; another language is a
dict with the same keys given to :func:`add_language` (a missing key falls back to English), and
:func:`set_language` picks it.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # page
    "title": "Tavli",
    "loading": "Loading Python…",
    "ready": "Ready",
    "failed": "Python failed to start: see the console",
    "board_label": "Backgammon board",
    # players
    "you": "You",
    "computer": "Computer",
    "player_n": "Player {n}",
    "pips": "pips: {n}",
    "match_to": "Match to {n}",
    "money": "Money game",
    "crawford": "Crawford game",
    "game_n": "Game {n}",
    # controls
    "roll": "Roll",
    "double": "Double",
    "undo": "Undo",
    "done": "Done",
    "resign": "Resign",
    "resign_confirm": "Resign match?",
    "options": "Options",
    "new_match": "New match",
    "next_game": "Next game",
    "take": "Take",
    "drop": "Drop",
    "accept": "Accept",
    "refuse": "Refuse",
    # reasons for a disabled control (its title)
    "why_no_roll": "Not your turn to roll",
    "why_no_double": "You cannot double now",
    "why_no_undo": "No move of this turn to take back",
    "why_no_done": "Dice remain to be played",
    "why_no_resign": "The match is over",
    "why_options": "The options menu is coming; options can be set in the URL meanwhile",
    "tip_roll": "Roll the dice (or click the dice area)",
    "tip_double": "Offer the doubling cube",
    "tip_undo": "Take back your last checker move",
    "tip_done": "Finish your turn (or click the dice)",
    "tip_resign": "Resign the whole match (click twice)",
    "tip_new_match": "Start a new match",
    # status line
    "opening": "Roll to see who starts",
    "opening_roll": "{name} rolled {a}, {other} rolled {b}: {first} starts",
    "opening_roll_you": "{name} rolled {a}, {other} rolled {b}: you start",
    "your_roll": "{name}: your turn, roll the dice",
    "your_move": "{name}: move {dice}",
    "your_finish": "{name}: click the dice to finish your turn",
    "thinking": "{name} is thinking…",
    "rolled": "{name} rolled {a}-{b}",
    "passes": "{name} cannot move and passes",
    "doubles": "{name} doubles to {value}",
    "takes": "{name} takes: the cube is at {value}",
    "drops": "{name} drops",
    "decide_cube": "{name}: {other} doubles to {value}. Take or drop?",
    "decide_resign": "{name}: {other} offers to resign a {kind}. Accept?",
    "refuses": "{name} refuses",
    "tap_to_roll": "Roll the dice",
    # results
    "single": "single game",
    "gammon": "gammon",
    "backgammon": "backgammon",
    "points_1": "1 point",
    "points_n": "{n} points",
    "game_won": "{name} wins a {kind}: {points}",
    "game_dropped": "{name} wins: the double was dropped ({points})",
    "game_resigned": "{name} wins by resignation: {points}",
    "match_won": "{name} wins the match {s0}\u2060–\u2060{s1}",
    "click_next": "Click for the next game",
}

def _more_english() -> None:
    """The English of web/i18n/en.py (options, new match, dialogs, clock) joins ``EN``."""
    from web.i18n.en import STRINGS

    for key, text in STRINGS.items():
        EN.setdefault(key, text)


_more_english()

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
    return t("points_1") if n == 1 else t("points_n", n=n)
