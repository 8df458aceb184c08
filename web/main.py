"""The page's Python entry point, run by PyScript.

It reads the options from the URL (``web.settings``), builds the dice (the browser's
``crypto.getRandomValues``, or ``SeededDice`` for ``?seed=N``), the controller and the DOM layer,
draws the board in place of the HTML skeleton and sets ``<body data-phase>`` from ``loading`` to
the match's phase (``opening``) — the signal the browser tests wait for.
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
        from web.controller import Controller
        from web.dom import BoardApp
        from web.settings import parse_query
        from web.strings import t

        options, setup = parse_query(str(window.location.search))

        def make_controller() -> Controller:
            dice = SeededDice(setup.seed) if setup.seed is not None else FunctionDice(crypto_die)
            return Controller(setup, options, dice=dice)

        global APP
        APP = BoardApp(make_controller)  # a module global keeps the app and its event proxies alive
        app = APP
        document.body.classList.toggle("basic", options.basic)
        document.body.classList.toggle("home-left", options.home_left)
        app.refresh()
        document.getElementById("status-text").textContent = t("ready")
    except BaseException:
        document.body.dataset.phase = "error"
        document.getElementById("status-text").textContent = "Python failed to start: see the console"
        raise


start()
