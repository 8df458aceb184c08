// Compile Python sources to the bytecode of the vendored Pyodide's Python (tools/pyscript_files.py).
//
//   node tools/pyc.mjs < request.json > response.json
//
// Reads {"files": {"tavli/game.py": "<source>", ...}} on stdin and writes {"tavli/game.py":
// "<base64 of the .pyc>", ...} on stdout: each file compiled by Pyodide's own CPython (the one the
// page runs, so the magic number matches) as an "unchecked-hash" .pyc (PEP 552), which the browser
// loads without comparing it with the source's timestamp (the zip unpacks with fresh mtimes).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
pyodide.globals.set("request_json", JSON.stringify(request));
const out = pyodide.runPython(`
import base64, json, os, py_compile
files = json.loads(request_json)["files"]
result = {}
for rel, source in files.items():
    src = "/tmp/pyc/" + rel
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    # dfile: the path tracebacks show, as in the browser's working directory
    pyc = py_compile.compile(src, cfile=src + "c", dfile="/home/pyodide/" + rel, doraise=True,
                             invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(pyc, "rb") as f:
        result[rel] = base64.b64encode(f.read()).decode()
import sys
json.dumps({"tag": sys.implementation.cache_tag, "files": result})
`);
process.stdout.write(out);
