"""The page's Python entry point, run by PyScript: it starts the game (web/browser/app.py).

PyScript compiles this file from source at every boot (Pyodide's ``ast.parse`` and ``compile``
of a script cost ~1 ms per 100 lines in the browser); the modules it imports come with their
bytecode in the boot archive (tools/pyscript_files.py), so the work lives there.
"""

from web.browser.app import start

start()
