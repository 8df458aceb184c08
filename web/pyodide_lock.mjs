/* Pyodide's package lock, which loadPyodide would otherwise fetch (pyodide-lock.json, 120 kB, not
 * shipped): the page installs no packages, so an empty one with the vendored Pyodide's "info" (it
 * checks the ABI; tests/test_stdlib.py compares them). Used by web/pyodide_early.mjs and
 * web/snapshot_worker.mjs, whose snapshot must come from a Pyodide loaded the same way. */
export const LOCK = '{"info": {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}, "packages": {}}';
