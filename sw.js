/* Tavli's service worker: the game works offline and updates itself cleanly.
 *
 * It sits at the site root, next to index.html, so that its scope is the whole site whatever
 * sub-path the site is served under (a worker can only control URLs below its own folder). Every
 * URL here is relative to this file.
 *
 * - install: caches every URL of the precache list (web/vendor/precache.js, written by
 *   tools/precache.py at `make vendor`: the page, pyscript.toml, the Python archives, the css,
 *   icons, manifest and the vendored Pyodide + PyScript) under "tavli-<version>", the version
 *   being a hash of those files. A changed file makes a changed precache.js, which the browser's
 *   update check notices, so a new worker installs next to the old one.
 * - the new worker waits: the page (web/sw_register.js) shows "new version — reload"; the
 *   button posts {type: "skip-waiting"}, the worker takes over, drops the old caches and the page
 *   reloads. Without a click, it takes over once every tab of the old version is closed.
 * - fetch: cache first, then the network. The page itself is looked up without its query string
 *   (?seed=3 ...). On a loopback host (localhost, 127.0.0.1: `make play`, the tests) the site's own
 *   files go network first instead, so a developer sees an edited file on reload; the cache is
 *   still there when the network is not.
 */

importScripts("./web/vendor/precache.js");

const PRECACHE = self.TAVLI_PRECACHE || { version: "none", files: [] };
const PREFIX = "tavli-";
const CACHE = PREFIX + PRECACHE.version;
const ROOT = new URL("./", self.location).href;
const PAGE_URLS = new Set([ROOT, new URL("./index.html", ROOT).href]);
const VENDOR = new URL("./web/vendor/", ROOT).href;
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"].includes(self.location.hostname);

// A response that was redirected cannot answer a navigation: keep a plain copy of it.
async function plain(response) {
  if (!response.redirected) return response;
  const body = await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.files.map(async (file) => {
      const request = new Request(new URL(file, ROOT).href, { cache: "reload" });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`precache: ${request.url} answered ${response.status}`);
      await cache.put(request, await plain(response));
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
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
