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
 * Options this early start cannot honour (anything beyond stdout, stderr and indexURL, e.g. the
 * lock file PyScript passes when pyscript.toml has `packages`) make it load a Pyodide of its own,
 * as pyodide.mjs would, with the game's files written into it as well: this is an optimisation,
 * never a change of behaviour.
 */

import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";
import { ArchiveError, canInflate, gunzip, isGzip, untar } from "./untar.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
/** The game's Python (tools/pyscript_files.py ARCHIVE), relative to this module. */
export const ARCHIVE = "../build/python.tar.gz";
const HOME = "/home/pyodide";  // Pyodide's working directory: first on sys.path, where PyScript writes too
const STAMP = ".tavli-archive";  // the archive's last member (tools/pyscript_files.py STAMP)
const archiveURL = new URL(ARCHIVE, import.meta.url);
/* Pyodide's package lock, which it would fetch (120 kB): the page installs no packages, so an empty
 * one with the vendored Pyodide's "info" (it checks the ABI; tests/test_stdlib.py compares them). */
const LOCK = '{"info": {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}, "packages": {}}';

let early = null;
let archive = null;
let handedOver = false;

/** A failed download (no answer, or the bytes stopped coming) as an ArchiveError "network". */
const cut = (error) => new ArchiveError("network", `${archiveURL.pathname}: ${error && error.message ? error.message : error}`, error);

/** The archive's members, inflated as they arrive; or its bytes where this browser cannot inflate. */
function fetchArchive() {
  if (!archive) {
    archive = fetch(archiveURL).catch((error) => { throw cut(error); }).then(async (response) => {
      if (!response.ok) throw new Error(`${archiveURL.pathname}: HTTP ${response.status}`);
      if (!canInflate) return { buffer: await response.arrayBuffer().catch((error) => { throw cut(error); }), members: null };
      return { buffer: null, members: untar(await gunzip(response.body)) };
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

/** The interpreter started by this module, the game's Python in place (started by the first call). */
export function start() {
  if (!early) {
    fetchArchive().catch(() => {});  // reported by install(), where it is awaited
    early = load({ indexURL, lockFileContents: LOCK }).then((pyodide) => {
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
  return pyodide;
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
