"""Online play in the real page (issue 18): two browser contexts (the host's and the guest's
browsers, nothing shared) play through the local relay (e2e/relay.py). The host chooses "A friend
online" on the new-match screen and invites; the guest opens the invitation link, reads the terms
and joins; then each page plays its own seat (at the bottom) by clicks, the friend's actions
arriving through the session.

* A 3-point Portes match played to its end, with a double taken and one dropped.
* A Plakoto game.
* The hostile peer (``window.tavliOnlineTamper`` changes what the guest sends): a changed die, an
  illegal move, a withheld reveal: the victim's page says why, the match kept as it was.
* A reconnection mid-turn: the guest reloads; the match goes on where it was.
* The friend away past the grace period (``?onlinegrace=4``): claimed, and he learns it on his return.
* An online match whose session is gone (left, dropped): shown from the person's own seat.
* The lobby and the online line at 390x844 and 844x390, in Greek: nothing clipped.
"""

from __future__ import annotations

import json
import re

import pytest

from e2e.board_hooks import counts, spot
from e2e.helpers import PageLog, boot
from e2e.relay import relay_prefs_script

CONNECT_MS = 45_000
TURN_MS = 45_000


def _watch(page, log: PageLog) -> None:
    page.on("console", lambda msg: log.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: log.page_errors.append(str(err)))
    page.on("requestfailed", lambda req: log.failed_requests.append(f"{req.url} ({req.failure})"))


@pytest.fixture
def players(browser, site_url, relay_url):
    """``players(**prefs)``: the host's and the guest's pages (each its own browser context, the
    local relay in its options, no animation), failing the test on a console error, a page error
    or a failed request."""
    contexts, log = [], PageLog()
    # A connection closed with its browser context at the end of a test: WebRTC says so.
    log.allow(r"Trystero peer error: OperationError: User-Initiated Abort, reason=Close called")

    def make(context_args=None, **prefs):
        pages = []
        for _ in range(2):
            context = browser.new_context(base_url=site_url, **(context_args or {"viewport": {"width": 1280, "height": 800}}))
            contexts.append(context)
            page = context.new_page()
            _watch(page, log)
            page.add_init_script(relay_prefs_script(relay_url, view={"anim_speed": 0}, **prefs))
            pages.append(page)
        return pages

    yield make
    for context in contexts:
        context.close()
    assert not log.problems(), log.problems()


def online(page) -> str:
    return page.evaluate("document.body.dataset.online || ''")


def invite(host, guest, *, game: str = "portes", length: str = "3", clock: str = "off", name: str = "Anna",
           guest_name: str = "Boris", lobbies=None, query: str = "") -> None:
    """The host sets up the match and invites; the guest opens the link and joins (``lobbies(page,
    role)``: called on each lobby as it stands before the guest joins). ``query``: the host's page
    parameters (the invitation's link carries them to the guest)."""
    boot(host, "&".join(q for q in ("clockspeed=20" if clock != "off" else "", query) if q))
    host.wait_for_function("document.body.dataset.dialog === 'new-match'")
    host.check("input[name=mode][value=online]")
    host.wait_for_selector("button[data-action=invite]")
    host.select_option("select[name=game]", game)
    host.wait_for_selector(f"form.nm[data-game={game}]")
    host.select_option("select[name=length]", length)
    host.check(f"input[name=clock][value={clock}]")
    host.fill("input[name=name0]", name)
    host.click("button[data-action=invite]")
    host.wait_for_function("document.body.dataset.dialog === 'online'")
    assert online(host) == "lobby"
    url = host.input_value("[data-invite]")
    assert "#play=" in url
    guest.add_init_script(f"""(() => {{ const p = JSON.parse(localStorage.getItem('tavli.prefs'));
        p.new_match = {{names: [{json.dumps(guest_name)}, '']}}; localStorage.setItem('tavli.prefs', JSON.stringify(p)); }})()""")
    path = url[url.index("/", 8):]
    boot(guest, base=path.replace("#", f"?{query}#", 1) if query else path)
    guest.wait_for_function("document.body.dataset.dialog === 'online'")
    guest.wait_for_selector("button[data-action=online-join]:not([disabled])", timeout=CONNECT_MS)
    assert name in guest.inner_text(".dlg-online")
    host.wait_for_selector(".lobby-state[data-lobby=here]", timeout=CONNECT_MS)
    assert guest_name in host.inner_text(".dlg-online")
    if lobbies is not None:
        lobbies(host, "host")
        lobbies(guest, "guest")
    guest.click("button[data-action=online-join]")
    for page in (host, guest):
        page.wait_for_function("['play', 'waiting'].includes(document.body.dataset.online)", timeout=CONNECT_MS)
        page.wait_for_function("document.body.dataset.dialog === ''")


def my_turn(page) -> bool:
    """Whether the person on ``page`` is to act (or the host may start the next game)."""
    return page.evaluate("""(() => { const d = document.body.dataset;
        return d.busy !== '1' && (d.online === 'play' || d.phase === 'game-over'); })()""")


def wait_any(pages, test, timeout_ms: int = TURN_MS) -> int:
    """The index of the first page for which ``test(page)`` holds, looking at each in turn (the
    pages are in two browsers: no one page can wait for the other)."""
    for _ in range(timeout_ms // 100):
        for i, page in enumerate(pages):
            if test(page):
                return i
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"no page came to {test.__name__}: {[online(p) for p in pages]}")


def move(page) -> None:
    """Play the whole roll on the board by clicks (own checkers: at the bottom), as a person does."""
    last = None
    for _ in range(8):
        if page.evaluate("document.body.dataset.phase") != "move" or online(page) != "play":
            return
        before = counts(page)
        for point in sorted((p for (owner, p), n in before.items() if owner == 0 and p != 0), reverse=True):
            if point == last:
                page.wait_for_timeout(450)  # not a double-click (web/browser/board_events.py)
            page.mouse.click(*spot(page, point, 0))
            last = point
            if counts(page) != before:
                break
        else:
            return  # nothing movable: the pass goes by itself


def step(page, who: int, *, double: bool = False, answer: str = "take") -> str:
    """One action of the person on ``page``: roll (or double), play, answer a double; the host
    starts the next game."""
    ph = page.evaluate("document.body.dataset.phase")
    if ph == "roll":
        if double and page.is_enabled("#panel button[data-action=double]"):
            page.click("#panel button[data-action=double]")
            return "double"
        page.click("#panel button[data-action=roll]")
        return "roll"
    if ph == "move":
        move(page)
        return "move"
    if ph == "cube":
        page.click(f"dialog button[data-action={answer}]")
        return answer
    if ph == "game-over" and who == 0:
        page.click("#panel button[data-action=next-game]")
        page.wait_for_function("document.body.dataset.phase !== 'game-over'")
        return "next"
    return ""


def play_until(pages, done, *, plan=None, limit: int = 600) -> list[tuple[int, str]]:
    """Both persons play, whoever is to act, until ``done()``; ``plan(who, log)`` gives the keyword
    arguments of :func:`step`. The actions made, in order."""
    log: list[tuple[int, str]] = []
    for _ in range(limit):
        if done():
            return log
        who = wait_any(pages, lambda p: my_turn(p) or done())
        if done():
            return log
        did = step(pages[who], who, **(plan(who, log) if plan is not None else {}))
        if did:
            log.append((who, did))
        elif who == 1:  # the guest at a game's end: the host starts the next one
            did = step(pages[0], 0)
            log.append((0, did))
    raise AssertionError(f"not done after {limit} actions: {log[-10:]}")


def mirrored(host, guest) -> bool:
    """Both pages show the same checkers: the guest's board is the host's seen from the other side."""
    a, b = counts(host), counts(guest)
    return {(1 - side, p if p in (0, 25) else 25 - p): n for (side, p), n in a.items()} == b


def both_over(host, guest):
    def done() -> bool:
        return online(host) == "over" and online(guest) == "over"
    return done


def test_a_three_point_portes_match_with_a_double_dropped_and_one_taken(players):
    host, guest = players()
    invite(host, guest)
    assert host.evaluate("document.body.dataset.variant") == "portes"
    assert mirrored(host, guest)

    def plan(who, log):
        # The host doubles at his first chance and the guest drops; then the guest doubles and
        # the host takes.
        doubles = sum(1 for _, a in log if a == "double")
        answer = "drop" if doubles == 1 else "take"
        return {"double": (doubles, who) in ((0, 0), (1, 1)), "answer": answer}

    log = play_until((host, guest), both_over(host, guest), plan=plan)
    assert [a for _, a in log if a in ("take", "drop")][:2] == ["drop", "take"]
    for page in (host, guest):
        assert page.evaluate("document.body.dataset.phase") == "match-over"
    scores = [p.eval_on_selector_all(".score", "els => els.map(e => +e.dataset.score).sort()") for p in (host, guest)]
    assert scores[0] == scores[1] and max(scores[0]) >= 3
    assert mirrored(host, guest)


def test_a_plakoto_game(players):
    host, guest = players()
    invite(host, guest, game="plakoto", length="1")
    assert guest.evaluate("document.body.dataset.variant") == "plakoto"
    play_until((host, guest), both_over(host, guest))
    assert mirrored(host, guest)


# --- the hostile peer: the guest's page changes what it sends (window.tavliOnlineTamper) -----------

CHANGE_DIE = """() => { window.tavliOnlineTamper = (text) => {
  const m = JSON.parse(text);
  if (m.type === 'act' && m.do === 'play') { m.dice = [m.dice[0] % 6 + 1, m.dice[1]]; return JSON.stringify(m); }
  return text;
}; }"""
ILLEGAL_MOVE = """() => { window.tavliOnlineTamper = (text) => {
  const m = JSON.parse(text);
  if (m.type === 'act' && m.do === 'play') { m.moves = [[1, 0], [1, 0]]; return JSON.stringify(m); }
  return text;
}; }"""
WITHHOLD_REVEAL = """() => { window.tavliOnlineTamper = (text) => JSON.parse(text).type === 'reveal' ? null : text; }"""


def guest_to_move(host, guest) -> None:
    """Play until the guest has rolled and is to move (the host plays his turns)."""
    def ready() -> bool:
        return online(guest) == "play" and guest.evaluate("document.body.dataset.phase") == "move"
    play_until((host, guest), ready)


@pytest.mark.parametrize(("tamper", "words"), [(CHANGE_DIE, "changed a die"), (ILLEGAL_MOVE, "not legal")],
                         ids=["changed-die", "illegal-move"])
def test_the_hostile_peers_play_is_refused_and_the_match_kept(players, tamper, words):
    host, guest = players()
    invite(host, guest)
    guest_to_move(host, guest)
    before = counts(host)
    guest.evaluate(tamper)
    move(guest)
    host.wait_for_function("document.body.dataset.online === 'broken'", timeout=CONNECT_MS)
    host.wait_for_function("document.body.dataset.dialog === 'notice'")
    assert words in host.inner_text("dialog .dlg-body")
    assert counts(host) == before  # the bad play never reached the host's match
    assert "stopped" in host.inner_text("#panel .online-line")
    host.click("dialog button[data-action=close]")
    assert host.is_disabled("#panel button[data-action=roll]")
    # The host's match is saved as it was before the bad play.
    saved = host.evaluate("localStorage.getItem('tavli.match')")
    assert saved and json.loads(saved)


def test_a_withheld_reveal_loses_the_match_on_time(players):
    host, guest = players()
    invite(host, guest, query="onlinereveal=3")  # (3 s to reveal instead of 20)
    guest.evaluate(WITHHOLD_REVEAL)

    def host_waits_for_a_reveal() -> bool:
        return host.evaluate("document.body.dataset.phase") == "roll" and online(host) == "play"
    play_until((host, guest), host_waits_for_a_reveal)
    host.click("#panel button[data-action=roll]")
    host.wait_for_function("document.body.dataset.online === 'waiting'")
    host.wait_for_function("document.body.dataset.dialog === 'notice'", timeout=CONNECT_MS)
    assert "in time" in host.inner_text("dialog .dlg-body")
    assert host.evaluate("document.body.dataset.phase") == "match-over"
    # The silent side is told that it lost on time (the forfeit reached it).
    guest.wait_for_function("document.body.dataset.dialog === 'notice'", timeout=CONNECT_MS)
    assert "Your device did not reveal" in guest.inner_text("dialog .dlg-body")
    assert guest.evaluate("document.body.dataset.phase") == "match-over"


# --- a reconnection mid-turn -------------------------------------------------------------------------


def test_a_reload_mid_turn_rejoins_and_the_match_goes_on(players):
    host, guest = players()
    invite(host, guest)
    guest_to_move(host, guest)
    dice = guest.eval_on_selector_all("[data-die]", "els => els.map(e => e.dataset.die)")
    board = counts(guest)
    boot(guest)  # the same page again: the session kept in localStorage rejoins
    guest.wait_for_function("document.body.dataset.online === 'play'", timeout=CONNECT_MS)
    assert guest.evaluate("document.body.dataset.phase") == "move"
    assert guest.eval_on_selector_all("[data-die]", "els => els.map(e => e.dataset.die)") == dice
    assert counts(guest) == board
    host.wait_for_function("document.body.dataset.online === 'waiting'", timeout=CONNECT_MS)
    move(guest)
    host.wait_for_function("document.body.dataset.online === 'play'", timeout=CONNECT_MS)
    assert mirrored(host, guest)


# --- Blitz: a flag and its claim ---------------------------------------------------------------------


def test_a_blitz_flag_and_its_claim(players):
    host, guest = players()
    invite(host, guest, clock="blitz")
    # The host stops playing when it is his turn to move: his time runs out (20x clock).
    def host_to_move() -> bool:
        return online(host) == "play" and host.evaluate("document.body.dataset.phase") in ("move", "roll")
    play_until((host, guest), host_to_move)
    guest.wait_for_selector("#panel button[data-action=claim]", timeout=TURN_MS)
    guest.click("#panel button[data-action=claim]")
    # The round is the guest's on time (a gammon: 2 points), on both pages.
    for page, card in ((host, "top"), (guest, "bottom")):
        page.wait_for_function("['game-over', 'match-over'].includes(document.body.dataset.phase)", timeout=CONNECT_MS)
        assert page.get_attribute(f"#panel .card.{card} .score", "data-score") == "2"
        assert page.locator("#board .time-up").count() == 1


# --- layout: the lobby and the online line in Greek on a phone ---------------------------------------

SIZES = {
    "portrait": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_and_the_online_line_fit_a_phone_in_greek(players, size):
    from e2e.test_layout import DIALOG, PANEL, check

    host, guest = players(SIZES[size], language="el")
    found: list[str] = []
    # (the invitation's link scrolls inside its read-only field: it is not clipped text)
    dialog = DIALOG.replace("input,", "input:not([data-invite]),")
    assert dialog != DIALOG
    sel = f"{PANEL}, {dialog}, #panel .online-line, #panel .online-line > *, dialog .invite-qr svg, dialog textarea"

    def lobby(page, role):
        check(page, f"{size} {role} lobby", found, sel=sel)

    invite(host, guest, lobbies=lobby)
    for page, role in ((host, "host"), (guest, "guest")):
        check(page, f"{size} {role} playing", found, sel=sel)
        line = page.locator("#panel .online-line")
        assert line.is_visible()
    host.click("#panel button[data-action=options]")
    check(host, f"{size} options", found, sel=sel)
    assert host.locator("dialog [data-opt=relays]").is_visible()
    assert not found, "\n".join(found)


def test_the_friend_away_is_said_with_the_time_left_and_his_return(players):
    host, guest = players()
    invite(host, guest)
    context = guest.context
    guest.close()  # the friend's page is gone (closed, or the phone asleep)
    host.wait_for_function("document.body.dataset.online === 'away'", timeout=CONNECT_MS)
    line = host.inner_text("#panel .online-line")
    assert "Boris" in line and re.search(r"\d:\d\d", line), line
    assert host.locator("#panel button[data-action=online-claim]").count() == 0  # not before the grace
    back = context.new_page()
    boot(back)  # he opens the game again: the match kept on his device rejoins
    for page in (host, back):
        page.wait_for_function("['play', 'waiting'].includes(document.body.dataset.online)", timeout=CONNECT_MS)
    assert mirrored(host, back)


# --- an online match whose session is gone: never a dead board ----------------------------------


def bottom_player(page) -> int:
    """The match player (0 light: the host, 1 dark: the guest) drawn at the bottom of the board."""
    return page.eval_on_selector("#board .checker[data-owner='0']", "el => +el.dataset.player")


def test_an_online_match_without_its_session_opens_from_the_persons_seat_with_the_new_match_screen(players):
    host, guest = players()
    invite(host, guest)
    assert bottom_player(guest) == 1
    # The session is gone (another online match replaced it, or it could not be read): the match
    # cannot go on; the guest sees it from his own seat under the new-match screen, not a dead board.
    guest.evaluate("localStorage.removeItem('tavli.online')")
    boot(guest)
    guest.wait_for_function("document.body.dataset.dialog === 'new-match'")
    assert bottom_player(guest) == 1
    assert "Boris" in guest.inner_text("#panel .card.bottom") and "Anna" in guest.inner_text("#panel .card.top")
    assert guest.locator("dialog button[data-action=cancel]").count() == 0  # (no going back to it)
    assert online(guest) == ""


def test_leaving_an_online_match_resigns_it_and_a_reload_shows_it_lost_from_the_persons_seat(players):
    host, guest = players()
    invite(host, guest)
    guest.click("#panel button[data-action=new-match]")
    guest.click("dialog button[data-action=online-leave]")
    guest.wait_for_function("document.body.dataset.dialog === 'new-match'")
    host.wait_for_function("document.body.dataset.phase === 'match-over'", timeout=CONNECT_MS)
    assert guest.evaluate("document.body.dataset.phase") == "match-over"
    for page, seat in ((host, 0), (guest, 1)):  # noted once on each side, as an online match
        page.wait_for_function("(localStorage.getItem('tavli.records') || '').includes('online')")
        (noted,) = json.loads(page.evaluate("localStorage.getItem('tavli.records')"))["matches"]
        assert (noted["mode"], noted.get("seat", 0), noted["winner"], noted["names"]) == ("online", seat, 0, ["Anna", "Boris"])
    boot(guest)  # later: the finished match, from his seat, read-only, New match at hand
    guest.wait_for_function("document.body.dataset.dialog === 'new-match'")
    assert guest.evaluate("document.body.dataset.phase") == "match-over"
    assert bottom_player(guest) == 1
    guest.click("dialog button[data-action=cancel]")
    assert guest.evaluate("document.body.dataset.dialog") == ""
    assert guest.is_disabled("#panel button[data-action=roll]") or guest.locator("#panel button[data-action=roll]").count() == 0
    assert guest.locator("#panel button[data-action=new-match]").is_enabled()


def test_the_hosts_lobby_after_a_reload_shows_its_qr_code_again_and_the_friend_still_joins(players):
    host, guest = players()
    boot(host)
    host.wait_for_function("document.body.dataset.dialog === 'new-match'")
    host.check("input[name=mode][value=online]")
    host.fill("input[name=name0]", "Anna")
    host.click("button[data-action=invite]")
    host.wait_for_selector("dialog .invite-qr svg")
    url = host.input_value("[data-invite]")
    boot(host)  # a reload while waiting for the friend
    host.wait_for_function("document.body.dataset.dialog === 'online'")
    host.wait_for_selector("dialog .invite-qr svg")
    assert host.input_value("[data-invite]") == url
    boot(guest, base=url[url.index("/", 8):])
    guest.wait_for_selector("button[data-action=online-join]:not([disabled])", timeout=CONNECT_MS)
    guest.click("button[data-action=online-join]")
    for page in (host, guest):
        page.wait_for_function("['play', 'waiting'].includes(document.body.dataset.online)", timeout=CONNECT_MS)


def test_a_friend_away_past_the_grace_period_loses_the_match_when_it_is_claimed(players):
    host, guest = players()
    invite(host, guest, query="onlinegrace=4")  # (4 s of grace instead of 90)
    context = guest.context
    guest.close()  # the friend's page is gone and stays gone
    host.wait_for_function("document.body.dataset.online === 'away'", timeout=CONNECT_MS)
    seen = set()
    while not host.locator("#panel button[data-action=online-claim]").count():  # the away line counts down
        line = host.inner_text("#panel .online-line")
        seen.update(re.findall(r"\d:\d\d", line))
        assert len(seen) < 10, seen
        host.wait_for_timeout(200)
    assert seen and all(s <= "0:04" for s in seen), seen
    assert "Boris" in host.inner_text("#panel .online-line")
    host.click("#panel button[data-action=online-claim]")
    host.wait_for_function("document.body.dataset.phase === 'match-over'")
    assert online(host) == "over"
    assert host.get_attribute("#panel .card.bottom .score", "data-score") == "3"  # (the whole match)
    assert "won" in host.inner_text("#status").lower() or "Anna" in host.inner_text("#status")
    back = context.new_page()
    boot(back)  # much later the friend opens the game again: he learns that he lost the match
    back.wait_for_function("document.body.dataset.dialog === 'notice'", timeout=CONNECT_MS)
    assert "You stayed away too long" in back.inner_text("dialog .dlg-body")
    assert back.evaluate("document.body.dataset.phase") == "match-over"
    assert back.get_attribute("#panel .card.top .score", "data-score") == "3"
    assert back.evaluate("document.body.dataset.online") == "over"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_claim_of_a_friend_away_fits_a_phone_in_greek(players, size):
    """Seen at 844x390 in Greek: the Claim button beside the away text left it one letter ("Ο.");
    the button is now among the controls and the line says who has not come back."""
    from e2e.test_layout import PANEL, check

    host, guest = players(SIZES[size], language="el")
    invite(host, guest, query="onlinegrace=2")
    guest.context.close()
    host.wait_for_selector("#panel button[data-action=online-claim]", timeout=CONNECT_MS)
    found: list[str] = []
    check(host, f"{size} claim", found, sel=f"{PANEL}, #panel .online-line, #panel .online-line > *")
    assert not found, "\n".join(found)
    assert host.inner_text("#panel .online-line .online-text") == "Ο/Η Boris δεν επέστρεψε"
    assert host.locator("#panel [data-action=hint]").count() == 0  # no coach against a friend
