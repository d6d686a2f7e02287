// Web Push in the app's service worker (imported by the generated sw.js, vite.config.ts): shows
// each push as a system notification and, on a click, brings the app forward on the screen the
// notification is about. The server sends {id, kind, title, body, link} (contracts/web-push.ts),
// already in the reader's language.
self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // not JSON: show the text as it came
    data = { body: event.data ? event.data.text() : '' };
  }
  var title = typeof data.title === 'string' && data.title ? data.title : 'TradePlatform';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: 'icons/icon-192.png',
      badge: 'icons/icon-192.png',
      // one notification per stored notification: a second delivery replaces, never doubles
      tag: data.id !== undefined ? 'notification-' + data.id : undefined,
      data: { link: typeof data.link === 'string' ? data.link : null },
    }),
  );
});

/** The app's own URL for a route (`/mine/charge-record`): the app routes by the hash. Anything else opens the home screen. */
function appUrlOf(link) {
  var url = new URL(self.registration.scope);
  url.hash = typeof link === 'string' && /^\/(?!\/)[^\s]*$/.test(link) ? link : '/';
  return url.href;
}

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = appUrlOf(event.notification.data && event.notification.data.link);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        var client = windows[i];
        if (client.url.indexOf(self.registration.scope) === 0 && 'focus' in client) {
          return client
            .focus()
            .then(function (focused) {
              return focused && 'navigate' in focused ? focused.navigate(target) : focused;
            })
            .catch(function () {
              // navigate() is only for windows this worker controls (the first visit's is not)
              return self.clients.openWindow(target);
            });
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
