/* Start Pyodide at once, in parallel with PyScript's own start-up, and hand PyScript that interpreter
 * with the game's Python already in its file system.
 *
 * pyscript.toml names this module as PyScript's `interpreter`, and index.html imports it before
 * PyScript's core.js. Importing it begins loadPyodide() right away (the vendored Pyodide of
 * web/vendor/pyodide/): the runtime downloads, compiles and initialises while PyScript is still
 * fetching its chunks, pyscript.toml and its TOML parser. When PyScript then calls this module's
 * loadPyodide, it gets the interpreter already under way, with PyScript's stdout and stderr
 * attached; the page still runs exactly one Pyodide. PyScript reads `loadPyodide` and `version`,
 * as from pyodide.mjs.
 *
 * The game's Python, build/python.zip (tools/pyscript_files.py), is fetched and inflated here too,
 * in parallel with Pyodide (web/untar.mjs), and written into the interpreter's working directory
 * (/home/pyodide: tavli/, web/ and their bytecode) as soon as Pyodide is up, before PyScript asks for
 * it. PyScript's own `[files]` would fetch it only then, and unpack it with Python's zipfile
 * (~35 ms of the main thread that the page is waiting on). Where the browser cannot inflate
 * (no DecompressionStream), Pyodide unpacks the archive as PyScript would have.
 *
 * Returning visits skip Python's start-up: where an earlier visit left a Pyodide memory snapshot
 * (web/snapshot.mjs) whose key matches this visit's Pyodide and archive bytes and whose checksum its
 * bytes, Pyodide is restored from it, the game's modules already imported (its random module is
 * reseeded, the import caches cleared: the files are written afresh). Without one, or with an
 * unfit one (deleted), the boot is the usual one, and once the page is up and idle a worker
 * (web/snapshot_worker.mjs) makes the snapshot for the next visit. <body data-boot> says which
 * boot ran ("snapshot" or "fresh"), <body data-snapshot> how the making went.
 *
 * Options this early start cannot honour (anything beyond stdout, stderr and indexURL, e.g. the
 * lock file PyScript passes when pyscript.toml has `packages`) make it load a Pyodide of its own,
 * as pyodide.mjs would, with the game's files written into it as well: this is an optimisation,
 * never a change of behaviour.
 */

import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";
import { ArchiveError, canInflate, gunzip, isGzip, untar } from "./untar.mjs";
import { canSnapshot, findSnapshot, forgetSnapshot, snapshotKey } from "./snapshot.mjs";
import { LOCK } from "./pyodide_lock.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
/** The game's Python (tools/pyscript_files.py ARCHIVE), relative to this module. */
export const ARCHIVE = "../build/python.tar.gz";
const HOME = "/home/pyodide";  // Pyodide's working directory: first on sys.path, where PyScript writes too
const STAMP = ".tavli-archive";  // the archive's last member (tools/pyscript_files.py STAMP)
const archiveURL = new URL(ARCHIVE, import.meta.url);

let early = null;
let archive = null;
let handedOver = false;

/** A failed download (no answer, or the bytes stopped coming) as an ArchiveError "network". */
const cut = (error) => new ArchiveError("network", `${archiveURL.pathname}: ${error && error.message ? error.message : error}`, error);

/** The archive's members, inflated as they arrive, or its bytes where this browser cannot inflate;
 * and `raw`, a promise of its bytes as fetched (the snapshot's key), where snapshots can be kept. */
function fetchArchive() {
  if (!archive) {
    archive = fetch(archiveURL).catch((error) => { throw cut(error); }).then(async (response) => {
      if (!response.ok) throw new Error(`${archiveURL.pathname}: HTTP ${response.status}`);
      if (!canInflate) {
        const buffer = await response.arrayBuffer().catch((error) => { throw cut(error); });
        return { buffer, members: null, raw: Promise.resolve(buffer) };
      }
      let body = response.body;
      let raw = null;
      if (canSnapshot) {
        const [inflate, keep] = body.tee();
        body = inflate;
        raw = new Response(keep).arrayBuffer();
        raw.catch(() => {});  // the same failure reaches gunzip, which reports it
      }
      return { buffer: null, members: untar(await gunzip(body)), raw };
    });
  }
  return archive;
}

/** Write the game's Python into `pyodide`'s working directory; returns `pyodide`. */
async function install(pyodide) {
  const { buffer, members } = await fetchArchive();
  if (members === null) {
    try {
      pyodide.unpackArchive(buffer, isGzip(new Uint8Array(buffer)) ? "tar.gz" : "tar", { extractDir: HOME });
    } catch (error) {
      throw new ArchiveError("damaged", `${archiveURL.pathname}: ${error && error.message ? error.message : error}`, error);
    }
    return pyodide;
  }
  const outside = members.find(([name]) => name.startsWith("/") || name.split("/").includes(".."));
  if (outside) throw new Error(`${archiveURL.pathname}: refusing ${outside[0]}`);
  if (!members.some(([name]) => name === STAMP)) throw new Error(`${archiveURL.pathname} is incomplete`);
  const { FS } = pyodide;
  for (const [name, data] of members) {
    const path = `${HOME}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
  }
  return pyodide;
}

/** The key of this visit's files for a snapshot (web/snapshot.mjs): the boot archive's bytes. */
async function currentKey() {
  return snapshotKey(version, await (await fetchArchive()).raw);
}

/* Run in an interpreter restored from a snapshot, whose memory is that of the one that made it: a
 * new seed for `random` (seeded once, at its import), the directory finders' caches cleared (the
 * files are written afresh; not importlib.invalidate_caches(), which imports importlib.metadata),
 * the stdlib zip's directory forgotten (read again from this visit's python_stdlib.zip when next
 * needed: a stdlib trimmed otherwise moves its members), and sys.path's "" once (Pyodide adds it
 * again at each start). Run in globals of its own. */
const RESTORED = `import sys, zipimport
zipimport._zip_directory_cache.clear()
for finder in sys.path_importer_cache.values():
    if type(finder).__name__ == "FileFinder":
        finder.invalidate_caches()
sys.path[:] = dict.fromkeys(sys.path)
if "random" in sys.modules:
    sys.modules["random"].seed()
`;

/** Pyodide restored from the stored snapshot, or null (none, another key, damaged, any failure:
 * the stale entry is then deleted). The key is checked before the memory is restored. */
async function restore() {
  try {
    const stored = await findSnapshot();
    if (!stored) return null;
    const bytes = currentKey().then(async (key) => {
      if (key !== stored.key) throw new Error("the stored snapshot is of other files");
      return stored.bytes;
    });
    // Handled here as well as by load(), which may only look at it after the key is known: a
    // rejection nobody has yet handled is a page error (seen after an update, the key changed).
    bytes.catch(() => {});
    const pyodide = await load({ indexURL, lockFileContents: LOCK, _loadSnapshot: bytes });
    const scope = pyodide.toPy({});  // its own globals: nothing left in PyScript's
    try {
      pyodide.runPython(RESTORED, { globals: scope });
    } finally {
      scope.destroy();
    }
    return pyodide;
  } catch (error) {
    await forgetSnapshot();
    return null;
  }
}

/** Pyodide: restored from a snapshot where one fits, else started as usual. */
async function boot() {
  const restored = await restore();
  document.body.dataset.boot = restored ? "snapshot" : "fresh";
  return restored || load({ indexURL, lockFileContents: LOCK });
}

/** The interpreter started by this module, the game's Python in place (started by the first call). */
export function start() {
  if (!early) {
    fetchArchive().catch(() => {});  // reported by install(), where it is awaited
    early = boot().then((pyodide) => {
      performance.mark("tavli:pyodide-ready");  // bench/boot.py: the boot after this is Tavli's own
      return install(pyodide);
    });
  }
  return early;
}

/** PyScript's entry point: the early interpreter, with PyScript's output callbacks. */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _ignored, ...rest } = options;
  if (handedOver || Object.keys(rest).length > 0) {
    return install(await load({ lockFileContents: options.lockFileURL ? undefined : LOCK, ...options, indexURL }));
  }
  handedOver = true;
  const pyodide = await start();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  if (document.body.dataset.boot === "fresh") snapshotLater(pyodide);
  return pyodide;
}

/* The modules a snapshot should have imported, as JSON: those this page's boot imported, less the
 * ones that touch the page (PyScript's, Pyodide's, web.browser) and the computer's data (not in
 * the boot archive). One expression, so that nothing is left in PyScript's globals. */
const MODULES = `__import__("json").dumps([n for n in list(__import__("sys").modules)
  if n.split(".")[0] not in ("pyscript", "_pyscript", "js", "pyodide", "pyodide_js", "_pyodide", "__main__")
  and not n.startswith(("web.browser", "tavli.ai._"))])`;

/** Once the page is up and idle, and the computer's data in if it is coming (<body data-aidata>:
 * the snapshot's fetches then do not compete with it), have web/snapshot_worker.mjs make a snapshot
 * for the next visit. <body data-snapshot> (a test hook): "pending", "making", then "stored" or
 * "failed" (the next visit then boots as this one). */
function snapshotLater(pyodide) {
  if (!canSnapshot || typeof Worker !== "function") return;
  const body = document.body;
  body.dataset.snapshot = "pending";
  const idle = (then) => (typeof requestIdleCallback === "function" ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 0));
  const check = () => {
    const { phase, aidata } = body.dataset;
    if (phase === "error") {
      observer.disconnect();
      delete body.dataset.snapshot;
    } else if (phase !== "loading" && !["pending", "loading", "retry"].includes(aidata)) {
      observer.disconnect();
      idle(() => makeSnapshot(pyodide));
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(body, { attributes: true, attributeFilter: ["data-phase", "data-aidata"] });
  check();
}

function makeSnapshot(pyodide) {
  const body = document.body;
  const done = (stored) => {
    body.dataset.snapshot = stored ? "stored" : "failed";
    if (stored) performance.mark("tavli:snapshot-stored");
  };
  body.dataset.snapshot = "making";
  try {
    const modules = JSON.parse(pyodide.runPython(MODULES));
    const worker = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => { worker.terminate(); done(data.stored); };
    worker.onerror = (event) => { event.preventDefault(); worker.terminate(); done(false); };
    worker.postMessage({ modules });
  } catch (error) {
    done(false);
  }
}

/* What the page says when the archive's download failed or arrived damaged (ArchiveError's kind),
 * in the player's language: Python's catalogue (web/i18n: boot_network, boot_damaged) is not there
 * yet. tests/test_i18n.py checks these against it. */
const WORDS = {
  en: { network: "Tavli could not start: the download failed (check the connection). Reload the page to try again.", damaged: "Tavli could not start: the download was damaged. Reload the page to try again." },
  el: { network: "Το Τάβλι δεν μπόρεσε να ξεκινήσει: η λήψη απέτυχε (ελέγξτε τη σύνδεση). Φορτώστε ξανά τη σελίδα για νέα προσπάθεια.", damaged: "Το Τάβλι δεν μπόρεσε να ξεκινήσει: η λήψη αλλοιώθηκε. Φορτώστε ξανά τη σελίδα για νέα προσπάθεια." },
  bg: { network: "Табла не можа да стартира: изтеглянето не успя (проверете връзката). Презаредете страницата, за да опитате отново.", damaged: "Табла не можа да стартира: изтеглянето е повредено. Презаредете страницата, за да опитате отново." },
};

/** The language option (web.model.prefs keeps it in localStorage), else the browser's (as web/sw_register.js). */
function language() {
  try {
    const prefs = JSON.parse(localStorage.getItem("tavli.prefs") || "{}");
    if (prefs && WORDS[prefs.language]) return prefs.language;
  } catch (error) { /* unreadable preferences, or no storage: follow the browser */ }
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (WORDS[base]) return base;
  }
  return "en";
}

/** Show on the page that the game cannot start (PyScript also reports the error, in the console). */
function report(error) {
  document.body.dataset.phase = "error";
  const status = document.getElementById("status-text");
  if (!status) return;
  if (error instanceof ArchiveError) {
    console.warn(`Tavli: ${error.message}`);  // the details, for whoever looks
    status.textContent = WORDS[language()][error.kind];
  } else {
    status.textContent = `Tavli could not start: ${error && error.message ? error.message : error}`;
  }
}

start().catch(report);
