"""The dialogs of issue 14's io part (Files, the replace question, the record of matches and its
clear question) at phone portrait (390x844), phone landscape (844x390) and desktop sizes, in
Greek and English: nothing clipped or outside the screen (e2e/test_layout.py's check), and a
message said in the Files dialog is in sight. ``TAVLI_LAYOUT_SHOTS=<folder>`` saves screenshots."""

from __future__ import annotations

import json

import pytest

from e2e.board_hooks import mirror, play_turn
from e2e.helpers import boot, settle
from e2e.test_io import QUERY, XGID, dialog, open_files
from e2e.test_layout import SIZES, check
from web.model import records as R

# Whether the element's middle is on the screen and not covered (by the dialog's sticky buttons).
IN_SIGHT = """(sel) => { const el = document.querySelector(sel), r = el.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && (at === el || el.contains(at)); }"""



# --- the dialogs at phone sizes, in Greek ---------------------------------------------------------


def _entries() -> str:
    entries: tuple[R.Entry, ...] = ()
    for n, (variant, mode, level, winner) in enumerate([
            ("portes", "cpu", "champion", 0), ("plakoto", "cpu", "intermediate", 1),
            ("fevga", "pvp", None, 0), ("tavli", "cpu", "expert", 1), ("portes", "pvp", None, 1)]):
        entries = R.add(entries, R.Entry(key=f"k{n}", date=f"2026-11-2{n}T10:0{n}Z", variant=variant, mode=mode,
                                         level=level, names=("Αλέξανδρος Παπαδόπουλος", "Υπολογιστής"),
                                         length=None if n == 4 else 7, scores=(7, 3), winner=winner,
                                         rates=(12.345, 6.7) if n % 2 else None))
    return R.dumps(entries)


@pytest.fixture(params=["portrait", "landscape", "desktop"])
def browser_context_args(browser_context_args: dict, request) -> dict:
    return {**browser_context_args, **SIZES[request.param]}


def test_the_dialogs_fit_phone_screens_in_greek(page, browser_context_args):
    size = next(k for k, v in SIZES.items() if v["viewport"] == browser_context_args["viewport"])
    page.add_init_script("if (!sessionStorage.getItem('io.init')) { sessionStorage.setItem('io.init', '1');"
                         "localStorage.setItem('tavli.prefs', JSON.stringify({language: 'el'}));"
                         f"localStorage.setItem('tavli.records', {json.dumps(_entries())}); }}")
    boot(page, QUERY)
    ctl = mirror(QUERY)
    play_turn(page, ctl)
    found: list[str] = []
    check(page, f"io {size} el panel", found)
    open_files(page)
    check(page, f"io {size} el files", found)
    page.fill("dialog textarea[data-io=ids]", "not an id")
    page.click("dialog button[data-action=import-id]")
    check(page, f"io {size} el files-error", found)
    page.wait_for_function(IN_SIGHT, arg="dialog .io-message")  # the message is seen, not under the buttons
    page.fill("dialog textarea[data-io=ids]", XGID)
    page.click("dialog button[data-action=import-id]")
    assert dialog(page) == "io-replace"
    check(page, f"io {size} el replace", found)
    page.click("dialog button[data-action=cancel]")
    open_files(page)
    page.click("dialog button[data-action=records]")
    check(page, f"io {size} el records", found)
    page.locator("dialog button[data-action=records-clear]").scroll_into_view_if_needed()
    page.click("dialog button[data-action=records-clear]")
    check(page, f"io {size} el records-clear", found)
    page.click("dialog button[data-action=cancel]")
    page.evaluate("localStorage.setItem('tavli.prefs', JSON.stringify({language: 'en'}))")
    settle(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'")
    open_files(page)
    check(page, f"io {size} en files", found)
    page.click("dialog button[data-action=records]")
    check(page, f"io {size} en records", found)
    assert found == [], "\n".join(found)
