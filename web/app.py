"""The page's start: what ``web/main.py`` (PyScript's script) runs.

1. The options kept on this device (``web.prefs`` in localStorage), with the URL's parameters put
   over them for this visit (``web.settings``); the language: the option, else the browser's.
2. The match: the one saved in localStorage (``web.saves``), resumed where it was, clock
   included; else the one the URL names (``?seed=``, ``mode``, ``length``...); else, on a first
   visit, the new-match screen opens over a board waiting to start. A save that cannot be read is
   set aside and reported once.
3. The dice (the browser's ``crypto.getRandomValues``, or ``SeededDice`` for ``?seed=N``), the
   controller and the DOM layer (``web.dom.BoardApp``); ``<body data-phase>`` leaves ``loading``
   for the match's phase, the signal the browser tests wait for.

``?clockspeed=F`` multiplies the time the clock sees (tests: a 20x clock drains in seconds).
"""

from pyscript import document, window

APP = None


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
        from web import i18n, saves
        from web import prefs as P
        from web.controller import Controller
        from web.dom import URL_KEY, BoardApp
        from web.settings import fixes_match, parse_query, query_params
        from web.sound import SoundPlayer
        from web.storage import browser_storage
        from web.strings import t

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
        speed = min(1000.0, max(0.01, speed)) if speed == speed else 1.0
        performance = window.performance

        def now() -> float:
            return float(performance.now()) / 1000 * speed

        def make_controller(setup, match=None) -> Controller:
            dice = SeededDice(setup.seed) if setup.seed is not None else FunctionDice(crypto_die)
            return Controller(setup, prefs.view, dice=dice, match=match, time=now)

        _, url_setup = parse_query(query)
        fixed = fixes_match(query)
        loaded = saves.load_match(store, stamp=float(window.Date.now()), time=now)
        saved_url = store.get(URL_KEY) if store is not None else None
        problem = loaded.problem
        started = True
        if loaded.match is not None and not (fixed and saved_url != query):
            new_match = loaded.setup
            ctl = make_controller(new_match.setup(), loaded.match)
            loaded.match.resume(now())
            started = not loaded.finished
        elif fixed:
            new_match = P.NewMatch.of_setup(url_setup)
            ctl = make_controller(url_setup)
        else:
            new_match = prefs.new_match
            ctl = make_controller(new_match.setup(seed=seed))
            started = problem is not None  # a first visit: the new-match screen first

        sound = SoundPlayer(enabled=prefs.sound)
        sound.install()
        global APP
        APP = BoardApp(make_controller, ctl, store=store, prefs=prefs, new_match=new_match, sound=sound,
                       now=now, started=started, seed=seed, url=query)  # a module global keeps it alive
        app = APP
        app.refresh()
        if problem is not None:
            from web import dialogs

            app.open_dialog(dialogs.notice(t("save_unreadable")))
        elif not started:
            app.open_new_match()
        document.getElementById("status-text").textContent = t("ready")
        app.schedule_warm_up()  # the computer's data, idly, now that the board is up
    except BaseException:
        document.body.dataset.phase = "error"
        document.getElementById("status-text").textContent = "Python failed to start: see the console"
        raise
