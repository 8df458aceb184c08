"""The page's standard library (tools/stdlib.py) holds every module the game and the computer use.

It is Pyodide's own zip cut to the modules found by reading the app's imports and tracing them, so
a module missed there would be missing in the browser: here the vendored Pyodide starts in Node
with that zip (and the empty package lock the page passes), imports every module of the app, plays
a whole game of each variant between the computer's levels, writes and reads the matches back,
agrees on an opening roll between two online sessions (the dice commitments: hashlib, secrets), and
unpacks the boot archive as the page does where the browser cannot inflate it.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tavli.online.dice import commitment, dice_stream
from tools import pyscript_files, pystrip, stdlib  # the build tools (tools/ as a namespace package)

ROOT = Path(__file__).resolve().parents[1]


def _need_node() -> str:
    node = shutil.which("node")
    if node is None or not stdlib.STOCK.is_file() or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node or node_modules/pyodide is missing (make vendor)")
    return node


def _page_lock() -> str:
    """The package lock the page hands Pyodide (web/pyodide_lock.mjs, JSON text)."""
    module = (ROOT / "web" / "pyodide_lock.mjs").read_text()
    return re.search(r"^export const LOCK = '(.*)';$", module, re.M).group(1)


def test_the_page_passes_an_empty_lock_with_the_vendored_pyodides_info():
    # Pyodide refuses a lock of another ABI; the page installs no packages (pyscript.toml has none).
    lock = json.loads(_page_lock())
    assert lock["packages"] == {}
    stock = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
    if not stock.is_file():
        pytest.skip("node_modules/pyodide is missing (make vendor)")
    assert lock["info"] == json.loads(stock.read_text())["info"], "update LOCK in web/pyodide_lock.mjs"


def test_the_built_standard_library_is_up_to_date():
    _need_node()
    with zipfile.ZipFile(stdlib.STOCK) as stock:
        key = stdlib.stamp_key(stdlib.stdlib_imports(stdlib.app_sources(ROOT), stdlib.stock_modules(stock)))
    assert stdlib.OUTPUT.is_file() and stdlib.STAMP.read_text().strip() == key, (
        "web/vendor/pyodide/python_stdlib.zip is missing or older than the app's imports: run `make vendor`")


def test_the_standard_library_keeps_what_the_page_needs_and_drops_the_rest():
    _need_node()
    if not stdlib.OUTPUT.is_file():
        pytest.fail("web/vendor/pyodide/python_stdlib.zip is not built: run `make vendor`")
    with zipfile.ZipFile(stdlib.OUTPUT) as trimmed, zipfile.ZipFile(stdlib.STOCK) as stock:
        members = set(trimmed.namelist())
        kept = {name.removesuffix("c") for name in members}
        assert kept < set(stock.namelist())
        # Sources stripped; with BYTECODE, what Pyodide's start imports compiled (sourceless).
        assert trimmed.read("tarfile.py") == pystrip.strip(stock.read("tarfile.py"))
        assert ("typing.pyc" in members) == stdlib.BYTECODE and ("typing.py" in members) != stdlib.BYTECODE
    assert {"_pyodide/__init__.py", "pyodide/ffi/__init__.py", "encodings/utf_8.py", "asyncio/__init__.py",
            "json/__init__.py", "random.py", "html/__init__.py", "tarfile.py"} <= kept
    assert not kept & {"unittest/__init__.py", "sqlite3/__init__.py", "xml/__init__.py", "email/__init__.py",
                       "_pyrepl/__init__.py", "site-packages/README.txt"}


def test_imported_names_reads_every_import_statement():
    source = b"import os.path, json\nfrom a.b import c, d as e\nfrom . import near\ndef f():\n    import random\n"
    assert stdlib.imported_names(source) == {"os.path", "json", "a.b", "a.b.c", "a.b.d", "random"}


def test_stripping_keeps_every_line_and_the_code():
    source = (b'"""Doc.\n\nMore."""\nimport os  # why\nx = """keep  \n  # this"""\nclass A:\n'
              b'    """One line."""\n    def f(self):\n        # only a comment\n        return "# not one"  # one\n')
    out = pystrip.strip(source)
    assert out.splitlines() == [b'"""', b"", b'"""', b"import os", b'x = """keep  ', b'  # this"""', b"class A:",
                                b'    ""', b"    def f(self):", b"", b'        return "# not one"']
    scope: dict = {}
    exec(compile(out, "<stripped>", "exec"), scope)
    assert scope["x"] == "keep  \n  # this" and scope["A"]().f() == "# not one" and scope["A"].__doc__ == ""


# Before the imports: the computer's data unpacked by web/browser/aidata.py, as in the page.
UNPACK = """
from pathlib import Path
from web.browser import aidata
with open("/home/pyodide/ai.zip", "rb") as f:
    steps = aidata.unpack_steps(f.read(), Path("/home/pyodide"))
try:
    while True:
        next(steps)
except StopIteration as done:
    assert done.value, "nothing unpacked"
"""

# Played in Pyodide after importing everything: a game of each variant between two of the
# computer's levels (every level plays), each match written and read back in the save format,
# Portes' IDs; then the boot archive unpacked by Pyodide as web/pyodide_early.mjs does where the
# browser cannot inflate it.
PLAY = """
import os
import js, pyodide_js
from pyodide.ffi import to_js
from tavli.ai.players import make_player
from tavli.cli import play_match
from tavli.formats import matchio, savefile
from tavli.match import Match
from tavli.scoring import Rules

result = {}
for variant, first, second in (("portes", "champion", "beginner"), ("plakoto", "expert", "intermediate"),
                               ("fevga", "champion", "intermediate")):
    match = Match(1, Rules.preset("greek"), seed=7, variant=variant)
    play_match(match, [make_player(first, seed=1), make_player(second, seed=2)])
    again = savefile.loads(savefile.dumps(match, now=0))
    result[variant] = [match.is_over(), list(match.scores), savefile.dumps(again, now=0) == savefile.dumps(match, now=0)]
result["xgid"] = matchio.xgid(Match(3, Rules.preset("international"), seed=1))
# Online: the dice commitments (hashlib, secrets) and two sessions agreeing on an opening roll.
import itertools
from tavli.online.dice import commitment, dice_stream, new_secret
from tavli.online.session import Session
from tavli.online.terms import Terms
sides = [Session("host", "a", terms=Terms("fevga", 3, "greek", "blitz"), clock=lambda: 5.0),
         Session("guest", "b", clock=lambda: 9.0)]
for side in sides:
    side.connected(1.0)
for _ in range(6):
    for i, side in enumerate(sides):
        for text in side.outbox():
            sides[1 - i].receive(text, 1.0)
    if sides[1].terms is not None and sides[1].match is None:
        sides[1].accept(1.0)
result["online"] = [len(new_secret()), commitment("0" * 64, 1, 0), list(itertools.islice(dice_stream("0" * 64, "1" * 64, 1), 6)),
                    [str(side.match.phase) for side in sides], sides[0].match.opening_dice == sides[1].match.opening_dice is not None]
with open("/home/pyodide/boot.tar.gz", "rb") as f:
    data = to_js(f.read())
pyodide_js.unpackArchive(data, "tar.gz", to_js({"extractDir": "/tmp/unpacked"}, dict_converter=js.Object.fromEntries))
result["unpacked"] = sorted(os.listdir("/tmp/unpacked"))
"""


def test_the_game_and_the_computer_run_on_the_trimmed_standard_library(tmp_path):
    node = _need_node()
    if not stdlib.OUTPUT.is_file():
        pytest.fail("web/vendor/pyodide/python_stdlib.zip is not built: run `make vendor`")
    # As the page gets them (bytecode): the boot archive's files in place, the AI's unpacked by the
    # page's loader.
    archives = pyscript_files.all_archives(ROOT)
    files = dict(pyscript_files.read_archive(archives[pyscript_files.ARCHIVE])[0])
    files["boot.tar.gz"] = archives[pyscript_files.ARCHIVE]
    files["ai.zip"] = archives[pyscript_files.AI_ARCHIVE]
    app = sorted(stdlib.module_name(rel) for rel in pyscript_files.python_files(ROOT))
    sources = stdlib.app_sources(ROOT)
    with zipfile.ZipFile(stdlib.STOCK) as stock:
        names = stdlib.stdlib_imports(sources, stdlib.stock_modules(stock))
    request = {
        "stdlib": str(stdlib.OUTPUT), "lock": _page_lock(),
        "files": {rel: base64.b64encode(data).decode() for rel, data in files.items()},
        "setup": stdlib.STAND_IN + UNPACK,
        "imports": [*names, *(name for name in app if name not in stdlib.NOT_IMPORTED)],
        "run": PLAY,
    }
    done = subprocess.run([node, str(ROOT / "tools" / "stdlib.mjs")], input=json.dumps(request).encode(),
                          capture_output=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    answer = json.loads(done.stdout)
    assert answer["failed"] == {}, json.dumps(answer["failed"], indent=1)
    assert ".zip/json/__init__.py" in answer["modules"]["json"]  # from the zip given (source or bytecode)
    result = answer["result"]
    for variant in ("portes", "plakoto", "fevga"):
        over, scores, reread = result[variant]
        assert over and max(scores) >= 1 and reread, (variant, result[variant])
    assert result["xgid"].startswith("XGID=")
    online = ["0" * 64, "1" * 64]
    assert result["online"] == [64, commitment(online[0], 1, 0), list(itertools.islice(dice_stream(*online, 1), 6)),
                                ["roll", "roll"], True]
    assert {"tavli", "web", pyscript_files.STAMP} <= set(result["unpacked"])
