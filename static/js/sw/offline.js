/* Offline pages for the service worker: the handbook, the skills reference with every skill page
   and the table are cached on install; pages are fetched from the network first and answered from
   the cache without signal; a page never cached gets the German offline page.
   The cache's name carries the version of the content and of the static files: a new version
   installs a new worker, which takes over at once and deletes the caches of older versions. */
(() => {
  const config = self.HOPFEN;
  const CACHE = config.cache;

  self.addEventListener("install", (event) => {
    event.waitUntil(
      caches.open(CACHE)
        // Fetched as a visitor: the public copies carry no one's name, and their cookies can
        // never overwrite the session or CSRF cookie of a login happening meanwhile.
        .then((cache) => cache.addAll(
          config.precache.map((url) => new Request(url, { cache: "reload", credentials: "omit" }))
        ))
        .then(() => self.skipWaiting())
    );
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches.keys()
        .then((keys) => Promise.all(
          keys.filter((key) => key.startsWith("hopfen-") && key !== CACHE).map((key) => caches.delete(key))
        ))
        .then(() => self.clients.claim())
    );
  });

  const kept = (url) => config.keptPrefixes.some((prefix) => url.pathname.startsWith(prefix));
  const hashed = (url) => /\.[0-9a-f]{12}\.[a-z0-9]+$/.test(url.pathname);

  async function remember(request, response) {
    // Only whole, final answers: no error pages, no redirects (a login page under another URL).
    if (response.ok && !response.redirected && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  }

  async function fromCache(request) {
    const cache = await caches.open(CACHE);
    return cache.match(request, { ignoreVary: true });
  }

  async function networkFirst(request, keep) {
    try {
      const response = await fetch(request);
      return keep ? remember(request, response) : response;
    } catch (error) {
      const cached = await fromCache(request);
      if (cached) return cached;
      if (request.mode === "navigate") {
        const offline = await fromCache(config.offlinePage);
        if (offline) return offline;
      }
      throw error;
    }
  }

  async function cacheFirst(request) {
    const cached = await fromCache(request);
    if (cached) return cached;
    return remember(request, await fetch(request));
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (url.pathname.startsWith(config.staticPrefix)) {
      // Hashed names (production) never change: cache first. Plain names (development) may.
      event.respondWith(hashed(url) ? cacheFirst(request) : networkFirst(request, true));
    } else if (request.mode === "navigate" || kept(url)) {
      event.respondWith(networkFirst(request, kept(url)));
    }
  });
})();
