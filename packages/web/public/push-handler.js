/**
 * Web Push in the installed client (issue 18): imported by the Workbox service worker that
 * vite.config.ts generates (`workbox.importScripts`). The server sends `{ title, body, url, tag }`,
 * encrypted to this browser (RFC 8291); a click opens the page in Karm, in a window already open
 * when there is one. Only paths of Karm itself are opened, whatever a message says.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Karm', {
      body: message.body || '',
      tag: message.tag || undefined,
      icon: '/icons/karm-192.png',
      badge: '/icons/karm-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
