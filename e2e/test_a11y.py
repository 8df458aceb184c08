"""The automated accessibility audit (issue 15): axe-core (e2e/axe.py, pinned in package.json)
finds no serious or critical violation on the new-match screen, the board during play, the
options, the Files dialog, the rules page and the analysis dialog, on a desktop (1280x800) and a
phone (390x844), in English and in Greek. The buttons are found by their role and name (the
catalogues' words), as a screen reader's user finds them."""

from __future__ import annotations

import pytest

from e2e.axe import audit
from e2e.board_hooks import wait_turn
from e2e.helpers import BOOT_TIMEOUT_MS, boot
from e2e.test_coach import COACH_MS, past_the_new_match_screen, played_match, with_saved
from web.model.i18n import catalogue

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CASES = [(size, lang) for size in SIZES for lang in ("en", "el")]


@pytest.fixture
def shown(browser, base_url, request):
    """A page at the case's size whose language option is the case's (nothing else kept)."""
    size, lang = request.param
    context = browser.new_context(base_url=base_url, viewport=SIZES[size])
    context.add_init_script(f"if (!localStorage.getItem('tavli.prefs')) localStorage.setItem('tavli.prefs', "
                            f"JSON.stringify({{language: '{lang}'}}))")
    page = context.new_page()
    yield page, catalogue(lang)
    context.close()


def dialog_is(page, name: str) -> None:
    page.wait_for_function(f"document.body.dataset.dialog === {name!r}")


def no_dialog(page) -> None:
    page.wait_for_function("!document.body.dataset.dialog")


@pytest.mark.parametrize("shown", CASES, indirect=True, ids=[f"{s}-{lang}" for s, lang in CASES])
def test_no_serious_violation_on_the_screens(shown, page_log):
    page, words = shown
    dlg = page.get_by_role("dialog")
    found: list[str] = []
    boot(page, "anim=0")
    dialog_is(page, "new-match")
    found += audit(page, "new-match screen")
    dlg.get_by_role("button", name=words["nm_start"], exact=True).click()
    no_dialog(page)
    for _ in range(12):  # to the person's move (random dice: roll until the dice are ours)
        ph = wait_turn(page, BOOT_TIMEOUT_MS)
        if ph == "move":
            break
        assert ph in ("opening", "roll"), ph
        page.get_by_role("button", name=words["roll"], exact=True).click()
    assert wait_turn(page) == "move"
    found += audit(page, "board")
    move = page.get_by_role("textbox", name=words["voice_move"])
    move.fill("6/off")  # (never legal in Portes' first moves: its message shown under the field)
    move.press("Enter")
    page.wait_for_selector("#move-error")
    found += audit(page, "the move field, focused, with a message")
    page.get_by_role("button", name=words["options"], exact=True).click()
    dialog_is(page, "options")
    found += audit(page, "options")
    dlg.get_by_role("checkbox", name=words["opt_screenreader"]).check()
    page.wait_for_selector(".voice:not(.offscreen)", state="attached")
    dlg.get_by_role("button", name=words["io_menu"], exact=True).click()
    dialog_is(page, "files")
    found += audit(page, "files")
    dlg.get_by_role("button", name=words["close"], exact=True).first.click()
    no_dialog(page)
    found += audit(page, "board in screen-reader mode")
    page.get_by_role("button", name=words["rules"], exact=True).click()
    dialog_is(page, "rules")
    found += audit(page, "rules")
    assert found == []


@pytest.mark.parametrize("shown", CASES, indirect=True, ids=[f"{s}-{lang}" for s, lang in CASES])
def test_no_serious_violation_in_the_analysis(shown, page_log):
    page, words = shown
    with_saved(page, played_match("portes", 1, seed=4))
    boot(page, "anim=0")
    past_the_new_match_screen(page)
    found = audit(page, "a finished match")
    page.get_by_role("button", name=words["analyse_game"], exact=True).click()
    dialog_is(page, "analysis")
    page.wait_for_selector("dialog .coach-player", timeout=COACH_MS)
    found += audit(page, "analysis")
    assert found == []


def test_the_audit_finds_what_it_should(page):
    """The harness itself: a button without a name and grey text on grey are reported (so a
    clean audit above means something)."""
    boot(page, "seed=3&anim=0")
    assert audit(page) == []
    page.evaluate("""() => {
      const b = document.createElement('button'); b.id = 'nameless'; document.body.appendChild(b);
      const p = document.createElement('p'); p.id = 'faint'; p.textContent = 'faint words';
      p.style.cssText = 'color:#777;background:#6a6a6a;position:fixed;top:0;left:0;font-size:12px;z-index:99';
      document.body.appendChild(p);
    }""")
    found = "\n".join(audit(page, "planted"))
    assert "critical button-name" in found and "#nameless" in found
    assert "serious color-contrast" in found and "#faint" in found
