import type { WorkerMessage } from './report-urls';

/** Sends a message to the active service worker (nothing happens where there is none). */
export function tellWorker(message: WorkerMessage): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(message);
  void navigator.serviceWorker.ready.then(
    (registration) => {
      if (registration.active !== navigator.serviceWorker.controller) {
        registration.active?.postMessage(message);
      }
    },
    () => undefined,
  );
}
