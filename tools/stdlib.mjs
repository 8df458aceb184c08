// Which standard library modules Python imports, in the vendored Pyodide (tools/stdlib.py).
//
//   node tools/stdlib.mjs < request.json > response.json
//
// Reads {"files": {"tavli/game.py": "<base64>", ...}, "imports": ["json", "tavli.game", ...],
// "stdlib": "<path of a python_stdlib.zip>" and "lock": "<pyodide-lock.json text>" (optional; else
// Pyodide's own), "setup" and "run": "<python>" (optional)} on stdin. Starts Pyodide with that
// standard library, writes the files into its working directory (/home/pyodide, first on sys.path,
// as in the page), runs "setup", imports each module of "imports" in turn (a failure is recorded,
// not fatal), then writes {"modules": {"json": "/lib/python314.zip/json/__init__.py", ...}, ...}:
// every module then in sys.modules with where it came from ("frozen", "built-in", a path). "run"
// comes after that record, with `modules` (that dict) and `started` (the names in sys.modules when
// Pyodide had started) in its globals; what it leaves in `result`
// (JSON) is the answer's "result". Failures: "failed": {"name or <setup>/<run>": "error"}.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

// Without column tables (-X no_debug_ranges), as tools/pyc.mjs: for bytecode that "run" compiles.
const options = { env: { PYTHONNODEBUGRANGES: "1" }, stdout: (s) => process.stderr.write(s + "\n"), stderr: (s) => process.stderr.write(s + "\n") };
if (request.stdlib) options.stdLibURL = request.stdlib;
if (request.lock) options.lockFileContents = request.lock;
const pyodide = await loadPyodide(options);
for (const [rel, data] of Object.entries(request.files || {})) {
  const path = `/home/pyodide/${rel}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, Buffer.from(data, "base64"));
}
pyodide.globals.set("request_json", JSON.stringify({ imports: request.imports || [], setup: request.setup || "", run: request.run || "" }));
const out = await pyodide.runPythonAsync(`
import importlib, json, sys, traceback
started = sorted(sys.modules)
request = json.loads(request_json)
failed = {}
def execute(key, scope):
    try:
        exec(compile(request[key], "<" + key + ">", "exec"), scope)
    except BaseException:
        failed["<" + key + ">"] = traceback.format_exc()
    return scope
if request["setup"]:
    execute("setup", {"__name__": "__setup__"})
for name in request["imports"]:
    try:
        importlib.import_module(name)
    except BaseException as error:  # recorded: the caller decides whether it matters
        failed[name] = "".join(traceback.format_exception_only(error)).strip()
def origin(module):
    spec = getattr(module, "__spec__", None)
    return str(getattr(spec, "origin", None) or getattr(module, "__file__", None) or "")
modules = {name: origin(m) for name, m in sorted(sys.modules.items()) if m is not None}
scope = {"__name__": "__run__", "modules": modules, "started": started}
result = execute("run", scope).get("result") if request["run"] else None
json.dumps({"modules": modules, "failed": failed, "result": result})
`);
process.stdout.write(out);
