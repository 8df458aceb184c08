"""The typed moves and the read-out in the panel (issue 15, web.view.voice) and the
screen-reader option that shows them: the form's names, roles and hooks, the message about an
entry (an alert only in the drawing right after it), the R key's rule, and the option read,
kept and offered in the three languages. No browser."""

from __future__ import annotations

import re

import pytest

from web.model import i18n
from web.model import prefs as P
from web.model.prefs import Prefs
from web.model.setup import ViewOptions
from web.view import dialogs
from web.view.panel import panel_html
from web.view.voice import ERROR_ID, FIELD_ID, read_key, voice_html


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.install("en")


def test_the_form_has_a_labelled_field_a_submit_and_the_read_out_button():
    html = voice_html(True)
    assert f'<label for="{FIELD_ID}">Type a move</label>' in html
    assert f'<input id="{FIELD_ID}" type="text"' in html
    assert re.search(r'<button type="submit" data-action="type-move">Play</button>', html)
    assert re.search(r'<button type="button" data-action="read-position"[^>]*aria-keyshortcuts="R"[^>]*>'
                     r"Read the position</button>", html)
    assert 'class="voice"' in html and "offscreen" not in html
    assert f'aria-describedby="{FIELD_ID}-hint"' in html and "24/20(2)" in html  # the notation's examples
    assert ERROR_ID not in html and "aria-invalid" not in html and 'role="alert"' not in html


def test_without_the_option_the_form_is_in_the_page_but_hidden_until_focused():
    html = voice_html(False)
    assert 'class="voice offscreen"' in html
    assert 'data-action="type-move"' in html and 'data-action="read-position"' in html


def test_the_message_about_an_entry_is_an_alert_once_and_stays_tied_to_the_field():
    fresh = voice_html(False, "No such move: <13/7>", fresh=True)
    assert f'<p id="{ERROR_ID}" class="move-error" role="alert">No such move: &lt;13/7&gt;</p>' in fresh
    assert f'aria-describedby="{FIELD_ID}-hint {ERROR_ID}" aria-invalid="true"' in fresh
    again = voice_html(False, "No such move: <13/7>")  # the panel drawn again: shown, not said again
    assert f'<p id="{ERROR_ID}" class="move-error">' in again and 'role="alert"' not in again
    assert 'role="alert"' not in voice_html(False, "", fresh=True)


def test_the_panel_puts_the_form_under_the_controls():
    from web.control.controller import Controller
    from web.model.setup import MatchSetup

    view = Controller(MatchSetup(), ViewOptions()).panel_view()
    html = panel_html(view, voice=voice_html(False))
    assert html.index('class="controls"') < html.index('class="voice') < html.index('class="card bottom')


@pytest.mark.parametrize(("key", "code", "mods", "typing", "dialog", "read"), [
    ("r", "KeyR", False, False, False, True),
    ("R", "KeyR", False, False, False, True),  # (Shift, or Caps Lock)
    ("ρ", "KeyR", False, False, False, True),  # a Greek layout
    ("р", "KeyH", False, False, False, False),  # a Cyrillic layout's р is not where R is
    ("и", "KeyR", False, False, False, True),  # Bulgarian (BDS): the key where R is
    ("p", "KeyR", False, False, False, False),  # Dvorak: the letter counts
    ("r", "KeyR", True, False, False, False),  # Ctrl+R reloads: not ours
    ("r", "KeyR", False, True, False, False),  # typing an "r" in a field
    ("r", "KeyR", False, False, True, False),  # a dialog is open
    ("Enter", "KeyR", False, False, False, False),
])
def test_the_read_out_key(key, code, mods, typing, dialog, read):
    assert read_key(key, code, mods, typing, dialog) is read


def test_the_option_is_offered_read_back_and_kept():
    prefs = Prefs()
    assert prefs.view.screen_reader is False
    html = dialogs.options(prefs).html
    assert 'data-opt="screenreader">' in html and "Screen-reader mode" in html
    on = dialogs.read_options({"screenreader": True}, prefs)
    assert on.view.screen_reader is True
    assert dialogs.read_options({"screenreader": "yes"}, on).view.screen_reader is True  # odd: kept
    assert 'data-opt="screenreader" checked' in dialogs.options(on).html
    store: dict[str, str] = {}
    P.save(store, on)
    assert P.load(store).view.screen_reader is True


@pytest.mark.parametrize("lang", ["el", "bg"])
def test_the_words_are_translated(lang):
    i18n.install(lang)
    html = voice_html(True, "x", fresh=True) + dialogs.options(Prefs()).html
    for key in ("voice_move", "voice_play", "voice_read", "opt_screenreader", "voice_form"):
        assert i18n.t(key) != i18n.catalogue("en")[key]
        assert i18n.t(key) in html
