// The service worker (issue 15, ADR 050). Plain JavaScript served from `/sw.js` (scope `/`).
// The build replaces the BUILD line with this build's version and its hashed assets
// (vite.config.ts → scripts/precache-manifest.ts).
//
// What it does, and what it never does:
// - precaches the hashed build assets, the offline page and the icons, so the app opens at once;
// - navigations go to the network first; when the network is gone, the offline page answers;
// - it never caches HTML (pages are personalised), `/api/*`, Remix data requests (`?_data`,
//   `.data`), the WebSocket upgrade, or anything from another origin: those go straight through.
// - a new version waits until the page asks it to take over (the "Nova versão" prompt), so a
//   hand in progress is never interrupted.

const BUILD = /* PRECACHE */ { version: "dev", assets: [] };

const CACHE = `mesa-de-truco-${BUILD.version}`;
// Pages serves public/offline.html at /offline (its .html URL redirects there).
const OFFLINE_URL = "/offline";
const SHELL = [OFFLINE_URL, "/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, ...BUILD.assets])));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("mesa-de-truco-") && name !== CACHE).map((name) => caches.delete(name)));
      // The first visit's page is controlled right away (no second load needed).
      await self.clients.claim();
    })(),
  );
});

// The page's "atualizar" button: the waiting version takes over, then the page reloads itself.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

/** Requests the worker must leave alone: they always go to the network, uncached. */
function passThrough(request, url) {
  if (request.method !== "GET") return true;
  if (url.origin !== self.location.origin) return true;
  if (url.pathname.startsWith("/api/")) return true;
  if (url.searchParams.has("_data") || url.pathname.endsWith(".data")) return true;
  if ((request.headers.get("Upgrade") || "").toLowerCase() === "websocket") return true;
  return false;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (passThrough(request, url)) return;

  if (request.mode === "navigate") {
    // Network first, never stored (personalised HTML); offline → the offline page.
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || Response.error()));
    return;
  }

  // Hashed build assets and the shell: from the precache, else the network (not stored).
  event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
});
