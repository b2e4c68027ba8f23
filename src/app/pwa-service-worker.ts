import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, UPDATE_CHECK_INTERVAL_MS } from './pwa-root';

/**
 * Registers the service worker and checks for a new version every UPDATE_CHECK_INTERVAL_MS and
 * whenever the tab comes back into view; `onWaiting` gets the function that lets a waiting
 * version take over (the page reloads when it does). In its own chunk with workbox-window,
 * loaded once the first screen is shown (pwa-root.tsx). Returns the function that stops the
 * checks.
 */
export function registerServiceWorker(onWaiting: (activate: () => void) => void): () => void {
  let isActive = true;
  let timer: number | undefined;
  let onVisible: (() => void) | undefined;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  workbox.addEventListener('waiting', () => {
    onWaiting(() => {
      workbox.addEventListener('controlling', () => {
        window.location.reload();
      });
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().then(
    () => {
      if (!isActive) return;
      const check = () => {
        if (navigator.onLine) void workbox.update().catch(() => undefined);
      };
      timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      onVisible = () => {
        if (document.visibilityState === 'visible') check();
      };
      document.addEventListener('visibilitychange', onVisible);
    },
    (error: unknown) => {
      console.warn('The service worker could not be registered', error);
    },
  );
  return () => {
    isActive = false;
    window.clearInterval(timer);
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
  };
}
