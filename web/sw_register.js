/* Register Tavli's service worker (../sw.js, at the site root) and announce new versions.
 *
 * Loaded by index.html as a classic deferred script. It does nothing unless the page is served
 * over http(s) in a browser with service workers (a secure context: https, or localhost). The
 * worker is registered once Python has started (body[data-phase] left "loading"), so that caching
 * the runtime does not compete with the first boot. Failures are silent: the game works without.
 *
 * When a new version has been installed and waits, a small notice appears at the bottom of the
 * page ("New version — Reload"); <body data-update="ready"> is set and the event "tavli:update"
 * is dispatched on window. window.tavliUpdate.apply() does what the button does. The notice's
 * words are kept here in the three languages (equal to the catalogue keys update.ready and
 * update.reload of web/i18n, checked by tests/test_i18n.py), because it may show before Python.
 */
(() => {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;

  const WORDS = {
    en: { ready: "A new version of Tavli is ready.", reload: "Reload", dismiss: "Dismiss" },
    el: { ready: "Υπάρχει νέα έκδοση του Τάβλι.", reload: "Επαναφόρτωση", dismiss: "Κλείσιμο" },
    bg: { ready: "Има нова версия на Табла.", reload: "Презареди", dismiss: "Затвори" },
  };
  const SW_URL = new URL("../sw.js", document.currentScript ? document.currentScript.src : location.href);

  function language() {
    try {
      const prefs = JSON.parse(localStorage.getItem("tavli.prefs") || "{}");
      if (prefs && WORDS[prefs.language]) return prefs.language;
    } catch (error) { /* unreadable preferences: follow the browser */ }
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (base === "el" || base === "bg") return base;
      if (base === "en") return "en";
    }
    return "en";
  }

  let wantReload = false;
  let registration = null;

  function apply() {
    const waiting = registration && registration.waiting;
    if (!waiting) return false;
    wantReload = true;
    waiting.postMessage({ type: "skip-waiting" });
    return true;
  }

  function announce() {
    document.body.dataset.update = "ready";
    window.dispatchEvent(new CustomEvent("tavli:update"));
    if (document.getElementById("update-notice")) return;
    const words = WORDS[language()];
    const box = document.createElement("div");
    box.id = "update-notice";
    box.className = "update-notice";
    box.setAttribute("role", "status");
    box.style.cssText = "position:fixed;left:50%;bottom:12px;transform:translateX(-50%);z-index:1000;" +
      "display:flex;gap:10px;align-items:center;padding:6px 10px;border-radius:8px;font:14px system-ui,sans-serif;" +
      "background:rgba(40,26,15,.92);color:#f3eee2;box-shadow:0 2px 8px rgba(0,0,0,.35)";
    const text = document.createElement("span");
    text.textContent = words.ready;
    const reload = document.createElement("button");
    reload.type = "button";
    reload.className = "update-reload";
    reload.textContent = words.reload;
    reload.style.cssText = "font:inherit;padding:2px 10px;border-radius:6px;border:1px solid #e9dcb5;background:#e9dcb5;color:#2b2118;cursor:pointer";
    reload.addEventListener("click", () => { if (!apply()) location.reload(); });
    const close = document.createElement("button");
    close.type = "button";
    close.className = "update-dismiss";
    close.textContent = "×";
    close.title = words.dismiss;
    close.setAttribute("aria-label", words.dismiss);
    close.style.cssText = "font:inherit;border:0;background:none;color:inherit;cursor:pointer";
    close.addEventListener("click", () => box.remove());
    box.append(text, reload, close);
    // A modal dialog makes the rest of the page inert: show the notice inside it then.
    (document.querySelector("dialog[open]") || document.body).append(box);
  }

  function watch(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // "installed" with a controller present = an update waiting (the very first install has none).
      if (worker.state === "installed" && navigator.serviceWorker.controller) announce();
    });
  }

  function register() {
    // updateViaCache "none": an update check asks the server for precache.js too, never a copy a
    // host's max-age keeps fresh in the HTTP cache (which would hide a new version for a while).
    navigator.serviceWorker.register(SW_URL.href, { updateViaCache: "none" }).then((reg) => {
      registration = reg;
      if (reg.waiting && navigator.serviceWorker.controller) announce();
      watch(reg.installing);
      reg.addEventListener("updatefound", () => watch(reg.installing));
    }).catch(() => { /* no worker: the game still works online */ });
  }

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (wantReload) { wantReload = false; location.reload(); }
  });

  window.tavliUpdate = {
    apply,
    check: () => (registration ? registration.update().catch(() => {}) : Promise.resolve()),
  };

  function whenBooted(callback) {
    const body = document.body;
    if (body.dataset.phase !== "loading") { callback(); return; }
    const observer = new MutationObserver(() => {
      if (body.dataset.phase !== "loading") { observer.disconnect(); clearTimeout(timer); callback(); }
    });
    const timer = setTimeout(() => { observer.disconnect(); callback(); }, 60000);
    observer.observe(body, { attributes: true, attributeFilter: ["data-phase"] });
  }

  whenBooted(register);
})();
