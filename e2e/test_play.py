"""Whole games in the page, played as a person would (clicks, drags, the Roll button), checked
step by step against a CPython mirror of the same seeded match."""

from __future__ import annotations

from e2e.board_hooks import catch_up, counts, drag, expected, mirror, phase, spot, wait_turn
from e2e.helpers import boot


def _human_turn(page, ctl, turn_no: int, last_click: list) -> None:
    """One gesture of the person on move: click or drag the first checker that can move."""
    movable = [p for p in range(25, -1, -1) if ctl.movable(p)]
    assert movable, "the page waits for a move although none is possible"
    point = movable[(turn_no // 2) % len(movable)] if turn_no % 3 else movable[0]
    owner = 0 if ctl.match.game.on_roll == ctl.bottom else 1
    if turn_no % 2 == 0 and last_click[0] != point:
        page.mouse.click(*spot(page, point, owner))
        ctl.click(point)
        last_click[0] = point
    else:
        target = ctl.targets(point)[0]  # the farthest... any legal target will do
        drag(page, spot(page, point, owner), spot(page, target))
        ctl.drag(point, target)
        last_click[0] = None


def play_until(page, ctl, stop: tuple[str, ...], limit: int = 600) -> str:
    """Play the person's side until the page reaches one of the ``stop`` phases."""
    last_click = [None]
    for n in range(limit):
        ph = wait_turn(page)
        catch_up(ctl)
        assert ph == ctl.page_phase(), f"page at {ph}, mirror at {ctl.page_phase()}"
        assert counts(page) == expected(ctl)
        if ph in stop:
            return ph
        if ph in ("opening", "roll"):
            page.click("button[data-action=roll]")
            ctl.roll()
        elif ph == "move":
            _human_turn(page, ctl, n, last_click)
        elif ph == "cube":
            page.click("button[data-action=take]")
            ctl.take()
        elif ph == "resign":
            page.click("button[data-action=accept]")
            ctl.accept()
        else:
            raise AssertionError(f"unexpected phase {ph}")
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_computer(page):
    query = "seed=13&anim=0&length=2"  # the first game ends with a single: game-over, then a second game
    boot(page, query)
    ctl = mirror(query)
    end = play_until(page, ctl, ("game-over", "match-over"))
    announce = page.locator(".announce").inner_text()
    result = ctl.match.result
    assert ctl.names[result.winner] in announce
    assert any(word in announce for word in ("single game", "gammon", "backgammon"))
    scores = [int(page.locator(f".card.{w} .score").inner_text()) for w in ("bottom", "top")]
    assert scores == ctl.match.scores
    if end == "game-over":
        # The next game starts on a click; then resigning ends the match, and the final score shows.
        page.click(".announce")
        ctl.next_game()
        assert wait_turn(page) == "opening"
        assert counts(page) == expected(ctl)
        page.click("#panel button[data-action=resign-match]")
        assert phase(page) == "opening"  # a dialog asks first
        page.click("dialog button[data-action=resign-match]")
        ctl.resign()
    assert wait_turn(page) == "match-over"
    assert "wins the match" in page.locator(".announce").inner_text()
    assert page.locator("button[data-action=new-match]").is_enabled()
    page.click("button[data-action=new-match]")
    assert page.evaluate("document.body.dataset.dialog") == "new-match"
    page.click("dialog button[data-action=start]")
    assert wait_turn(page) == "opening"
    assert page.locator(".card.bottom .score").inner_text() == "0"


def test_pass_and_play_turns_the_board(page):
    query = "seed=23&anim=0&mode=pvp"
    boot(page, query)
    ctl = mirror(query)
    assert page.locator(".card.top .name").inner_text() == "Player 2"
    page.click("button[data-action=roll]")
    ctl.roll()  # player 1 (at the bottom) starts with 3-1
    assert phase(page) == "move"
    assert page.locator("#board-svg [data-owner='0'][data-player='0']").count() == 15
    page.mouse.click(*spot(page, 5), button="right")  # 8/5 6/5 ends the turn
    ctl.right_click(5)
    assert wait_turn(page) == "roll"
    # Player 2 is on roll: the board has turned, his checkers are at the bottom now.
    assert page.locator("#board-svg [data-owner='0'][data-player='1']").count() == 15
    assert page.locator(".card.bottom .name").inner_text() == "Player 2"
    assert counts(page) == expected(ctl)
    page.click("button[data-action=roll]")
    ctl.roll()
    ph = wait_turn(page)
    if ph == "move":
        point = next(p for p in range(25, 0, -1) if ctl.movable(p))
        page.mouse.click(*spot(page, point))
        ctl.click(point)
    wait_turn(page)
    catch_up(ctl)
    assert counts(page) == expected(ctl)


def test_pass_and_play_can_keep_the_board_still(page):
    query = "seed=2&anim=0&mode=pvp&turn=0"
    boot(page, query)
    ctl = mirror(query)
    page.click("button[data-action=roll]")
    ctl.roll()  # player 2 (at the top) starts: he moves the top checkers
    assert ctl.match.game.on_roll == 1
    assert page.locator("#board-svg [data-owner='0'][data-player='0']").count() == 15
    point = next(p for p in range(1, 26) if ctl.movable(p))
    page.mouse.click(*spot(page, point, owner=1))
    ctl.click(point)
    assert counts(page) == expected(ctl)
