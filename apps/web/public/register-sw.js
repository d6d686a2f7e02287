// Registers the service worker that keeps the app shell (vite.config.ts, VitePWA). Its install
// precaches every script, style and icon of the build, about 1 MB: started at the page's `load`
// (which comes before the first screen's own chunks and API answers, the app being a script) it
// would share a phone's network and CPU with them. So it waits for `load`, a few seconds more,
// and an idle moment of the main thread.
(function () {
  if (!('serviceWorker' in navigator)) return;
  function register() {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(function () {
      /* no service worker (private mode, an insecure origin): the app works without one */
    });
  }
  function whenIdle() {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else register();
  }
  function afterLoad() {
    setTimeout(whenIdle, 3000);
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad);
})();
