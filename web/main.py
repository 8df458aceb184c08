"""The page's Python entry point, run by PyScript (the thin DOM layer).

It draws the starting position as an SVG board in place of the HTML skeleton, then marks the page
ready (``<body data-phase="ready">``) — the signal the browser tests wait for. Everything that can
be computed without a browser lives in ``web.geometry`` / ``web.render`` and in ``tavli``.
"""

from pyscript import document


def show(position) -> None:
    """Replace whatever is in ``#board`` (at first the skeleton) by the SVG board."""
    from web.render import render_board

    document.getElementById("board").innerHTML = render_board(position)


def start() -> None:
    try:
        from tavli import Position

        show(Position.initial())
        document.getElementById("status-text").textContent = "Ready"
    except BaseException:
        document.body.dataset.phase = "error"
        document.getElementById("status-text").textContent = "Python failed to start: see the console"
        raise
    document.body.dataset.phase = "ready"


start()
