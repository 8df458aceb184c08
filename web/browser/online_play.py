"""Online play on the page (issue 18): :class:`OnlineUI` runs the lobby and the match against a
friend on another device.

* Host: the new-match screen's "A friend online" → Invite: the terms (:class:`tavli.online.terms.Terms`)
  and a fresh invitation (``web.model.invite``: a room and a key, in the URL's fragment), shown in
  the lobby (Share where ``navigator.share`` exists, Copy link, a QR code) while the link
  (``web.browser.online_link``) waits for the friend.
* Guest: a page opened with ``#play=<room>-<key>`` shows the lobby as guest: the host's name and
  terms once they come, Join / Decline.
* Playing: the controller's match is the session's replica (:class:`web.control.online.OnlinePlay`
  goes between them): texts from the link go to the session, then the page is drawn again (the
  friend's checkers slide); after every refresh the session reads what the person did and its
  messages are sent; a ticker (and the clock loop) hands the session its deadlines.
* The session is kept in localStorage (:data:`STORE_KEY`) beside the match's save: a reload
  rejoins. A broken session is said in a notice (its cause); the match stays as it was.

``<body data-online>``: the :class:`~web.control.online.OnlineState` (unset when not online).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.control.online import OnlinePlay, OnlineState
from web.model.i18n import t
from web.model.url import online_times

from .jsutil import js_obj, nil, spawn

if TYPE_CHECKING:
    from .page import BoardApp

STORE_KEY = "tavli.online"  # the online session: terms, role, names, room, actions, secrets
ACTIONS = ("invite", "online-share", "online-copy", "online-cancel", "online-join", "online-decline",
           "online-claim", "online-leave")
TICK_S = 0.25  # how often the session's deadlines are looked at (and the away line counts down)


def local_now() -> float:
    """The session's ``local_now``: the wall clock's seconds (the session's own clock, which goes on
    across a reload)."""
    return time.time()


def clock_speed(query: str) -> float:
    """``?clockspeed=F`` of the page (tests), for the host's terms."""
    from web.model.url import query_params

    try:
        speed = float(query_params(query).get("clockspeed", "1"))
    except ValueError:
        return 1.0
    return speed if 0.01 <= speed <= 1000 else 1.0


class OnlineUI:
    """The online match of ``app`` (none: ``play`` None)."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.play: OnlinePlay | None = None
        self.link: Any = None
        self.invite: Any = None
        self.url = ""  # the invitation's URL (host)
        self.qr = ""  # its QR code (SVG)
        self.ticking = False
        self.told = False  # the broken session's notice was shown
        self.line_shown = ""  # the online line in the panel now

    # --- state ----------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """Whether the match on the page is an online one that still runs (not broken)."""
        play = self.play
        return play is not None and play.ctl is self.app.ctl and play.session.broken is None

    def clock_time(self, now: float) -> float | None:
        """The time the match's clock is drawn at: ``now``; online None (the replica's own time:
        the session's, read late while the friend is to act)."""
        if self.play is not None and self.play.ctl is self.app.ctl:
            return None
        return now

    def clock_update(self, match: Any, now: float) -> None:
        """The clock loop's frame: online the session's :meth:`tick` (its clock keeps the peer's
        grace), else the match catches up with ``now``."""
        if self.play is not None and self.play.ctl is self.app.ctl:
            self.tick()
        else:
            match.update(now)

    def mark(self) -> None:
        """``<body data-online>``."""
        play = self.play
        state = "" if play is None else str(play.state())
        if play is not None and play.ctl is not self.app.ctl and play.session.match is not None:
            state = ""  # another match shown
        document.body.dataset.online = state

    # --- hooks from the page --------------------------------------------------------------------

    def after_refresh(self) -> None:
        """After every refresh: what the person did goes to the friend; the host's opening roll;
        the session kept; the state marked; the online line drawn."""
        play = self.play
        if play is not None and play.ctl is self.app.ctl:
            play.after_action()
            self.flush()
            self.keep()
        self.mark()
        self.draw_line()

    def line_html(self) -> str:
        """The panel's online line ("" when not online)."""
        from web.view.online import online_line

        play = self.play
        if play is None or play.ctl is not self.app.ctl:
            self.line_shown = ""
            return ""
        self.line_shown = online_line(str(play.state()), play.line(), play.can_claim())
        return self.line_shown

    def draw_line(self) -> None:
        """The online line again, where it changed (the away count-down) since the panel was drawn."""
        shown = self.line_shown
        el = self.app.panel.querySelector(".online-line")
        html = self.line_html()
        if not nil(el) and html and html != shown:
            if ('data-claim="1"' in html) != ('data-claim="1"' in shown):
                self.app.refresh()  # the Claim button comes into (or leaves) the controls
            else:
                el.outerHTML = html

    def flush(self) -> None:
        """Send the session's messages."""
        if self.play is None or self.link is None:
            return
        for text in self.play.outbox():
            self.link.send(text)

    def keep(self) -> None:
        """The session in localStorage (a reload rejoins)."""
        store = self.app.store
        if store is None or self.play is None or self.invite is None:
            return
        data = {"session": self.play.session.to_dict(), "room": self.invite.room, "key": self.invite.key,
                "url": self.url}
        try:
            store[STORE_KEY] = json.dumps(data, separators=(",", ":"))
        except Exception:  # noqa: BLE001 - no room: the match itself is still saved
            pass

    def forget(self) -> None:
        """No online match any more: the link closed, the session forgotten."""
        if self.link is not None:
            self.link.close()
        self.link = None
        self.play = None
        self.invite = None
        self.ticking = False
        if self.app.store is not None:
            del self.app.store[STORE_KEY]
        document.body.dataset.online = ""

    # --- host -----------------------------------------------------------------------------------

    def host(self, nm: Any) -> None:
        """Invite a friend to the match set up as ``nm`` (the new-match screen's Invite)."""
        from tavli.online.session import Role, Session
        from tavli.online.terms import Terms
        from web.model import prefs as P
        from web.model.invite import invite_url, new_invite

        app = self.app
        app.prefs = replace(app.prefs, new_match=nm)
        P.save(app.store, app.prefs)
        self.forget()
        nm = nm.fitted()
        options = nm.match_args()["options"] or {}
        terms = Terms(variant=nm.variant, length=nm.length, rules=nm.rules, clock=nm.clock, options=options,
                      clock_speed=clock_speed(app.url))
        session = Session(Role.HOST, nm.names[0], terms=terms, **online_times(app.url))
        self.play = OnlinePlay(session, local_now)
        self.invite = new_invite(_randbytes)
        self.url = invite_url(str(window.location.href), self.invite)
        self.qr = ""
        self.keep()  # (a reload in the lobby keeps the invitation)
        self.show_lobby()
        spawn(self._host_link())

    async def _host_link(self) -> None:
        from .qr import qr_svg

        try:
            self.qr = await qr_svg(self.url)
        except Exception as error:  # noqa: BLE001 - the link still works without its picture
            window.console.warn(f"QR code: {error}")
        self.show_lobby()
        await self.connect()

    def show_lobby(self) -> None:
        """The lobby dialog as it stands (host or guest)."""
        from web.view.online import guest_lobby, host_lobby

        play = self.play
        if play is None or play.session.match is not None:
            return
        session = play.session
        if session.seat == 0:
            friend = session.names[1] if len(session.names) > 1 and session.names[1] else None
            here = play.connected and friend is None
            dialog = host_lobby(self.url, self.qr, friend or (t("online_friend") if here else None),
                                not nil(getattr(window.navigator, "share", None)))
        else:
            terms = session.terms.to_dict() if session.terms is not None else None
            host = (session.names[0] or t("online_friend")) if terms is not None else None
            dialog = guest_lobby(host, terms)
        self.app.dialogs.open(dialog)
        document.body.dataset.online = str(OnlineState.LOBBY)

    # --- guest ----------------------------------------------------------------------------------

    def guest(self, fragment: str) -> bool:
        """A page opened with an invitation (``#play=...``): the guest's lobby (or, for the
        invitation of the online match kept here, that match rejoined). False: not an invitation."""
        if "play=" not in fragment:
            return False
        from tavli.online.session import Role, Session
        from web.model.invite import InviteError, parse_invite

        try:
            invite = parse_invite(fragment)
        except InviteError as error:
            from web.view import dialogs

            self.app.dialogs.open(dialogs.notice(t("online_bad_invite", detail=t(f"invite_{error.problem}"))))
            return True
        if self.invite is not None and (self.invite.room, self.invite.key) == (invite.room, invite.key):
            return True  # the match kept here: rejoined already
        self.forget()
        self.invite = invite
        self.url = ""
        session = Session(Role.GUEST, self.app.prefs.new_match.names[0], **online_times(self.app.url))
        self.play = OnlinePlay(session, local_now)
        self.show_lobby()
        spawn(self.connect())
        return True

    # --- resuming -------------------------------------------------------------------------------

    def resume(self) -> bool:
        """The online match kept in localStorage, rejoined (at boot); False when there is none
        (or it cannot be read: then it is dropped, the match's own save stays)."""
        store = self.app.store
        text = store.get(STORE_KEY) if store is not None else None
        if not text:
            return False
        from tavli.online.session import Session
        from web.model.invite import Invite

        try:
            from tavli.safejson import loads

            data = loads(text)
            session = Session.from_dict(data["session"])
            self.invite = Invite(str(data["room"]), str(data["key"]))
            self.url = str(data.get("url", ""))
        except Exception as error:  # noqa: BLE001 - unreadable: forgotten (the match's save stays)
            window.console.warn(f"online session dropped: {error}")
            del store[STORE_KEY]
            return False
        self.play = OnlinePlay(session, local_now)
        if session.match is None:
            self.show_lobby()
        else:
            self.start_playing()
        if session.broken is None and (session.match is None or session.match.phase != "match-over"):
            lobby = session.match is None and session.seat == 0  # the host's lobby: its QR code drawn again
            spawn(self._host_link() if lobby else self.connect())
        return True

    # --- the link -------------------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the link to the friend (through the relays of the options)."""
        from .online_link import open_link

        play = self.play
        if play is None or self.invite is None:
            return
        try:
            link = await open_link(self.invite, self.app.prefs.relays, self.on_text, self.on_peer, self.on_gone)
        except Exception as error:  # noqa: BLE001 - no relay reachable: said, the lobby stays
            self.app.toast.show(t("online_no_link", detail=str(error)))
            return
        if play is not self.play:  # cancelled meanwhile
            link.close()
            return
        self.link = link
        self.flush()  # (what the friend's arrival queued while the link was being opened)
        if not self.ticking:
            self.ticking = True
            spawn(self.ticker())

    def on_peer(self, *_: Any) -> None:
        """The link has the friend (again)."""
        self.presence(here=True)

    def on_gone(self, *_: Any) -> None:
        """The link lost the friend."""
        self.presence(here=False)

    def presence(self, here: bool) -> None:
        """The friend came or went: told to the session (a hello is sent), the page follows."""
        play = self.play
        if play is None:
            return
        if here:
            play.peer_here()
        else:
            play.peer_gone()
        self.flush()
        self.after_message()

    def on_text(self, text: Any) -> None:
        """A text from the friend: to the session; the page follows."""
        play = self.play
        if play is None:
            return
        effects, update = play.receive(str(text))
        self.flush()
        if update.broken is not None:
            self.broken()
        if play.ctl is None and play.session.match is not None:
            self.start_playing()
            return
        if play.ctl is self.app.ctl and play.ctl is not None:
            self.app.refresh(effects)
        else:
            self.after_message()

    def after_message(self) -> None:
        play = self.play
        if play is None:
            return
        if play.session.match is None:
            self.show_lobby()
            self.keep()
        elif play.ctl is self.app.ctl:
            self.app.refresh()

    async def ticker(self) -> None:
        """The session's deadlines (a reveal, the grace period), and the away line's count-down."""
        while self.ticking and self.play is not None:
            await asyncio.sleep(TICK_S)
            if self.play is not None and self.play.session.match is not None:
                self.tick()
            else:
                self.flush()

    def tick(self) -> None:
        play = self.play
        if play is None or play.session.broken is not None:
            return
        before = (play.state(), play.session.match.phase if play.session.match is not None else None)
        update = play.tick()
        self.flush()
        if update.broken is not None:
            self.broken()
        after = (play.state(), play.session.match.phase if play.session.match is not None else None)
        if (update.events or update.broken is not None or before != after) and play.ctl is self.app.ctl:
            self.app.refresh()
        else:
            self.draw_line()

    def broken(self) -> None:
        """The session stopped: said once (its cause); the match stays as it was."""
        from web.view import dialogs

        play = self.play
        if play is None or self.told:
            return
        self.told = True
        self.keep()
        if self.link is not None:
            self.link.close()
            self.link = None
        self.ticking = False
        self.app.dialogs.open(dialogs.notice(play.broken_text()))

    # --- playing --------------------------------------------------------------------------------

    def start_playing(self) -> None:
        """The session's match on the page: the person in his seat, the friend in the other."""
        from web.control.controller import Controller
        from web.control.seats import seats_for
        from web.model import saves
        from web.model.setup import ONLINE, MatchSetup

        from .keeping_answers import holds_saves

        app = self.app
        play = self.play
        assert play is not None and play.session.match is not None
        session = play.session
        terms = session.terms
        seat = session.seat
        opts = terms.options or {}
        setup = MatchSetup(mode=ONLINE, variant=terms.variant, length=terms.length, rules=terms.rules,
                           clock=terms.clock, names=(session.names[0] or "", session.names[1] or ""), seat=seat,
                           **{k: v for k, v in opts.items() if k in ("mother_points", "first_checker", "prime")})
        ctl = Controller(setup, app.prefs.view, match=session.match, seats=seats_for(ONLINE, seat))
        play.attach(ctl)
        if app.dialogs.user is not None and app.dialogs.user.kind == "online":
            app.dialogs.user = None
        if not holds_saves(app):
            saves.clear_match(app.store)
        app.started = True
        app.play_match(ctl, replace(setup, names=app.prefs.new_match.names, seat=0))  # (the new-match screen's choices)

    # --- the buttons ----------------------------------------------------------------------------

    def answer(self, action: str) -> None:
        """The lobby's and the online line's buttons."""
        app = self.app
        play = self.play
        if action == "invite":
            from web.view import dialogs

            self.host(dialogs.read_new_match(app.dialogs.form_values(), app.new_match))
        elif action == "online-copy":
            spawn(self.copy())
        elif action == "online-share":
            spawn(self.share())
        elif action in ("online-cancel", "online-decline"):
            if play is not None:
                play.leave()
                self.flush()
            self.forget()
            _clear_fragment()
            app.dialogs.user = None
            app.open_new_match()
        elif action == "online-join" and play is not None:
            play.session.accept(local_now())
            self.flush()
            _clear_fragment()
            if play.session.match is not None:
                self.start_playing()
        elif action == "online-claim" and play is not None:
            app.refresh(play.claim_abandoned())
        elif action == "online-leave":
            if play is not None:
                play.leave()
                self.flush()
                if play.ctl is app.ctl:
                    app.refresh()  # the match resigned: drawn, saved and recorded as it ended
            self.forget()
            app.dialogs.user = None
            app.open_new_match()

    def leave_question(self) -> bool:
        """New match while an online match runs: the confirmation opened (True), else False."""
        from web.view.online import leave_online

        play = self.play
        if not self.active or play is None or play.session.match is None or play.session.match.phase == "match-over":
            return False
        self.app.dialogs.open(leave_online(play.friend))
        return True

    async def copy(self) -> None:
        field = self.app.dialogs.dlg.querySelector("[data-invite]")
        try:
            clipboard = window.navigator.clipboard
            if nil(clipboard):
                raise RuntimeError("no clipboard")
            await clipboard.writeText(self.url)
        except Exception:  # noqa: BLE001 - refused: the link selected for the person to copy
            if not nil(field):
                field.focus()
                field.select()
            self.app.toast.show(t("online_copy_failed"))
            return
        self.app.toast.show(t("online_copied"))

    async def share(self) -> None:
        try:
            await window.navigator.share(js_obj({"title": t("title"), "text": t("online_title"), "url": self.url}))
        except Exception:  # noqa: BLE001 - cancelled by the person, or refused: Copy is there
            pass


def _randbytes(n: int) -> bytes:
    """``n`` random bytes from ``crypto.getRandomValues``."""
    from js import Uint8Array

    buf = Uint8Array.new(n)
    window.crypto.getRandomValues(buf)
    return bytes(int(buf[i]) for i in range(n))


def _clear_fragment() -> None:
    """The invitation's fragment taken off the address (a reload does not ask again)."""
    if "play=" in str(window.location.hash):
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
