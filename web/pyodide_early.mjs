/* Start Pyodide at once, in parallel with PyScript's own start-up, and hand PyScript that interpreter.
 *
 * pyscript.toml names this module as PyScript's `interpreter`, and index.html imports it before
 * PyScript's core.js. Importing it begins loadPyodide() right away (the vendored Pyodide of
 * web/vendor/pyodide/, as before): the runtime downloads, compiles and initialises while PyScript
 * is still fetching its chunks, pyscript.toml and its TOML parser (~0.4 s of a cold boot that
 * used to come before Pyodide even started). When PyScript then calls this module's loadPyodide,
 * it gets the interpreter already under way, with PyScript's stdout and stderr attached; the page
 * still runs exactly one Pyodide. PyScript reads `loadPyodide` and `version`, as from pyodide.mjs.
 *
 * Options this early start cannot honour (anything beyond stdout, stderr and indexURL, e.g. the
 * lock file PyScript passes when pyscript.toml has `packages`) make it load a Pyodide of its own,
 * as pyodide.mjs would: this is an optimisation, never a change of behaviour.
 */

import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
let early = null;
let handedOver = false;

/** The interpreter started by this module (started by the first call). */
export function start() {
  if (!early) {
    early = load({ indexURL }).then((pyodide) => {
      performance.mark("tavli:pyodide-ready");  // bench/boot.py: the boot after this is Tavli's own
      return pyodide;
    });
  }
  return early;
}

/** PyScript's entry point: the early interpreter, with PyScript's output callbacks. */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _ignored, ...rest } = options;
  if (handedOver || Object.keys(rest).length > 0) return load({ ...options, indexURL });
  handedOver = true;
  const pyodide = await start();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}

start().catch(() => {});  // a failure is reported where PyScript awaits it, not twice
