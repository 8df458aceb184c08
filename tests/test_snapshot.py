"""The page's Pyodide memory snapshot (web/snapshot.mjs, web/snapshot_worker.mjs, the boot in
web/pyodide_early.mjs): what can be checked outside the browser. e2e/test_snapshot.py checks the
whole: a returning visit restores, an unfit snapshot falls back, offline."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import precache

ROOT = Path(__file__).resolve().parents[1]
EARLY = ROOT / "web" / "pyodide_early.mjs"




def test_the_early_modules_own_imports_are_preloaded():
    # Found only once pyodide_early.mjs has arrived, each would cost the boot a round trip.
    html = (ROOT / "index.html").read_text()
    local = re.findall(r'from "\./(\w+\.mjs)"', EARLY.read_text())
    assert "snapshot.mjs" in local
    for name in local:
        assert f'<link rel="modulepreload" href="./web/{name}">' in html, name


def test_the_snapshot_code_is_precached(tmp_path):
    # Offline, the worker that makes a snapshot and the module that reads it come from the cache.
    files = precache.precache_files(ROOT)
    assert {"web/snapshot.mjs", "web/snapshot_worker.mjs", "web/pyodide_early.mjs"} <= set(files)
    worker = (ROOT / "web" / "snapshot_worker.mjs").read_text()
    for target in re.findall(r'from "\./([\w/.]+)"', worker):
        assert f"web/{target}" in files, target


def _modules_expression() -> str:
    """The Python expression web/pyodide_early.mjs runs for the names the snapshot imports."""
    found = re.search(r"const MODULES = `(.*?)`;", EARLY.read_text(), re.S)
    assert found, "MODULES is gone from web/pyodide_early.mjs"
    return found.group(1)


def test_the_snapshot_imports_the_boots_modules_less_those_that_touch_the_page(monkeypatch):
    import tavli.match  # noqa: F401  (imported by the boot)
    import web.view.render  # noqa: F401

    for name in ("pyscript", "pyscript.web", "_pyscript", "js", "pyodide.ffi", "pyodide_js", "_pyodide._base",
                 "web.browser", "web.browser.page", "tavli.ai._weights_data"):
        monkeypatch.setitem(sys.modules, name, type(sys)(name))
    names = json.loads(eval(_modules_expression()))  # noqa: S307 (the page's own expression)
    assert {"tavli", "tavli.match", "web.view.render", "json"} <= set(names)
    assert not [n for n in names if n.split(".")[0] in ("pyscript", "_pyscript", "js", "pyodide", "pyodide_js", "_pyodide")]
    assert not [n for n in names if n.startswith(("web.browser", "tavli.ai._"))]
    assert "__main__" not in names
    assert names.index("tavli") < names.index("tavli.match")  # in the order they were imported


def _node_json(script: str):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=True)
    return json.loads(done.stdout)


def test_the_snapshot_key_follows_the_archive_and_pyodide():
    # The key changes with the boot archive's bytes (one byte is enough) and Pyodide's version, and
    # only with them: the same bytes, the same key.
    script = """
        import { snapshotKey } from "./web/snapshot.mjs";
        const a = new Uint8Array([1, 2, 3]), a2 = new Uint8Array([1, 2, 4]);
        const keys = await Promise.all([snapshotKey("1", a), snapshotKey("1", a.slice()), snapshotKey("1", a2),
          snapshotKey("2", a)]);
        console.log(JSON.stringify(keys));
    """
    same, again, changed, other_pyodide = _node_json(script)
    assert re.fullmatch(r"[0-9a-f]{64}", same)
    assert same == again
    assert len({same, changed, other_pyodide}) == 3


def test_the_checksum_finds_damage():
    # A flipped bit anywhere (in the words or the tail), words swapped, a cut: another checksum.
    script = """
        import { checksum } from "./web/snapshot.mjs";
        const bytes = new Uint8Array(1 << 16).map((_, i) => (i * 7919) & 255);
        const flip = (at) => { const copy = bytes.slice(); copy[at] ^= 1; return checksum(copy); };
        const odd = bytes.slice(0, 1001);
        const swapped = bytes.slice(); swapped.set(bytes.subarray(4, 8), 0); swapped.set(bytes.subarray(0, 4), 4);
        console.log(JSON.stringify({sum: checksum(bytes), again: checksum(bytes.slice()),
          others: [flip(0), flip(40000), flip(bytes.length - 1), checksum(bytes.subarray(0, bytes.length >> 1)),
                   checksum(swapped), checksum(odd), (() => { const c = odd.slice(); c[1000] ^= 128; return checksum(c); })()]}));
    """
    found = _node_json(script)
    assert re.fullmatch(r"[0-9a-f]{24}", found["sum"]) and found["sum"] == found["again"]
    assert len({found["sum"], *found["others"]}) == 1 + len(found["others"])


def _restored_fixups() -> str:
    """The Python web/pyodide_early.mjs runs in an interpreter restored from a snapshot."""
    found = re.search(r"const RESTORED = `(.*?)`;", EARLY.read_text(), re.S)
    assert found, "RESTORED is gone from web/pyodide_early.mjs"
    return found.group(1)


def test_a_restored_interpreter_is_reseeded_and_imports_from_the_stdlib(tmp_path):
    # With the real Pyodide in Node: a snapshot with random imported, restored twice with the
    # page's fix-ups, over a stdlib zip whose members lie elsewhere (packed in reverse order, as a
    # stdlib trimmed otherwise would be). Each restore draws other numbers; a stdlib module the
    # snapshot did not import still imports (the zip's directory read again); sys.path has "" once;
    # the fix-ups leave nothing in __main__.
    import zipfile

    stdlib = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not stdlib.is_file():
        pytest.skip("node_modules/pyodide is missing (make vendor)")
    moved = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(moved, "w") as target:
        for info in reversed(source.infolist()):
            target.writestr(info, source.read(info))
    script = f"""
        import {{ loadPyodide }} from "./node_modules/pyodide/pyodide.mjs";
        const maker = await loadPyodide({{ _makeSnapshot: true }});
        maker.runPython("import random, json");
        const snapshot = maker.makeMemorySnapshot();
        const out = [];
        for (let i = 0; i < 2; i++) {{
          const py = await loadPyodide({{ _loadSnapshot: snapshot.slice(), stdLibURL: {json.dumps(str(moved))} }});
          const scope = py.toPy({{}});
          py.runPython({json.dumps(_restored_fixups())}, {{ globals: scope }});
          scope.destroy();
          out.push(JSON.parse(py.runPython(`import json, random, sys, fractions
json.dumps([random.random(), str(fractions.Fraction(2, 6)), sys.path.count(""), sorted(k for k in globals() if not k.startswith("__"))])`)));
        }}
        console.log(JSON.stringify(out));
    """
    (first, second) = _node_json(script)
    assert first[0] != second[0]
    assert first[1:3] == second[1:3] == ["1/3", 1]
    assert not {"finder", "zipimport"} & set(first[3])  # (the names the fix-ups use)
