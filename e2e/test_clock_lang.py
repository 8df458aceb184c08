"""The clock bars on a sped-up clock (``?clockspeed=``): the Standard bank grows after a quick turn,
the bar drains, flashes near zero and the flag ends the match; a Blitz flag lets the opponent
claim the game. And the interface changes language without a reload."""

from __future__ import annotations

from e2e.board_hooks import mirror, phase, spot, wait_turn
from e2e.helpers import boot


def bars(page) -> dict[int, dict]:
    return {int(e["player"]): e for e in page.evaluate("""[...document.querySelectorAll('.clock')].map(e => ({
        player: e.dataset.player, move: +e.dataset.move, bank: +e.dataset.bank,
        running: e.classList.contains('running'), warning: e.classList.contains('warning'),
        green: e.querySelector('.move').style.width, orange: e.querySelector('.bank').style.width}))""")}


def test_standard_clock_bank_grows_then_drains_flashes_and_flags(page):
    query = "seed=23&anim=0&mode=pvp&length=3&clock=standard&clockspeed=3"
    boot(page, query)
    ctl = mirror(query)
    assert page.locator(".clocks .clock").count() == 2
    page.click("#panel button[data-action=roll]")
    ctl.roll()
    first = ctl.match.game.on_roll
    # A quick turn: the opening 3-1 made with one right-click (8/5 6/5); bonus = 5 s * unused part.
    page.mouse.click(*spot(page, 5), button="right")
    ctl.right_click(5)
    assert phase(page) == "roll"
    bank = bars(page)[first]["bank"]
    assert 20 < bank <= 25, bank
    # The other player waits: the green move timer drains first, then the orange bank.
    other = 1 - first
    page.wait_for_function(f"+document.querySelector('.clock[data-player=\"{other}\"]').dataset.move < 14")
    b = bars(page)[other]
    assert b["running"] and b["bank"] == 20.0 and b["green"] != "40.00%"
    page.wait_for_function(f"document.querySelector('.clock[data-player=\"{other}\"]').classList.contains('warning')",
                           timeout=30_000)
    assert bars(page)[other]["bank"] <= 5
    page.wait_for_function("document.body.dataset.phase === 'match-over'", timeout=30_000)
    assert page.locator(".announce").is_visible()
    # The flagged player loses the match: the other reaches the target.
    assert int(page.locator(f".card.player-{first} .score").inner_text()) == 3
    assert int(page.locator(f".card.player-{other} .score").inner_text()) == 0


def test_blitz_timeout_is_claimed(page):
    query = "seed=23&anim=0&mode=pvp&length=5&clock=blitz&clockspeed=40"
    boot(page, query)
    page.click("#panel button[data-action=roll]")
    # Nobody moves: 11 s + 90 s of reserve run out in about 2.5 s.
    page.wait_for_selector("#panel button[data-action=claim]", timeout=30_000)
    assert phase(page) == "move"  # the flagged player may play on until the claim
    page.click("#panel button[data-action=claim]")
    wait_turn(page)
    assert phase(page) == "game-over"
    total = sum(int(page.locator(f".card.player-{p} .score").inner_text()) for p in (0, 1))
    assert total == 2  # a win on time counts as a gammon
    assert "time" in page.locator(".announce").inner_text()


def test_language_switches_without_a_reload(page):
    boot(page, "seed=3&anim=0")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#panel button[data-action=roll]").inner_text() == "Roll"
    page.evaluate("window.__stay = 1")  # gone if the page reloads
    page.click("#panel button[data-action=options]")
    page.select_option("dialog [data-opt=language]", "el")
    assert page.locator("#panel button[data-action=roll]").inner_text() == "Ζαριά"
    assert page.locator("dialog h2").inner_text() == "Επιλογές"  # the open menu speaks it too
    page.select_option("dialog [data-opt=language]", "bg")
    assert page.locator("#panel button[data-action=roll]").inner_text() == "Хвърли"
    assert page.evaluate("document.documentElement.lang") == "bg"
    page.click("dialog button[data-action=close]")
    page.click("#panel button[data-action=rules]")
    assert page.locator("dialog .rules h2").inner_text().startswith("Правила")
    page.keyboard.press("Escape")
    assert page.evaluate("window.__stay") == 1
    # Every button on the page speaks Bulgarian now (no English left over).
    texts = page.locator("#panel button").all_inner_texts()
    assert texts and not any(t in ("Roll", "Double", "Undo", "Options", "Rules", "New match") for t in texts)
