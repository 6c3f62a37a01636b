// The service worker: keeps every file of the game in a cache named after the build, so the
// game opens with no network after the first visit. A new build has a new version here, so the
// browser installs the new worker, which replaces the old cache.
'use strict';
const VERSION = '{{VERSION}}';
const CACHE = 'cotuong-' + VERSION;
const FILES = {{FILES}};

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cotuong-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Cache first: the files of one build never change; a miss goes to the network.
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.open(CACHE)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(e.request)));
});
