"""The panel's typed moves (issue 15): a small form to type a move in gnubg notation
(``[data-action=type-move]``: its submit button; the field ``#move-text``) and the "Read the
position" button (``[data-action=read-position]``). Pure Python, no browser imports.

With the screen-reader option on (:attr:`web.model.setup.ViewOptions.screen_reader`) they are in
view; otherwise they stay in the page, visually hidden until one of them has the focus (class
``offscreen``, web/style.css), so that a player who cannot see the board reaches them by Tab
without finding the option first.

The message about the last entry (illegal, ambiguous...) stands under the field, tied to it by
``aria-describedby``; it is an alert (``role="alert"``) only in the drawing right after the entry
(``fresh``): the panel is drawn again after every action, and an alert drawn again is said again.
"""

from __future__ import annotations

import html

from web.model.i18n import t

READ_KEY = "r"  # "Read the position" from the keyboard (aria-keyshortcuts="R")
FIELD_ID = "move-text"  # the typed move's <input>
ERROR_ID = "move-error"  # the message about the last entry


def voice_html(shown: bool, error: str = "", fresh: bool = False) -> str:
    """The form and the read-out button; ``shown``: in view (the screen-reader option), else
    visually hidden until focused; ``error``: the message about the last entry ("" = none),
    ``fresh``: it has just been made (an alert)."""
    e = html.escape
    role = ' role="alert"' if fresh and error else ""
    message = f'<p id="{ERROR_ID}" class="move-error"{role}>{e(error)}</p>' if error else ""
    described = f"{FIELD_ID}-hint" + (f" {ERROR_ID}" if error else "")
    invalid = ' aria-invalid="true"' if error else ""
    return (
        f'<div class="voice{"" if shown else " offscreen"}">'
        f'<form class="type-move" data-form="type-move" aria-label="{e(t("voice_form"))}" autocomplete="off">'
        f'<label for="{FIELD_ID}">{e(t("voice_move"))}</label>'
        '<span class="move-row">'
        f'<input id="{FIELD_ID}" type="text" name="move" spellcheck="false" autocapitalize="off" '
        f'autocomplete="off" enterkeyhint="send" aria-describedby="{described}"{invalid}>'
        f'<button type="submit" data-action="type-move">{e(t("voice_play"))}</button></span>'
        f'<small id="{FIELD_ID}-hint" class="move-hint">{e(t("voice_move_hint"))}</small>'
        f"{message}</form>"
        f'<button type="button" data-action="read-position" title="{e(t("voice_read_tip"))}" '
        f'aria-keyshortcuts="R">{e(t("voice_read"))}</button>'
        "</div>"
    )


def read_key(key: str, code: str, modifiers: bool, typing: bool, dialog: bool) -> bool:
    """Whether a key press asks for the position read out: R (``key`` "r" or "R"; on a layout
    without Latin letters, Greek or Cyrillic, the key where R is: ``code`` "KeyR") with no Ctrl,
    Alt or Meta (``modifiers``), while the person is not typing in a field (``typing``) and no
    dialog is open (``dialog``)."""
    if modifiers or typing or dialog:
        return False
    if key.lower() == READ_KEY:
        return True
    latin = len(key) == 1 and key.isascii()
    return not latin and len(key) == 1 and code == "KeyR"
