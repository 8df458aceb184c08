// Run a Python script under the vendored Pyodide in node (the page's Python, without a browser).
//
//   node bench/pyodide_run.mjs SCRIPT [ARGS...]
//
// The repository and the directories named in TAVLI_PYODIDE_MOUNTS (colon-separated) are mounted
// at their own paths; the script runs with the repository as its working directory and
// sys.argv = [SCRIPT, ARGS...]. Used by bench/eval_parts.py --pyodide.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
const mounts = [root, ...(process.env.TAVLI_PYODIDE_MOUNTS || "").split(":").filter(Boolean)];
for (const dir of mounts) {
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, dir);
}
pyodide.globals.set("run_argv", [path.resolve(script), ...args]);
pyodide.runPython(`
import os, runpy, sys
sys.argv = list(run_argv)
os.chdir(${JSON.stringify(root)})
runpy.run_path(sys.argv[0], run_name="__main__")
`);
