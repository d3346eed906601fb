{% load static %}{% autoescape off %}/* Hopfen&Sieg service worker: handbook and skills reference work offline after one visit. */
const CACHE = "hopfen-{{ version }}";
const PRECACHE = [{% for url in precache %}"{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const STATIC_PREFIX = "{{ static_prefix }}";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("hopfen-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

function cacheable(url) {
  return url.pathname.startsWith("/regelheft/") || url.pathname.startsWith("/fertigkeiten/");
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreVary: true, ignoreSearch: false });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    // Hashed names (production) never change: cache first. Plain names (development) may.
    const hashed = /\.[0-9a-f]{12}\.[a-z0-9]+$/.test(url.pathname);
    event.respondWith(hashed ? cacheFirst(request) : networkFirst(request));
  } else if (cacheable(url)) {
    event.respondWith(networkFirst(request));
  }
});
// Web Push (notifications app): shows the league's news, a tap opens the page.
importScripts("{% static 'js/sw/push.js' %}");
{% endautoescape %}
