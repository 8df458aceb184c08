/* Pyodide memory snapshots for returning visits: restore an interpreter that has the game's modules
 * imported already, instead of starting Python and importing them again.
 *
 * A snapshot is Pyodide's wasm memory (~32 MB), taken by web/snapshot_worker.mjs after a normal
 * boot, when the page is idle, and kept in Cache Storage ("tavli-snapshot", one entry, SNAPSHOT)
 * with two headers: its key and the checksum of its bytes. The key is the hash of what the memory
 * depends on besides the wasm build (which Pyodide checks itself): Pyodide's version and the bytes
 * of build/python.tar.gz (the modules imported), which the page fetches anyway. The standard
 * library's modules are those of that version, whatever python_stdlib.zip keeps of them; its zip
 * directory, cached in the memory, is dropped after a restore. web/pyodide_early.mjs restores from it
 * when the key matches the files of this visit and the bytes their checksum; anything else (no
 * Cache Storage, no entry, another key, damaged bytes, any error) is the normal boot, silently,
 * and a fresh snapshot later. The file system is not in the snapshot: it is written at each boot.
 */

export const CACHE = "tavli-snapshot";  // owned here; the service worker never touches it
/** The cache entry's URL (a name only: nothing is fetched from it). */
export const SNAPSHOT = new URL("../build/boot.snapshot", import.meta.url).href;
const KEY = "x-tavli-key";
const CHECKSUM = "x-tavli-checksum";

/** Whether this browser can keep and restore snapshots (else the normal boot, always). */
export const canSnapshot = typeof caches === "object" && caches !== null && typeof crypto === "object"
  && crypto !== null && typeof crypto.subtle === "object" && typeof WebAssembly === "object";

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The SHA-256 of `bytes` (an ArrayBuffer or a view), in hex. */
export async function sha256(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

/** The snapshot's key for Pyodide `version` with these boot archive bytes. */
export async function snapshotKey(version, archive) {
  return sha256(new TextEncoder().encode(`pyodide ${version}\n${await sha256(archive)}`));
}

/** A 64-bit checksum of `bytes` (a Uint8Array), in hex: two running sums over its 32-bit words
 * (Fletcher's), its tail and its length. It finds damage; it is no defence against forgery (nothing
 * but the page's own code writes the cache). ~20 ms for a snapshot, where SHA-256 takes ~100. */
export function checksum(bytes) {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  let a = 1;
  let b = 0;
  for (let i = 0; i < words.length; i++) {
    a = (a + words[i]) | 0;
    b = (b + a) | 0;
  }
  for (let i = words.length << 2; i < bytes.byteLength; i++) {
    a = (a + bytes[i]) | 0;
    b = (b + a) | 0;
  }
  return [a >>> 0, b >>> 0, bytes.byteLength].map((n) => n.toString(16).padStart(8, "0")).join("");
}

/** The stored snapshot: {key, bytes}, where `bytes` is a promise of its Uint8Array that fails
 * unless the bytes match their checksum; null where there is none (or no Cache Storage). */
export async function findSnapshot() {
  if (!canSnapshot) return null;
  const response = await caches.match(SNAPSHOT, { cacheName: CACHE });  // one look-up, creates nothing
  if (!response) return null;
  const key = response.headers.get(KEY);
  const sum = response.headers.get(CHECKSUM);
  const bytes = response.arrayBuffer().then((buffer) => {
    const view = new Uint8Array(buffer);
    if (checksum(view) !== sum) throw new Error("the stored snapshot is damaged");
    return view;
  });
  bytes.catch(() => {});  // awaited by whoever restores; a damaged entry is not an unhandled error
  return { key, bytes };
}

/** Keep `bytes` (a Uint8Array) as the one snapshot, under `key`. */
export async function storeSnapshot(key, bytes) {
  const headers = { "content-type": "application/octet-stream", [KEY]: key, [CHECKSUM]: checksum(bytes) };
  await (await caches.open(CACHE)).put(SNAPSHOT, new Response(bytes, { headers }));
}

/** Delete the stored snapshot (a stale or damaged one). Never fails. */
export async function forgetSnapshot() {
  try {
    if (canSnapshot) await caches.delete(CACHE);
  } catch (error) { /* nothing stored, or no storage */ }
}
