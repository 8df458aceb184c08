"""Layout at phone portrait (390x844), phone landscape (844x390) and desktop (1280x800) sizes, in
Greek, Bulgarian and English: no control or text of the panel or of any dialog is clipped or
overflows its box, the new-match Start button can be reached, the toast and the result banner
cover neither the score cards nor the checkers.

One page per screen size (a two-player match on a fixed seed, mirrored in CPython); the language
is switched in the options menu, which redraws everything without a reload. Each state is checked
by OFFENDERS, evaluated in the page, which lists what it finds wrong in words. With
``TAVLI_LAYOUT_SHOTS=<folder>`` each state is also saved as a screenshot there (to look at).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e.board_hooks import mirror, phase, play_turn, wait_turn
from e2e.helpers import boot

QUERY = "seed=7&anim=0&mode=pvp&length=9"
LANGS = ("el", "bg", "en")
SIZES = {
    "portrait": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                 "device_scale_factor": 3},
    "landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True,
                  "device_scale_factor": 3},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}

# Returns a list of offenders (strings). Checked: each shown element of `sel` does not overflow
# its own box (scroll vs client sizes; a scrolling box may overflow downwards only), lies inside
# its parent's box (unless placed on its own: absolute, fixed, sticky) and inside the viewport or,
# within a scrolling ancestor, inside that ancestor's width; `oneLine` elements take one line,
# `twoLines` at most two; `apart` pairs of selectors must not overlap.
OFFENDERS = """({sel, oneLine = '', twoLines = '', apart = [], must = []}) => {
  const out = [];
  const say = el => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    for (const a of ['data-action', 'name', 'data-opt', 'data-overlay'])
      if (el.getAttribute(a)) s += `[${a}=${el.getAttribute(a)}]`;
    const cls = (el.getAttribute('class') || '').trim();
    if (cls) s += '.' + cls.split(/\\s+/).join('.');
    if (el.dataset.point) s += `[data-point=${el.dataset.point}]`;
    const text = (el.innerText || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
    return text ? `${s} "${text}"` : s;
  };
  const shown = el => {
    if (el.closest('.sr-only, .offscreen:not(:focus-within)')) return false;  // hidden on purpose, for screen readers (issue 15)
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && +cs.opacity > 0;
  };
  const scrolls = el => /(auto|scroll)/.test(getComputedStyle(el).overflowY);
  const box = el => {
    for (let a = el.parentElement; a; a = a.parentElement)
      if (getComputedStyle(a).display !== 'contents') return a;
    return null;
  };
  const scroller = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (scrolls(a) && a.scrollHeight > a.clientHeight) return a;
    return null;
  };
  const lines = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = [];
    for (const r of range.getClientRects()) {
      if (r.width < 1) continue;
      if (!tops.some(t => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
    }
    return tops.length;
  };
  const px = v => Math.round(v);
  const E = 1.5;
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  for (const el of document.querySelectorAll(sel)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (el.clientWidth && el.scrollWidth > el.clientWidth + 1)
      out.push(`${say(el)}: content ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
    if (el.clientHeight && el.scrollHeight > el.clientHeight + 1 && !scrolls(el))
      out.push(`${say(el)}: content ${el.scrollHeight}px high in a ${el.clientHeight}px box`);
    const own = ['absolute', 'fixed', 'sticky'].includes(cs.position);
    const p = box(el);
    if (p && !own && el.tagName !== 'DIALOG') {
      const q = p.getBoundingClientRect();
      if (r.left < q.left - E || r.right > q.right + E || r.top < q.top - E || r.bottom > q.bottom + E)
        out.push(`${say(el)} [${px(r.left)},${px(r.top)} ${px(r.width)}x${px(r.height)}] sticks out of ` +
                 `${say(p)} [${px(q.left)},${px(q.top)} ${px(q.width)}x${px(q.height)}]`);
    }
    const s = scroller(el);
    const lim = s ? s.getBoundingClientRect() : {left: 0, right: vw, top: 0, bottom: vh};
    if (r.left < lim.left - E || r.right > lim.right + E || (!s && (r.top < -E || r.bottom > vh + E)))
      out.push(`${say(el)} [${px(r.left)},${px(r.top)} ${px(r.width)}x${px(r.height)}] is outside the ` +
               (s ? `scrolling ${say(s)}` : `viewport ${vw}x${vh}`));
  }
  if (oneLine) for (const el of document.querySelectorAll(oneLine))
    if (shown(el) && lines(el) > 1) out.push(`${say(el)} wraps onto ${lines(el)} lines`);
  if (twoLines) for (const el of document.querySelectorAll(twoLines))
    if (shown(el) && lines(el) > 2) out.push(`${say(el)} takes ${lines(el)} lines`);
  for (const [a, b] of apart) for (const x of document.querySelectorAll(a)) for (const y of document.querySelectorAll(b)) {
    if (!shown(x) || !shown(y)) continue;
    const r = x.getBoundingClientRect(), q = y.getBoundingClientRect();
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left), h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 2 && h > 2) out.push(`${say(x)} covers ${say(y)} (${px(w)}x${px(h)} px)`);
  }
  for (const m of must) {
    const el = document.querySelector(m);
    if (!el || !shown(el) || !(el.innerText || '').trim()) out.push(`${m} is not shown`);
    else {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > vh || r.left < 0 || r.right > vw) out.push(`${say(el)} is off the screen`);
    }
  }
  // The roll hint's words stay inside their dashed box on the board.
  for (const g of document.querySelectorAll('#board-svg .roll-hint')) {
    const t = g.querySelector('text'), b = g.querySelector('rect');
    if (!t || !b) continue;
    const r = t.getBoundingClientRect(), q = b.getBoundingClientRect();
    if (r.left < q.left || r.right > q.right || r.top < q.top || r.bottom > q.bottom)
      out.push(`the roll hint "${t.textContent}" (${px(r.width)}px wide) is outside its box (${px(q.width)}px)`);
  }
  return out;
}"""

PANEL = "#panel button, #panel .card, #panel .card > span, #panel .status, #panel .match-info, #panel .clocks"
PANEL_LINES = "#panel .card .name, #panel .card .pips, #panel .match-info"
DIALOG = ("dialog#dialog, dialog#dialog :is(button, select, input, label, legend, h2, h3, p, li, small, "
          "fieldset, nav, nav a, .dlg-buttons)")


def check(page, where: str, found: list[str], sel: str = PANEL + ", " + DIALOG, apart=()) -> None:
    """Add the offenders of the page's state now to ``found``, each prefixed with ``where``."""
    shots = os.environ.get("TAVLI_LAYOUT_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / f"{where.replace(' ', '_')}.png"))
    bad = page.evaluate(OFFENDERS, {"sel": sel, "oneLine": PANEL_LINES, "must": ["#panel .match-info"],
                                    "twoLines": "#panel button, dialog#dialog button", "apart": list(apart)})
    found.extend(f"{where}: {b}" for b in bad)


# Whether the rules section of a game is at the top of the open dialog (or where it is).
AT_TOP = """(game) => {
  const d = document.querySelector('dialog#dialog'), s = d.querySelector(`#rules-${game}`);
  if (!s) return 'no section';
  const top = s.getBoundingClientRect().top - d.getBoundingClientRect().top;
  return (top >= 0 && top < 80) || `its top is ${Math.round(top)}px below the dialog's`;
}"""


def dialog(page) -> str:
    return page.evaluate("document.body.dataset.dialog || ''")


def set_language(page, lang: str, where: str, found: list[str]) -> None:
    page.click("#panel button[data-action=options]")
    page.select_option("dialog [data-opt=language]", lang)
    page.wait_for_function(f"document.documentElement.lang === {lang!r}")
    check(page, f"{where} options", found)
    page.click("dialog button[data-action=close]")
    assert dialog(page) == ""


def start_is_reachable(page, where: str, found: list[str]) -> None:
    """The Start button of the new-match screen shows without scrolling (a footer that stays in
    view), and can be clicked once scrolled into view."""
    hit = """() => {
      const b = document.querySelector('dialog button[data-action=start]');
      const r = b.getBoundingClientRect();
      const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > vw || y > vh) return false;
      const at = document.elementFromPoint(x, y);
      return !!at && (at === b || b.contains(at));
    }"""
    if not page.evaluate(hit):
        found.append(f"{where}: the Start button is out of sight when the screen opens")
    page.locator("dialog button[data-action=start]").scroll_into_view_if_needed()
    if not page.evaluate(hit):
        found.append(f"{where}: the Start button cannot be clicked even scrolled into view")


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def browser_context_args(browser_context_args: dict, request) -> dict:
    return {**browser_context_args, **SIZES[request.param]}


def test_nothing_is_clipped_and_everything_is_reachable(page, browser_context_args):
    from tavli.games.base import Outcome

    size = next(k for k, v in SIZES.items() if v["viewport"] == browser_context_args["viewport"])
    boot(page, QUERY)
    ctl = mirror(QUERY)
    found: list[str] = []
    for lang in LANGS:
        at = f"{size} {lang}"
        set_language(page, lang, at, found)
        assert phase(page) == "opening"
        check(page, f"{at} opening", found)
        # The opening roll's winner plays; the other player is on roll (the opening roll in the status).
        play_turn(page, ctl)
        assert phase(page) == "roll"
        check(page, f"{at} panel", found)

        page.click("#panel button[data-action=new-match]")
        page.select_option("dialog select[name=game]", "tavli")  # Plakoto's and Fevga's options too
        page.wait_for_selector("dialog .fevga-options:not([hidden])")
        check(page, f"{at} new-match", found)
        start_is_reachable(page, f"{at} new-match", found)
        page.click("dialog button[data-action=cancel]")

        page.click("#panel button[data-action=rules]")
        check(page, f"{at} rules", found)
        page.click("dialog button[data-action=close]")

        page.click("#panel button[data-action=resign-match]")
        check(page, f"{at} resign-match", found)
        page.click("dialog button[data-action=cancel]")

        page.click("#panel button[data-action=resign]")
        assert dialog(page) == "resign"
        check(page, f"{at} resign", found)
        page.click("dialog button[data-action=resign-single]")
        ctl.offer_resign(Outcome.SINGLE)
        assert dialog(page) == "answer"
        check(page, f"{at} answer", found)
        page.click("dialog button[data-action=refuse]")
        ctl.refuse()

        page.click("#panel button[data-action=double]")
        ctl.double()
        assert dialog(page) == "cube"
        check(page, f"{at} cube", found)
        page.click("dialog button[data-action=drop]")
        ctl.drop()
        assert phase(page) == "game-over"
        page.wait_for_selector("#toast.show")
        page.wait_for_function("document.querySelector('#toast').getAnimations().length === 0")  # slid in
        check(page, f"{at} game-over", found, PANEL + ", #toast, .announce, .announce > *",
              apart=[("#toast", "#panel .card"), (".announce", "#board-svg .checker"), (".announce", "#panel .card"),
                     (".announce", "#board"), (".announce", "#panel button")])
        page.click(".announce")
        ctl.next_game()
        assert phase(page) == "opening"
    page.click("#panel button[data-action=resign-match]")
    page.click("dialog button[data-action=resign-match]")
    assert wait_turn(page) == "match-over"
    check(page, f"{size} en match-over", found, PANEL + ", .announce, .announce > *",
          apart=[(".announce", "#board-svg .checker"), (".announce", "#panel .card"), (".announce", "#board"),
                 (".announce", "#panel button")])

    # A Plakoto match against the computer: its name on the card, the game in the match line,
    # and the rules open at Plakoto's section.
    page.click(".announce")
    page.check("dialog input[name=mode][value=cpu]")
    page.select_option("dialog select[name=game]", "plakoto")
    page.wait_for_selector("dialog .plakoto-options:not([hidden])")
    page.click("dialog button[data-action=start]")
    page.wait_for_function("document.body.dataset.variant === 'plakoto' && !document.body.dataset.dialog")
    for lang in LANGS:
        set_language(page, lang, f"{size} {lang} plakoto", found)
        check(page, f"{size} {lang} plakoto panel", found)
        page.click("#panel button[data-action=rules]")
        check(page, f"{size} {lang} plakoto rules", found)
        at_top = page.evaluate(AT_TOP, "plakoto")
        if at_top is not True:
            found.append(f"{size} {lang}: the rules do not open at Plakoto ({at_top})")
        page.click("dialog .rules-toc a[href='#rules-fevga']")
        page.wait_for_function(f"({AT_TOP})('fevga') === true")
        page.click("dialog button[data-action=close]")

    # A match with Blitz clocks: both clocks with their digits, and the panel still fits.
    page.click("#panel button[data-action=new-match]")
    page.select_option("dialog select[name=game]", "portes")
    page.check("dialog input[name=clock][value=blitz]")
    page.click("dialog button[data-action=start]")
    page.wait_for_function("document.querySelectorAll('#panel .clock .t-bank').length === 2 && !document.body.dataset.dialog")
    for lang in LANGS:
        set_language(page, lang, f"{size} {lang} clocks", found)
        check(page, f"{size} {lang} clocks panel", found, PANEL + ", #panel .clock, #panel .clock .digits")
    assert not found, "layout faults:\n  " + "\n  ".join(found)
