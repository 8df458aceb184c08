"""Online play on the page's control layer (web.control.seats, web.control.online) and its HTML
(web.view.online, the new-match screen's third opponent), against a fake session that plays the
friend's actions straight on the replica. No browser."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from tavli.match import Match
from tavli.scoring import Rules
from web.control.controller import Controller
from web.control.online import OnlinePlay, OnlineState, peer_motions
from web.control.seats import Seat, seats_for
from web.model import i18n
from web.model.setup import ONLINE, MatchSetup, ViewOptions
from web.view import dialogs
from web.view.online import guest_lobby, host_lobby, leave_online, online_line, terms_lines
from web.view.view import Motion


@pytest.fixture(autouse=True)
def english():
    i18n.install("en")


@dataclass(frozen=True)
class Update:
    events: tuple[Any, ...] = ()
    broken: Any = None
    started: bool = False


@dataclass(frozen=True)
class Broken:
    ending: str
    detail: str = ""
    peer_at_fault: bool = True


@dataclass
class FakeSession:
    """The session's interface (tavli.online.session.Session), the friend's actions given as
    JSON commands applied to the replica: ``{"roll": [a, b]}`` (the dice agreed), ``{"play":
    [[from, to], ...]}``, ``{"double": 1}``, ``{"take": 1}``, ``{"drop": 1}``."""

    seat: int
    match: Match | None
    names: tuple[str, str] = ("Anna", "Boris")
    broken: Any = None
    rolling: bool = False
    grace: float = 90.0
    away_since: float | None = None
    calls: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)

    def outbox(self) -> list[str]:
        return []

    def want_roll(self, now: float) -> None:
        self.calls.append("want_roll")
        self.rolling = True

    def sync_local(self, now: float) -> None:
        self.calls.append("sync_local")

    def connected(self, now: float) -> None:
        self.away_since = None

    def peer_left(self, now: float) -> None:
        self.away_since = now

    def absent_for(self, now: float) -> float | None:
        return None if self.away_since is None else now - self.away_since

    def can_claim_abandoned(self, now: float) -> bool:
        away = self.absent_for(now)
        return away is not None and away >= self.grace

    def claim_abandoned(self, now: float) -> None:
        self.calls.append("claim_abandoned")

    def resign_match(self, now: float) -> None:
        self.calls.append("resign_match")

    def session_time(self, now: float) -> float:
        return now

    def tick(self, now: float) -> Update:
        return Update()

    def receive(self, text: str, now: float) -> Update:
        m = self.match
        assert m is not None
        seen = len(m.log)
        cmd = json.loads(text)
        if "roll" in cmd:
            self.dice[:0] = cmd["roll"]
            m.roll()
            self.rolling = False
        if "play" in cmd:
            for start, end in cmd["play"]:
                move = next(mv for mv in m.turn.moves_from(start) if mv.end == end)
                m.move(move)
            m.end_turn()
        if "double" in cmd:
            m.double()
        if "take" in cmd:
            m.take()
        if "drop" in cmd:
            m.drop()
        if "bad" in cmd:
            self.broken = Broken(cmd["bad"])
            return Update(broken=self.broken)
        return Update(events=tuple(m.log[seen:]))


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def online(seat: int, variant: str = "portes", length: int | None = 3) -> tuple[Controller, OnlinePlay, FakeSession]:
    """A controller for the person in ``seat`` of a fresh online match, with its fake session."""
    dice: list[int] = []
    match = Match(rules=Rules.preset("international"), dice=_ListDice(dice), length=length, variant=variant)
    session = FakeSession(seat=seat, match=match, dice=dice)
    play = OnlinePlay(session, Clock())
    setup = MatchSetup(mode=ONLINE, variant=variant, length=length, names=session.names)
    ctl = Controller(setup, ViewOptions(anim_speed=0), match=match, seats=seats_for(ONLINE, seat))
    play.attach(ctl)
    play.peer_here()
    return ctl, play, session


class _ListDice:
    """Dice from a list the test fills (the agreed dice of each roll)."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def die(self) -> int:
        return self.values.pop(0)


def open_with(session: FakeSession, a: int, b: int) -> None:
    """The opening roll (player 0's die ``a``, player 1's ``b``), agreed."""
    session.dice[:0] = [a, b]
    assert session.match is not None
    session.match.roll()


# --- seats ---------------------------------------------------------------------------------------


def test_seats_for_each_opponent():
    assert seats_for("cpu") == (Seat.LOCAL, Seat.COMPUTER)
    assert seats_for("pvp") == (Seat.LOCAL, Seat.LOCAL)
    assert seats_for(ONLINE, 0) == (Seat.LOCAL, Seat.REMOTE)
    assert seats_for(ONLINE, 1) == (Seat.REMOTE, Seat.LOCAL)


def test_a_saved_online_match_keeps_the_persons_seat_and_the_names_in_seat_order():
    from web.model import saves
    from web.model.prefs import setup_from_dict, setup_to_dict

    setup = MatchSetup(mode=ONLINE, names=("Anna", "Boris"), seat=1)
    assert setup_from_dict(json.loads(json.dumps(setup_to_dict(setup)))) == setup
    store: dict[str, str] = {}
    ctl = Controller(setup, ViewOptions())
    assert saves.save_match(store, ctl.match, setup)
    again = Controller(saves.load_match(store).setup, ViewOptions())  # (a reload without the session)
    assert again.seats == (Seat.REMOTE, Seat.LOCAL) and again.bottom == 1 and again.names == ("Anna", "Boris")
    assert Controller(MatchSetup(mode=ONLINE, seat=1), ViewOptions()).names == ("Friend", "You")
    # A seat is an online match's only; an old save (no seat) is the host's.
    assert "seat" not in setup_to_dict(MatchSetup(mode="pvp", seat=1))
    assert setup_from_dict({"mode": ONLINE}).seat == 0
    assert setup_from_dict({"mode": "cpu", "seat": 1}).seat == 0


def test_a_match_against_the_computer_keeps_its_seats():
    ctl = Controller(MatchSetup(level="beginner"), ViewOptions())
    assert ctl.seats == (Seat.LOCAL, Seat.COMPUTER) and ctl.humans == (True, False) and ctl.remote is None


def test_the_guest_sees_his_own_seat_at_the_bottom_on_every_turn():
    ctl, play, session = online(1)
    assert ctl.bottom == 1
    open_with(session, 5, 2)  # the host (player 0) wins the opening: his turn
    assert ctl.match.game.on_roll == 0 and ctl.bottom == 1
    assert ctl.page_phase() == "opponent" and not ctl.computer_to_act()


def test_the_remote_seat_takes_no_input():
    ctl, play, session = online(0)
    open_with(session, 2, 5)  # the guest (remote) wins the opening: his move
    before = ctl.match.position_for(0)
    for effects in (ctl.click(13), ctl.right_click(6), ctl.drag(13, 8), ctl.roll(), ctl.double(), ctl.take()):
        assert effects.motions == []
    assert ctl.match.position_for(0) == before and not ctl.movable(13) and ctl.targets(13) == []
    assert not ctl.computer_to_act() and not ctl.auto_pending()
    roll = next(c for c in ctl.panel_view().controls if c.action == "roll")
    assert not roll.enabled


def test_the_opening_roll_is_no_persons_online():
    for seat in (0, 1):
        ctl, play, session = online(seat)
        assert ctl.match.phase == "opening"
        assert not ctl.can_roll() and not ctl.auto_pending()  # the host's session throws it
        ctl.roll()
        ctl.dice_click()
        assert session.calls == [] and ctl.match.phase == "opening"


def test_the_persons_roll_goes_to_the_session_and_waits_for_the_reveal():
    ctl, play, session = online(0)
    open_with(session, 2, 5)
    play.receive(json.dumps({"play": [[13, 8], [13, 11]]}))  # the guest's opening 5-2... any legal
    assert ctl.match.phase == "roll" and ctl.match.game.on_roll == 0
    assert ctl.can_roll()
    ctl.roll()
    assert session.calls[-1] == "want_roll" and ctl.match.phase == "roll"  # nothing thrown here
    assert not ctl.can_roll() and not ctl.can_double()
    assert play.state() is OnlineState.WAITING
    effects, _ = play.receive(json.dumps({"roll": [3, 1]}))
    assert ctl.match.phase == "move" and ctl.match.rolled == (3, 1)
    assert play.state() is OnlineState.PLAY
    assert "dice" in effects.sounds


def test_auto_roll_asks_the_session_once():
    ctl, play, session = online(0)
    ctl.set_options(ViewOptions(anim_speed=0, auto_roll=True))
    open_with(session, 2, 5)
    play.receive(json.dumps({"play": [[13, 8], [13, 11]]}))
    assert ctl.auto_pending()
    ctl.auto_step()
    assert session.calls.count("want_roll") == 1 and not ctl.auto_pending()


def test_the_friends_play_slides_his_checkers_and_a_hit_goes_to_the_bar():
    ctl, play, session = online(0)
    open_with(session, 6, 4)  # the host wins: 24/18 13/9 leaves blots
    ctl.drag(24, 18)
    ctl.drag(13, 9)
    assert ctl.match.game.on_roll == 1
    # The guest (top) hits the blot on the host's 18 (his 7) from his 13 with a 6.
    effects, _ = play.receive(json.dumps({"roll": [6, 1]}))
    assert ctl.match.rolled == (6, 1)
    effects, _ = play.receive(json.dumps({"play": [[13, 7], [8, 7]]}))
    assert Motion(1, 12, 18) in effects.motions and Motion(0, 18, 25) in effects.motions
    assert Motion(1, 17, 18) in effects.motions
    assert effects.motions.count(Motion(0, 18, 25)) == 1
    assert "hit" in effects.sounds
    assert ctl.note == "Boris rolled 6-1"
    assert ctl.board_view().count_at(0, 25) == 1


def test_a_plakoto_pin_is_no_slide_to_the_bar():
    ctl, play, session = online(0, "plakoto", 5)
    open_with(session, 5, 1)
    before = ctl.match.position_for(1)
    motions = peer_motions("plakoto", before, ((24, 18), (18, 13)), 1)
    assert motions == [Motion(1, 1, 7), Motion(1, 7, 12)]


def test_the_friends_double_and_our_answer():
    ctl, play, session = online(0)
    open_with(session, 2, 5)
    play.receive(json.dumps({"play": [[13, 8], [13, 11]]}))
    play.receive(json.dumps({"roll": [3, 1]}))
    ctl.drag(8, 5)
    ctl.drag(6, 5)
    play.receive(json.dumps({"double": 1}))
    assert ctl.page_phase() == "cube" and ctl.cube_question().cube == 1
    assert ctl.note == "Boris doubles to 2"
    ctl.take()
    assert ctl.match.cube == 2 and ctl.match.cube_owner == 0


def test_resigning_the_match_online_goes_through_the_session():
    ctl, play, session = online(0)
    open_with(session, 6, 4)
    ctl.resign()
    assert session.calls[-1] == "resign_match" and ctl.match.phase != "match-over"


def test_no_coach_while_the_online_match_is_played_and_the_analysis_after_it():
    ctl, play, session = online(0)
    open_with(session, 6, 4)  # the person (player 0) moves first
    actions = {c.action: c for c in ctl.panel_view().controls}
    menu = {c.action: c for c in ctl.panel_view().menu}
    assert "hint" not in actions and not ctl.coach_allowed
    assert not menu["analyse"].enabled and "online" in menu["analyse"].title
    ctl.match.play(ctl.match.find_play("8/2 6/2"))
    ctl.match.resign_match(1)  # the friend leaves: the match is over
    menu = {c.action: c for c in ctl.panel_view().menu}
    assert ctl.coach_allowed and menu["analyse"].enabled
    assert "analyse-game" in {c.action for c in ctl.panel_view().controls}


def test_the_status_says_the_friend_is_away_not_thinking():
    ctl, play, session = online(0)
    open_with(session, 4, 6)  # the friend (player 1) moves first
    assert ctl.status() == "Boris is thinking…"
    play.peer_gone()
    assert ctl.status() == "Boris is away"


@pytest.mark.parametrize("ending", ["illegal", "malformed", "dice"])
def test_a_fault_found_in_our_messages_is_not_blamed_on_the_friend(ending):
    ctl, play, session = online(0)
    session.broken = Broken(ending, peer_at_fault=False)
    assert play.broken_text().startswith("Boris's device did not accept a message from this device")
    session.broken = Broken(ending, peer_at_fault=True)
    assert "Boris" in play.broken_text() and "did not accept" not in play.broken_text()


def test_the_coach_helps_in_a_match_on_this_device():
    ctl = Controller(MatchSetup(mode="pvp", seed=3), ViewOptions(anim_speed=0))
    ctl.match.roll()
    assert ctl.coach_allowed and "hint" in {c.action for c in ctl.panel_view().controls}


def test_a_broken_session_takes_no_more_input_and_says_why():
    ctl, play, session = online(0)
    open_with(session, 6, 4)
    _, update = play.receive(json.dumps({"bad": "dice"}))
    assert update.broken is not None
    assert play.state() is OnlineState.BROKEN
    assert not ctl.human_moving() and ctl.click(24).motions == []
    assert "changed a die" in play.broken_text() and "Boris" in play.broken_text()
    assert play.line() == "The online match has stopped"


@pytest.mark.parametrize("ending", ["illegal", "malformed", "mismatch", "dice", "silent", "abandoned", "left"])
def test_every_ending_has_its_sentence_in_every_language(ending):
    _, play, session = online(1)
    for at_fault in (True, False):
        session.broken = Broken(ending, peer_at_fault=at_fault)
        for lang in i18n.LANGUAGES:
            i18n.install(lang)
            text = play.broken_text()
            assert "Anna" in text and "online_end" not in text


@pytest.mark.parametrize("ending", ["silent", "abandoned"])
def test_a_forfeit_decides_the_match_on_both_sides_and_each_is_told_who_won(ending):
    _, play, session = online(1)
    assert session.match is not None
    session.match.resign_match(0)  # (the replica as the forfeit leaves it: the match decided)
    session.broken = Broken(ending, peer_at_fault=True)  # the friend forfeited: the match is ours
    assert play.state() is OnlineState.OVER and "yours" in play.broken_text()
    session.broken = Broken(ending, peer_at_fault=False)  # we forfeited (away, or silent): lost
    assert play.state() is OnlineState.OVER
    for lang in i18n.LANGUAGES:
        i18n.install(lang)
        assert "Anna" in play.broken_text() and "online_end" not in play.broken_text()
    i18n.install("en")
    assert play.broken_text().startswith(("You stayed away", "Your device"))
    session.broken = Broken("dice", peer_at_fault=True)
    assert play.state() is OnlineState.BROKEN  # (a broken rule: the session stopped, not decided)


def test_the_test_only_online_times_of_the_url():
    from web.model.url import online_times

    assert online_times("?onlinegrace=4&onlinereveal=2.5") == {"grace": 4.0, "reveal_timeout": 2.5}
    assert online_times("?onlinegrace=0") == {"grace": 1.0}  # (at least a second)
    assert online_times("?onlinegrace=x&seed=3") == {} and online_times("") == {}


def test_the_friend_away_then_the_claim():
    ctl, play, session = online(0)
    clock: Clock = play.now  # type: ignore[assignment]
    open_with(session, 6, 4)
    play.peer_gone()
    assert play.state() is OnlineState.AWAY
    clock.t += 30
    assert play.line() == "Boris is away: 1:00 left to come back"
    assert not play.can_claim()
    assert 'data-claim' not in online_line(str(play.state()), play.line(), play.can_claim())
    assert "online-claim" not in {c.action for c in ctl.panel_view().controls}
    clock.t += 60
    assert play.can_claim()
    line = online_line(str(play.state()), play.line(), play.can_claim())
    assert 'data-claim="1"' in line and 'data-online="away"' in line
    assert play.line() == "Boris has not come back"
    claim = next(c for c in ctl.panel_view().controls if c.action == "online-claim")
    assert claim.enabled and claim.primary
    play.claim_abandoned()
    assert session.calls[-1] == "claim_abandoned"
    play.peer_here()
    assert play.state() is OnlineState.PLAY


def test_state_lobby_and_over():
    _, play, session = online(0)
    session.match = None
    assert play.state() is OnlineState.LOBBY


# --- the HTML ------------------------------------------------------------------------------------


def test_the_new_match_screen_offers_a_friend_online_with_invite():
    d = dialogs.new_match(MatchSetup(mode=ONLINE), True)
    assert 'value="online" checked' in d.html
    assert 'data-action="invite"' in d.html and 'data-action="start"' not in d.html
    d = dialogs.new_match(MatchSetup(), True)
    assert 'value="online"' in d.html and 'data-action="start"' in d.html


def test_read_new_match_keeps_the_online_choice():
    nm = dialogs.read_new_match({"mode": "online", "game": "plakoto"}, MatchSetup())
    assert nm.mode == ONLINE and nm.variant == "plakoto"


def test_the_url_cannot_start_an_online_match():
    from web.model.url import parse_query

    _, setup = parse_query("?mode=online")
    assert setup.mode != ONLINE


def test_host_lobby():
    d = host_lobby("https://x.test/#play=ab-cd", "<svg></svg>", None, can_share=False)
    assert d.kind == "online" and not d.cancellable
    assert 'data-action="online-copy"' in d.html and 'data-action="online-share"' not in d.html
    assert 'value="https://x.test/#play=ab-cd"' in d.html and "<svg></svg>" in d.html
    assert 'data-lobby="waiting"' in d.html and 'data-action="online-cancel"' in d.html
    d = host_lobby("u", "", "Boris", can_share=True)
    assert 'data-action="online-share"' in d.html and 'data-lobby="here"' in d.html and "Boris" in d.html


def test_guest_lobby_join_only_once_the_terms_came():
    d = guest_lobby(None, None)
    assert 'data-lobby="connecting"' in d.html
    assert 'data-action="online-join"' in d.html and "disabled" in d.html
    terms = {"variant": "plakoto", "length": 5, "rules": "greek", "clock": "blitz",
             "options": {"mother_points": 2}}
    d = guest_lobby("Anna", terms)
    assert "Anna invites you" in d.html and "disabled" not in d.html
    assert "<li>Plakoto (" in d.html and f"<li>{i18n.t('match_to', n=5)}</li>" in d.html
    assert "Blitz" in d.html


def test_terms_in_words_in_every_language():
    terms = {"variant": "portes", "length": None, "rules": "international", "clock": "standard", "options": {}}
    for lang in i18n.LANGUAGES:
        i18n.install(lang)
        lines = terms_lines(terms)
        assert len(lines) == 4 and all(line and "_" not in line for line in lines)


def test_leaving_asks_first():
    d = leave_online("Boris")
    assert 'data-action="online-leave"' in d.html and "Boris" in d.html and 'data-action="cancel"' in d.html


# --- with the real session (tavli.online.session): two pages wired by a pipe ----------------------


def _pages(variant: str = "portes", length: int | None = 3):
    """Two controllers, the host's and the guest's, each on its session's replica, their messages
    carried by :func:`_pump`."""
    from tavli.online.session import Role, Session
    from tavli.online.terms import Terms

    clock = Clock()
    host = Session(Role.HOST, "Anna", terms=Terms(variant, length, "international", "off"), clock=clock)
    guest = Session(Role.GUEST, "Boris", clock=clock)
    plays = [OnlinePlay(host, clock), OnlinePlay(guest, clock)]
    for p in plays:
        p.peer_here()
    _pump(plays)
    guest.accept(clock())
    _pump(plays)
    ctls = []
    for seat, p in enumerate(plays):
        assert p.session.match is not None
        setup = MatchSetup(mode=ONLINE, variant=variant, length=length, names=("Anna", "Boris"))
        ctl = Controller(setup, ViewOptions(anim_speed=0), match=p.session.match, seats=seats_for(ONLINE, seat))
        p.attach(ctl)
        ctls.append(ctl)
    _pump(plays)
    return ctls, plays, clock


def _pump(plays):
    """Carry the messages both ways until none is left; the effects each side showed."""
    shown: list[list[Any]] = [[], []]
    for _ in range(50):
        moved = False
        for side in (0, 1):
            for text in plays[side].outbox():
                moved = True
                effects, update = plays[1 - side].receive(text)
                assert update.broken is None, update.broken
                shown[1 - side].append(effects)
        if not moved:
            return shown
    raise AssertionError("the messages never stopped")


def _act(ctls, plays, clock, double_at: int = -1, turn: int = 0):
    """One step of whoever is to act: roll, play the first legal play, double, take."""
    clock.t += 1
    for seat, (ctl, p) in enumerate(zip(ctls, plays)):
        m = ctl.match
        if m.to_act != seat and not (m.phase == "game-over"):
            continue
        if m.phase == "game-over":
            ctl.next_game()
        elif m.phase == "roll" and turn == double_at and ctl.can_double():
            ctl.double()
        elif ctl.can_roll():
            ctl.roll()
        elif ctl.human_moving():
            play = ctl.turn.plays[0] if ctl.turn.plays else None
            ctl.play_moves([(s.start, s.end) for s in play.steps] if play else [])
            if ctl.human_moving() and ctl.turn.length == 0:
                ctl.auto_step()
        elif m.phase == "cube":
            ctl.take()
        p.after_action()
        return _pump(plays)
    return None


def test_two_pages_play_a_portes_match_through_their_sessions():
    ctls, plays, clock = _pages()
    host, guest = ctls
    assert host.match.phase != "opening"  # the host's session threw the opening roll by itself
    assert host.bottom == 0 and guest.bottom == 1
    saw_slide = False
    doubled = False
    for turn in range(2000):
        if host.match.phase == "match-over":
            break
        shown = _act(ctls, plays, clock, double_at=5 if not doubled else -1, turn=turn)
        doubled = doubled or host.match.cube > 1
        saw_slide = saw_slide or any(e.motions for side in (shown or []) for e in side)
        assert host.match.position_for(0) == guest.match.position_for(0)
        assert host.match.phase == guest.match.phase and host.match.scores == guest.match.scores
    assert host.match.phase == "match-over" and guest.match.phase == "match-over"
    assert doubled and saw_slide
    assert plays[0].state() is OnlineState.OVER and plays[1].state() is OnlineState.OVER


def test_two_pages_a_plakoto_game():
    ctls, plays, clock = _pages("plakoto", 1)
    for turn in range(2000):
        if ctls[0].match.phase == "match-over":
            break
        _act(ctls, plays, clock, turn=turn)
        assert ctls[0].match.position_for(0) == ctls[1].match.position_for(0)
    assert ctls[0].match.phase == "match-over" and ctls[0].match.scores == ctls[1].match.scores


def test_a_changed_die_breaks_the_session_and_keeps_the_match():
    import json as _json

    ctls, plays, clock = _pages()
    host, guest = ctls
    # Whoever won the opening plays it; the guest's message is tampered on its way.
    mover = host.match.game.on_roll
    ctl = ctls[mover]
    play = ctl.turn.plays[0]
    before = ctls[1 - mover].match.position_for(0)
    ctl.play_moves([(s.start, s.end) for s in play.steps])
    plays[mover].after_action()
    texts = plays[mover].outbox()
    bad = []
    for text in texts:
        data = _json.loads(text)
        if data.get("do") == "play":
            a, b = data["dice"]
            data["dice"] = [a % 6 + 1, b]
        bad.append(_json.dumps(data))
    broken = None
    for text in bad:
        _, update = plays[1 - mover].receive(text)
        broken = broken or update.broken
    assert broken is not None and broken.ending == "dice"
    assert plays[1 - mover].state() is OnlineState.BROKEN
    assert ctls[1 - mover].match.position_for(0) == before
    assert plays[1 - mover].broken_text()


def test_the_relays_field_in_the_options():
    from web.model.prefs import Prefs

    prefs = Prefs()
    d = dialogs.options(prefs)
    assert 'data-opt="relays"' in d.html and "data-relays-error" in d.html
    got = dialogs.read_options({"relays": "ws://127.0.0.1:8000\nwss://tracker.example.org"}, prefs)
    assert got.relays == ("ws://127.0.0.1:8000", "wss://tracker.example.org")
    assert 'ws://127.0.0.1:8000\nwss://tracker.example.org</textarea>' in dialogs.options(got).html
    assert dialogs.read_options({"relays": ""}, got).relays == ()  # empty: the defaults
    bad = dialogs.read_options({"relays": "http://example.org"}, got)
    assert bad.relays == got.relays  # an unusable list is not kept
    assert "http://example.org" in dialogs.relays_problem("http://example.org")
    assert dialogs.relays_problem("wss://a.example.org") == ""
