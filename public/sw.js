// Service worker: when a page cannot be loaded at all (offline, the server unreachable), it answers
// with a small offline page instead of the browser's error page. It keeps nothing else: every page
// and file still comes from the server, so nothing stale is ever shown as current.
// Registered as /sw.js?brand=<version>: each version of the agency's brand keeps its own page.
const CACHE = `portal-offline-v1-${new URL(self.location.href).searchParams.get("brand") ?? "0"}`;
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // Page loads go to the network while the worker starts, not after it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
      }
    })(),
  );
});
