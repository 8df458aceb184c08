"""The browser side of Tavli.

``geometry`` and ``render`` are plain Python (no browser imports) and are tested under CPython;
``main`` is the thin DOM layer that PyScript runs in the page.
"""
