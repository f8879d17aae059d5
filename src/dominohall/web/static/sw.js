// The service worker, served as /sw.js by web/shell.py, which writes the shell's version and files before this
// text (self.SHELL). Installed, it keeps the shell (the static scripts, stylesheets and icons, the offline page
// in each language) in a cache named by its version, and drops the caches of older versions once it is active.
// A shell file is fetched from the network first (a page never runs a module kept from an older version: the
// server asks to check each one), and from the cache when the network fails; a page that cannot be fetched
// is answered with the offline page in its language. Nothing else is touched: no API answer, no WebSocket, no
// table page is ever kept.
const sw = /** @type {any} */ (self);
const { version, files } = /** @type {{version: string, files: string[]}} */ (sw.SHELL);
const CACHE = `shell-${version}`;

sw.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files)).then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith("shell-") && name !== CACHE);
  event.waitUntil(caches.keys().then((names) => Promise.all(old(names).map((name) => caches.delete(name)))));
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (files.includes(url.pathname)) event.respondWith(fetch(request).catch(() => kept(url.pathname)));
  else if (request.mode === "navigate") event.respondWith(fetch(request).catch(() => kept(offlinePage(url))));
});

/** The copy of ``path`` in this version's cache, or a network error. @param {string} path */
async function kept(path) {
  return (await caches.match(path, { cacheName: CACHE })) ?? Response.error();
}

/** The offline page in the language of the address (``/ru/...``), else the browser's, else English.
 * @param {URL} url */
function offlinePage(url) {
  const offered = files.filter((file) => file.endsWith("/offline")).map((file) => file.split("/")[1]);
  const wanted = [url.pathname.split("/")[1], ...navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase())];
  return `/${wanted.find((code) => offered.includes(code)) ?? offered[0]}/offline`;
}
