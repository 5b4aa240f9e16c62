import type { FastifyPluginAsync } from 'fastify';

/**
 * The push service worker, at the site root so its scope covers every page. It shows a pushed notification,
 * tells open pages to reload chats and likes (SPEC §7), and on click focuses an open tab of the site (moving it
 * to the notification's page) or opens one.
 */
export const PUSH_SERVICE_WORKER = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
