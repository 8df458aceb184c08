"""What the page keeps in localStorage: the options across visits (unreadable ones fall back to the
defaults field by field, without an error), and the match in progress, exactly, through a
reload in the middle of a turn; a save that cannot be read is reported once and set aside."""

from __future__ import annotations

import json

from e2e.board_hooks import counts, expected, mirror, phase, spot, wait_turn
from e2e.helpers import boot, settle


def reload(page) -> None:
    settle(page)  # the computer's data fetched: a reload would abort it
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'",
                           timeout=90_000)
    assert phase(page) != "error"


def test_options_are_kept_and_bad_ones_ignored(page):
    boot(page, "seed=3&anim=0")
    page.click("#panel button[data-action=options]")
    assert page.evaluate("document.body.dataset.dialog") == "options"
    page.check("dialog [data-opt=basic]")
    page.check("dialog [data-opt=auto_bearoff]")
    page.select_option("dialog [data-opt=home]", "left")
    # Applied at once, mid-game.
    assert page.evaluate("document.body.classList.contains('basic') && document.body.classList.contains('home-left')")
    page.keyboard.press("Escape")
    assert page.evaluate("document.body.dataset.dialog") == ""
    reload(page)
    assert page.evaluate("document.body.classList.contains('basic') && document.body.classList.contains('home-left')")
    page.click("#panel button[data-action=options]")
    assert page.is_checked("dialog [data-opt=basic]") and page.is_checked("dialog [data-opt=auto_bearoff]")
    assert not page.is_checked("dialog [data-opt=auto_roll]")
    page.click("dialog button[data-action=close]")

    # Damaged and foreign values: each bad field falls back to its default, the good ones stay.
    page.evaluate("""localStorage.setItem('tavli.prefs', JSON.stringify({format: 'tavli-prefs',
        view: {basic: 'yes', home_left: true, anim_speed: 'fast', auto_roll: 7},
        sound: 3, language: 'xx', new_match: {length: 99, mode: 'robot'}}))""")
    reload(page)
    assert page.evaluate("document.body.classList.contains('home-left')")
    assert not page.evaluate("document.body.classList.contains('basic')")
    page.evaluate("localStorage.setItem('tavli.prefs', '{not json at all')")
    reload(page)
    assert not page.evaluate("document.body.classList.contains('home-left')")
    assert page.locator("#panel button[data-action=roll]").is_visible()


def test_a_match_survives_a_reload_mid_turn(page):
    query = "seed=23&anim=0&clickdice=1&mode=pvp&length=5&clock=standard"
    boot(page, query)
    ctl = mirror(query)
    page.click("#panel button[data-action=roll]")
    ctl.roll()
    page.mouse.click(*spot(page, 8))  # one checker of the opening roll: the turn is half played
    ctl.click(8)
    wait_turn(page)
    assert counts(page) == expected(ctl)
    before = page.evaluate("""() => ({
        dice: [...document.querySelectorAll('#board-svg [data-die]')].map(d => d.dataset.die + (d.classList.contains('used') ? 'u' : '')),
        status: document.getElementById('status').textContent,
        scores: [...document.querySelectorAll('.card .score')].map(e => e.textContent),
        cube: document.querySelector('[data-cube]')?.dataset.cube,
        undo: !document.querySelector('#panel button[data-action=undo]').disabled,
        bank: [...document.querySelectorAll('.clock')].map(e => +e.dataset.bank),
        move: [...document.querySelectorAll('.clock')].map(e => +e.dataset.move),
    })""")
    saved = json.loads(page.evaluate("localStorage.getItem('tavli.match')"))
    assert saved["state"]["moves"], "the half-played turn is in the save"
    reload(page)
    assert phase(page) == "move"
    assert counts(page) == expected(ctl)
    after = page.evaluate("""() => ({
        dice: [...document.querySelectorAll('#board-svg [data-die]')].map(d => d.dataset.die + (d.classList.contains('used') ? 'u' : '')),
        status: document.getElementById('status').textContent,
        scores: [...document.querySelectorAll('.card .score')].map(e => e.textContent),
        cube: document.querySelector('[data-cube]')?.dataset.cube,
        undo: !document.querySelector('#panel button[data-action=undo]').disabled,
        bank: [...document.querySelectorAll('.clock')].map(e => +e.dataset.bank),
        move: [...document.querySelectorAll('.clock')].map(e => +e.dataset.move),
    })""")
    for key in ("dice", "status", "scores", "cube", "undo", "bank"):
        assert after[key] == before[key], key
    # The move timer went on from where it was (no fresh 15 s), give or take the reload's seconds.
    assert min(after["move"]) <= min(before["move"]) + 0.2
    # The turn goes on: undo takes back the move made before the reload.
    page.click("#panel button[data-action=undo]")
    ctl.undo()
    assert counts(page) == expected(ctl)


def test_an_unreadable_save_is_reported_once_and_set_aside(page):
    boot(page, "seed=5&anim=0")
    # Damage the save while the game is not open (the page saves on leaving): in the next page,
    # before its scripts run, once. (Not from another file of the site: once the service worker
    # controls the page, that file's request for /favicon.ico bypasses page.route and fails.)
    page.add_init_script("""if (!sessionStorage.getItem('damaged')) {
        sessionStorage.setItem('damaged', '1');
        localStorage.setItem('tavli.match', '{"format": "tavli-match", "broken": ');
    }""")
    boot(page, "seed=5&anim=0")
    assert page.evaluate("document.body.dataset.dialog") == "notice"
    assert page.locator("dialog#dialog").is_visible()
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavli.match.corrupt.'))")
    assert len(kept) == 1
    assert page.evaluate(f"localStorage.getItem('{kept[0]}')").startswith('{"format": "tavli-match"')
    page.click("dialog button[data-action=close]")
    assert phase(page) == "opening"
    reload(page)
    assert page.evaluate("document.body.dataset.dialog") == ""  # reported once
