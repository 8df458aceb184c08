"""The match's dialogs in the page: the cube offered, taken and dropped; a game resigned, refused,
then resigned higher and accepted; the match resigned; the computer answering a double. Each path
is checked against a CPython mirror of the same seeded match, the score included."""

from __future__ import annotations

from e2e.board_hooks import catch_up, mirror, phase, play_turn, wait_turn
from e2e.helpers import boot

PVP = "seed=7&anim=0&mode=pvp&length=9"


def dialog(page) -> str:
    return page.evaluate("document.body.dataset.dialog || ''")


def scores(page) -> list[int]:
    return [int(page.locator(f".card.player-{p} .score").inner_text()) for p in (0, 1)]


def test_pass_and_play_double_take_redouble_drop_resign_and_resign_match(page):
    boot(page, PVP)
    ctl = mirror(PVP)
    assert dialog(page) == ""  # the URL names the match: no new-match screen
    play_turn(page, ctl)  # the opening roll's winner plays; the other player is on roll
    assert phase(page) == "roll"

    # Double: the other player is asked in a dialog, with the stakes; Escape does not dodge it.
    page.click("#panel button[data-action=double]")
    ctl.double()
    assert dialog(page) == "cube" and phase(page) == "cube"
    box = page.locator("dialog#dialog")
    assert box.is_visible() and "4" not in box.locator(".stakes").inner_text().split(":")[0]
    assert "2" in box.inner_text()
    page.keyboard.press("Escape")
    assert dialog(page) == "cube" and box.is_visible()
    page.click("dialog button[data-action=take]")
    ctl.take()
    assert phase(page) == "roll" and dialog(page) == ""
    assert page.locator("[data-cube]").first.get_attribute("data-cube") == "2"

    # The doubler plays; the taker redoubles to 4 and the doubler drops: the taker wins 2.
    play_turn(page, ctl)
    taker = ctl.match.game.on_roll
    page.click("#panel button[data-action=double]")
    ctl.double()
    page.click("dialog button[data-action=drop]")
    ctl.drop()
    assert phase(page) == "game-over"
    assert scores(page) == ctl.match.scores and ctl.match.scores[taker] == 2
    assert page.locator("#toast").inner_text()  # the answer is shown

    # Next game: the player on roll resigns a single; it is refused; he offers a gammon; accepted.
    page.click(".announce")
    ctl.next_game()
    play_turn(page, ctl)
    resigner = ctl.match.game.on_roll
    page.click("#panel button[data-action=resign]")
    assert dialog(page) == "resign"
    page.keyboard.press("Escape")  # cancelling is allowed here
    assert dialog(page) == "" and phase(page) == "roll"
    page.click("#panel button[data-action=resign]")
    page.click("dialog button[data-action=resign-single]")
    from tavli.games.base import Outcome

    ctl.offer_resign(Outcome.SINGLE)
    assert phase(page) == "resign" and dialog(page) == "answer"
    page.click("dialog button[data-action=refuse]")
    ctl.refuse()
    assert phase(page) == "roll" and dialog(page) == ""
    page.click("#panel button[data-action=resign]")
    assert page.locator("dialog button[data-action=resign-single]").count() == 0  # refused: only higher now
    page.click("dialog button[data-action=resign-gammon]")
    ctl.offer_resign(Outcome.GAMMON)
    page.click("dialog button[data-action=accept]")
    ctl.accept()
    assert phase(page) == "game-over"
    assert scores(page) == ctl.match.scores and ctl.match.scores[1 - resigner] == (2 if 1 - resigner != taker else 4)

    # Resign the match: a confirmation first (cancel keeps playing), then the match is lost.
    page.click(".announce")
    ctl.next_game()
    page.click("#panel button[data-action=resign-match]")
    assert dialog(page) == "resign-match"
    page.click("dialog button[data-action=cancel]")
    assert phase(page) == "opening"
    page.click("#panel button[data-action=resign-match]")
    page.click("dialog button[data-action=resign-match]")
    ctl.resign()
    assert wait_turn(page) == "match-over"
    assert scores(page) == ctl.match.scores
    assert ctl.names[ctl.match.winner] in page.locator(".announce").inner_text()


def test_the_computer_answers_a_double(page):
    query = "seed=11&anim=0&length=7"
    boot(page, query)
    ctl = mirror(query)
    for _ in range(12):
        ph = wait_turn(page)
        catch_up(ctl)
        assert ph == ctl.page_phase()
        if ph == "roll" and ctl.match.can_double():
            break
        play_turn(page, ctl)
    else:
        raise AssertionError("no turn where the cube could be offered")
    page.click("#panel button[data-action=double]")
    ctl.double()
    ph = wait_turn(page)
    catch_up(ctl)
    assert ph == ctl.page_phase()
    answer = page.locator("#toast").inner_text()
    if ctl.match.phase == "game-over":
        assert "drops" in answer and scores(page) == ctl.match.scores == [1, 0]
    else:
        assert "takes" in answer and ctl.match.cube == 2
        assert page.locator("[data-cube]").first.get_attribute("data-cube") == "2"
