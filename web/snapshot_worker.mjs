/* Make a Pyodide memory snapshot for the next visit (web/snapshot.mjs), off the page's main thread.
 *
 * A module worker, started by web/pyodide_early.mjs once the page is up and idle. It is sent
 * {modules}: the names of the modules to have imported (the game's pure-Python modules and the
 * standard library the boot used, none that touches the page). It loads the same vendored Pyodide
 * with `_makeSnapshot`, writes the same boot archive into /home/pyodide as the page does, imports
 * those modules, takes the snapshot and keeps it in Cache Storage under the key of the bytes it
 * used. It answers {stored: true, size} or {stored: false, reason}; failures (no storage, quota,
 * a module that cannot be imported here) are never errors: the next visit boots normally.
 * Needs no special headers (no SharedArrayBuffer).
 */

import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { LOCK } from "./pyodide_lock.mjs";
import { snapshotKey, storeSnapshot } from "./snapshot.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("../build/python.tar.gz", import.meta.url).href;  // web/pyodide_early.mjs ARCHIVE
const HOME = "/home/pyodide";

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/* Imports each named module, quietly skipping any that fails here, then clears what the loop
 * left behind, so that the snapshot holds the modules and nothing else. */
const IMPORT = `
import gc, importlib, json
for _name in json.loads(_TAVLI_MODULES):
    try:
        importlib.import_module(_name)
    except Exception:
        pass
del _name, _TAVLI_MODULES
gc.collect()
`;

async function make(modules) {
  const [pyodide, archive] = await Promise.all([loadPyodide({ indexURL, lockFileContents: LOCK, _makeSnapshot: true }), bytesOf(ARCHIVE)]);
  pyodide.unpackArchive(archive, "tar.gz", { extractDir: HOME });
  pyodide.runPython(`_TAVLI_MODULES = ${JSON.stringify(JSON.stringify(modules))}\n${IMPORT}`);
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(await snapshotKey(version, archive), bytes);
  return bytes.length;
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ stored: true, size: await make(data.modules) });
  } catch (error) {
    self.postMessage({ stored: false, reason: String(error && error.message ? error.message : error) });
  }
};
