"""The page's start: what ``web/main.py`` (PyScript's script) runs.

1. The options kept on this device (``web.model.prefs`` in localStorage), with the URL's parameters put
   over them for this visit (``web.model.url``); the language: the option, else the browser's.
2. The match: the one saved in localStorage (``web.model.saves``), resumed where it was, clock
   included; else the one the URL names (``?seed=``, ``mode``, ``length``...); else, on a first
   visit, the new-match screen opens over a board waiting to start. A save that cannot be read or
   resumed is set aside (or, with no room to copy it, left where it was and saved over only once
   the player discards it) and reported once; a URL naming another match than the one in
   progress asks which to play (``web.keeping``). Storage that keeps nothing is said once.
3. The dice (the browser's ``crypto.getRandomValues``, or ``SeededDice`` for ``?seed=N``), the
   controller and the page (``web.browser.page.BoardApp``); ``<body data-phase>`` leaves ``loading``
   for the match's phase, the signal the browser tests wait for.

``?clockspeed=F`` multiplies the time the clock sees (tests: a 20x clock drains in seconds).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from pyscript import document, window

APP: Any = None  # the BoardApp: a module global keeps it (and its event listeners) alive


def crypto_die() -> int:
    """One fair die from ``crypto.getRandomValues`` (rejection sampling keeps it uniform)."""
    from js import Uint8Array

    buf = Uint8Array.new(1)
    while True:
        window.crypto.getRandomValues(buf)
        value = int(buf[0])
        if value < 252:  # 252 = 42 * 6
            return value % 6 + 1


def start() -> None:
    try:
        from tavli import FunctionDice, SeededDice
        from web.control.controller import Controller
        from web.control.present import draw_once
        from web.model import i18n, keeping, saves
        from web.model import prefs as P
        from web.model.i18n import t
        from web.model.setup import ONLINE
        from web.model.url import fixes_match, new_match_mode, parse_query, query_params

        from .audio import SoundPlayer
        from .keeping_answers import Keeping
        from .page import BoardApp
        from .persist import URL_KEY
        from .storage import browser_storage

        query = str(window.location.search)
        store = browser_storage()
        prefs = P.load(store)
        prefs, seed = P.overlay_query(prefs, query)
        try:
            browser_langs = [str(x) for x in window.navigator.languages]
        except Exception:  # noqa: BLE001
            browser_langs = [str(window.navigator.language)]
        i18n.install(i18n.choose_language(prefs.language, browser_langs))

        try:
            speed = float(query_params(query).get("clockspeed", "1"))
        except ValueError:
            speed = 1.0
        speed = 1.0 if math.isnan(speed) else min(1000.0, max(0.01, speed))
        performance = window.performance

        def now() -> float:
            return float(performance.now()) / 1000 * speed

        def make_controller(setup: Any, match: Any = None) -> Controller:
            dice = SeededDice(setup.seed) if setup.seed is not None else FunctionDice(crypto_die)
            return Controller(setup, prefs.view, dice=dice, match=match, time=now)

        _, url_setup = parse_query(query)
        fixed = fixes_match(query)
        stamp = float(window.Date.now())
        loaded = saves.load_match(store, stamp=stamp, time=now)
        saved_url = store.get(URL_KEY) if store is not None else None
        found = keeping.unreadable(loaded)  # a save that could not be read: set aside, or held
        resumed = loaded.match is not None and (not fixed or keeping.same_match(query, saved_url))
        ask = loaded.match is not None and not resumed and keeping.asks_before_replacing(loaded, query, saved_url)

        def fresh() -> tuple[Controller, P.MatchSetup]:
            """The match to play when there is none to resume: the URL's, else the last choices."""
            if fixed:
                return make_controller(url_setup), url_setup.fitted()
            return make_controller(prefs.new_match.seeded(seed)), prefs.new_match

        ctl = None
        started = True
        if resumed or ask:  # the match in progress, shown (under the question when asking)
            new_match = loaded.setup if loaded.setup.mode != ONLINE else prefs.new_match  # (online: the friend's terms)
            ctl, found = keeping.resume(loaded, store, make_controller, stamp=stamp, check=draw_once, now=now())
            if ctl is None:  # it failed while resuming: set aside (or held)
                resumed = ask = False
            elif ask:
                ctl.match.pause(now())  # until the answer
                started = False
            else:
                started = not loaded.finished
        if ctl is None:
            ctl, new_match = fresh()
            started = fixed or found is not None  # else a first visit: the new-match screen first

        sound = SoundPlayer(enabled=prefs.sound)
        sound.install()
        global APP
        APP = BoardApp(make_controller, ctl, store=store, prefs=prefs, new_match=new_match, sound=sound,
                       now=now, started=started, seed=seed, url=query)
        app = APP
        app.keeping = Keeping(stamp=stamp, unreadable=found, url_setup=url_setup if ask else None,
                              continue_query=keeping.continue_query(query, saved_url))
        try:
            app.refresh()
        except Exception:  # the resumed match cannot be shown: set aside, a fresh one
            if not (resumed or ask):
                raise
            import sys
            import traceback

            traceback.print_exc(file=sys.stdout)
            found = app.keeping.unreadable = keeping.put_aside(store, loaded.text or "", stamp, "drawing failed")
            ask = False
            app.keeping.url_setup = None
            app.started = True
            app.play_match(*fresh())
        online = False
        if found is None and not ask:  # (a save to decide about first: its question comes first)
            online = app.online.resume()  # issue 18: the online match kept here, rejoined
            online = app.online.guest(str(window.location.hash)) or online  # an invitation opened
            if not online and app.ctl.setup.mode == ONLINE:  # its session gone (left, or dropped): no dead board
                app.started = False  # the new-match screen over it (the match shown from the person's seat)
        if online:
            pass
        elif found is not None or ask:
            from web.view import dialogs  # (imported on first use: it costs boot time)

            app.dialogs.open(dialogs.unreadable_notice(found.held) if found is not None else dialogs.resume_or_new())
        elif (mode := new_match_mode(query)) is not None:  # the app's shortcut: "new match" with this opponent
            app.new_match = replace(app.new_match, mode=mode)
            app.open_new_match()
        elif not app.started:
            app.open_new_match()
        state = keeping.storage_state(store)
        if state is not keeping.StorageState.USABLE:  # said once: no "could not be saved" later
            app.saver.warned = True
            app.toast.show(t(keeping.STORAGE_WORDS[state]))
        document.getElementById("status-text").textContent = t("ready")
        from .exchange import listen_for_launches

        listen_for_launches(app)  # the installed app opened with a .mat file
        app.thinker.warm_up()  # the computer's data, idly, now that the board is up
    except BaseException:
        document.body.dataset.phase = "error"
        document.getElementById("status-text").textContent = "Python failed to start: see the console"
        raise
