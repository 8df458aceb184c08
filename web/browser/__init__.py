"""The browser layer: the only modules of ``web`` that touch the page (``js``, ``pyodide``,
``pyscript``), run by PyScript (``web/main.py`` calls :func:`web.browser.app.start`).

``app`` (the start), ``page`` (``BoardApp``: builds the parts below and wires them),
``board_events`` (pointer events to gestures), ``actions`` (the panel's buttons), ``dialog_host``,
``refresh`` (drawing), ``clock_loop``, ``persist`` (saving), ``toast``, ``runner`` (what plays by
itself), ``thinker`` (the computer's work in slices), ``aidata`` (its data archive), ``audio``,
``storage`` (localStorage), ``keeping_answers``, ``jsutil``. Importing this package imports none
of them: ``audio``, ``storage`` and ``aidata`` load under CPython too (the browser only on use).
"""
