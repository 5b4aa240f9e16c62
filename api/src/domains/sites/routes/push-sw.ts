import type { FastifyPluginAsync } from 'fastify';

/**
 * The site's service worker, at the root so its scope covers every page; the shell registers it on every
 * visit. It shows a pushed notification, tells open pages to reload chats and likes (docs/product/calls-and-errors.md), and on click
 * focuses an open tab of the site (moving it to the notification's page) or opens one. Offline (docs/adr/0016-first-load-budget.md):
 * a page navigation that cannot reach the server is answered with the site's translated offline page, cached at
 * install and again when the shell reports another locale. Nothing else is cached: pages, api and bundles always
 * come from the network (the bundles from the HTTP cache).
 */
export const PUSH_SERVICE_WORKER = `'use strict';
const OFFLINE_CACHE = 'offline-v1';
const OFFLINE_URL = '/offline.html';

function cacheOfflinePage() {
  return caches.open(OFFLINE_CACHE).then((cache) =>
    fetch(OFFLINE_URL, { cache: 'no-store', credentials: 'same-origin' }).then((response) => {
      if (response.ok) return cache.put(OFFLINE_URL, response);
    }),
  ).catch(() => undefined);
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(cacheOfflinePage());
});
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([
  self.clients.claim(),
  // The page request starts while the worker boots, so the worker costs a navigation no time.
  self.registration.navigationPreload ? self.registration.navigationPreload.enable() : undefined,
])));

// The shell reports its locale; the offline page is fetched again in it (the locale cookie is already set).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'locale') event.waitUntil(cacheOfflinePage());
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith((async () => {
    try {
      const preloaded = await event.preloadResponse;
      return preloaded || (await fetch(event.request));
    } catch (error) {
      const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
      if (offline) return offline;
      throw error;
    }
  })());
});

self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { body: event.data && event.data.text() }; }
  const url = new URL(data.url || '/', self.location.origin).href;
  event.waitUntil(Promise.all([
    self.registration.showNotification(data.title || self.location.host, {
      body: data.body || '', tag: data.tag, data: { url }, icon: data.icon, badge: data.badge,
    }),
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'push', kind: data.kind || 'other' });
    }),
  ]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.location.origin + '/';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
    const open = clients.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) return open.focus().then((client) => (client && client.url !== url && 'navigate' in client ? client.navigate(url) : client));
    return self.clients.openWindow(url);
  }));
});
`;

export const pushServiceWorkerRoute: FastifyPluginAsync = async (app) => {
  app.get('/push-sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      // Browsers check a worker for updates on their own; it must never be served stale from a cache.
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(PUSH_SERVICE_WORKER),
  );
};
