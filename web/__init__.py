"""The browser side of Tavli.

Pure modules, tested under CPython: ``settings`` (view options and match setup from the URL),
``strings`` (every user-visible string), ``view`` (what is shown, as data), ``controller`` (board
intents to engine actions), ``geometry``, ``render`` (the SVG board), ``anim`` (which checkers
slide) and ``panel`` (the HTML around the board). ``browser`` and ``main`` are the thin layer that
touches the page (PyScript runs ``main``). See ARCHITECTURE.md.
"""
