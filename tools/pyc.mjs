// Compile Python sources to the bytecode of the vendored Pyodide's Python (tools/pyscript_files.py).
//
//   node tools/pyc.mjs < request.json > response.json
//
// Reads {"files": {"tavli/game.py": "<source>", ...}, "checked": ["pyscript/util.py", ...]} on stdin
// and writes {"tag": "cpython-3XX", "files": {"tavli/game.py": "<base64 of the .pyc>", ...}} on
// stdout: each file compiled by Pyodide's own CPython (the one the page runs, so the magic number
// matches) as a hash-based .pyc (PEP 552), which the browser loads without comparing it with the
// source's timestamp (the archive unpacks with fresh mtimes). "Unchecked" by default: loaded as
// is (it travels instead of its source, or with it); "checked" for the files
// listed: the import system hashes the source it finds and uses the bytecode only if it matches
// (for modules whose source the page gets from elsewhere, e.g. PyScript's own package). "prefix"
// (optional, default "/home/pyodide/", the page's working directory) is where the page finds the
// files: the path that tracebacks show is the prefix and the file's path.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

// Without column tables (-X no_debug_ranges): a fifth smaller; tracebacks keep file and line.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
pyodide.globals.set("request_json", JSON.stringify(request));
const out = pyodide.runPython(`
import base64, json, os, py_compile
request = json.loads(request_json)
files, checked = request["files"], set(request.get("checked", ()))
prefix = request.get("prefix", "/home/pyodide/")
modes = py_compile.PycInvalidationMode
result = {}
for rel, source in files.items():
    src = "/tmp/pyc/" + rel
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    # dfile: the path tracebacks show, where the browser finds the file
    pyc = py_compile.compile(src, cfile=src + "c", dfile=prefix + rel, doraise=True,
                             invalidation_mode=modes.CHECKED_HASH if rel in checked else modes.UNCHECKED_HASH)
    with open(pyc, "rb") as f:
        result[rel] = base64.b64encode(f.read()).decode()
import sys
json.dumps({"tag": sys.implementation.cache_tag, "files": result})
`);
process.stdout.write(out);
