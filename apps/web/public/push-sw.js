// Web Push for the app's service worker (imported by the generated sw.js): shows each notification the server pushes
// ({ title, link, kind }) and opens its link when tapped, in an open window of the app when there is one.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Groundwork';
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: data.kind || 'groundwork',
      renotify: true,
      icon: '/pwa-192x192.png',
      data: { link: data.link || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data?.link || '/notifications';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ('focus' in w) {
          return w.navigate(link).then((c) => (c || w).focus());
        }
      }
      return self.clients.openWindow(link);
    }),
  );
});
