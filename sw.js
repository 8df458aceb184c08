/* Tavli's service worker: the game works offline, and an update downloads only what changed.
 *
 * It sits at the site root, next to index.html, so that its scope is the whole site whatever
 * sub-path the site is served under (a worker can only control URLs below its own folder). Every
 * URL here is relative to this file.
 *
 * - The list: web/vendor/precache.js (tools/precache.py, `make vendor`) maps each file the page can
 *   load (the page, pyscript.toml, the Python archives, css, icons, manifest, the vendored Pyodide
 *   and the PyScript chunks the page imports) to its revision (16 hex digits of its SHA-256), and
 *   names a version (a hash of them all). A changed file changes precache.js, which the browser's
 *   update check notices, so a new worker installs next to the old one.
 * - install fills the cache "tavli-precache-<version>", one entry per URL, its revision kept in the
 *   entry's X-Tavli-Revision header. A file whose revision an older tavli-precache-* cache holds is
 *   copied from there (no network). Any other is fetched with the browser's default cache mode: on
 *   the first visit the page has just fetched it, so the HTTP cache answers (at most a 304 for a
 *   host's "no-cache"); nothing is downloaded twice. Its bytes are checked against the revision;
 *   a stale copy is fetched again past the HTTP cache (cache: "reload"). Bytes that still differ
 *   (a host that recompresses or rewrites files, or a deploy under way) are kept under their own
 *   revision, so that the next update fetches that file again: the worker never fails for it.
 * - The new worker waits: the page (web/sw_register.js) shows "new version — reload"; the button
 *   posts {type: "skip-waiting"}, the worker takes over, deletes the older tavli-precache-* caches
 *   (and the one-cache-per-version "tavli-<16 hex>" of workers before revisions; never any other
 *   cache, e.g. "tavli-snapshot") and the page reloads. Without a click, it takes over once every
 *   tab of the old version is closed.
 * - fetch: cache first, then the network. The page itself is looked up without its query string
 *   (?seed=3 ...). On a loopback host (localhost, 127.0.0.1: `make play`, the tests) the site's own
 *   files go network first instead, so a developer sees an edited file on reload; the cache is
 *   still there when the network is not.
 */

importScripts("./web/vendor/precache.js");

const PRECACHE = self.TAVLI_PRECACHE || { version: "none", files: {} };
const PREFIX = "tavli-precache-";
const CACHE = PREFIX + PRECACHE.version;
const BEFORE_REVISIONS = /^tavli-[0-9a-f]{16}$/;  // caches of the workers before revisions
const REVISION = "X-Tavli-Revision";
const ROOT = new URL("./", self.location).href;
const PAGE_URLS = new Set([ROOT, new URL("./index.html", ROOT).href]);
const VENDOR = new URL("./web/vendor/", ROOT).href;
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"].includes(self.location.hostname);

/** The first 16 hex digits of the SHA-256 of `buffer`: tools/precache.py's revision. */
async function revisionOf(buffer) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(hash.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `url` fetched with the cache mode `mode`: { response, body, revision }. */
async function download(url, mode) {
  const response = await fetch(new Request(url, { cache: mode }));
  if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
  const body = await response.arrayBuffer();
  return { response, body, revision: await revisionOf(body) };
}

/** { cache, response }: an entry of `url` at `revision` in one of `sources`, or null. */
async function kept(sources, url, revision) {
  for (const cache of sources) {
    const response = await cache.match(url);
    if (response && response.headers.get(REVISION) === revision) return { cache, response };
  }
  return null;
}

/** Put `url` at `revision` into `cache`: from `sources` (this cache, older ones) if one holds it,
 * else from the HTTP cache or the network, checked against the revision. */
async function precache(cache, sources, url, revision) {
  const old = await kept(sources, url, revision);
  if (old) {
    if (old.cache !== cache) await cache.put(url, old.response);
    return;
  }
  let got = await download(url, "default");
  if (got.revision !== revision) got = await download(url, "reload");
  // A plain copy: keyed by URL alone (no Vary), never "redirected" (which cannot answer a navigation).
  const headers = new Headers(got.response.headers);
  headers.set(REVISION, got.revision);
  headers.delete("Vary");
  const { status, statusText } = got.response;
  await cache.put(url, new Response(got.body, { status, statusText, headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    const cache = await caches.open(CACHE);  // first: an install tried before may have filled part of it
    const sources = [cache, ...(await Promise.all(older.map((name) => caches.open(name))))];
    await Promise.all(Object.entries(PRECACHE.files).map(
      ([file, revision]) => precache(cache, sources, new URL(file, ROOT).href, revision)));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const stale = (name) => (name.startsWith(PREFIX) && name !== CACHE) || BEFORE_REVISIONS.test(name);
    await Promise.all(names.filter(stale).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "version" && event.ports[0]) event.ports[0].postMessage(PRECACHE.version);
});

async function fromCache(request, isPage) {
  const cache = await caches.open(CACHE);
  return isPage ? cache.match(ROOT) : cache.match(request);
}

async function respond(request, url) {
  const isPage = request.mode === "navigate" && PAGE_URLS.has(url.origin + url.pathname);
  if (LOOPBACK && !url.href.startsWith(VENDOR)) {
    try {
      return await fetch(request);
    } catch (error) {
      const cached = await fromCache(request, isPage);
      if (cached) return cached;
      throw error;
    }
  }
  const cached = await fromCache(request, isPage);
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!url.href.startsWith(ROOT)) return;
  event.respondWith(respond(request, url));
});
