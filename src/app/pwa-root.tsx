import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenFirstScreenShown } from './first-screen';
import { captureInstallPrompt } from './pwa-install-prompt';

/** The service worker vite-plugin-pwa builds from src/sw/sw.ts, and the part it controls. */
export const SERVICE_WORKER_URL = '/rpc-app/sw.js';
export const SERVICE_WORKER_SCOPE = '/rpc-app/';
/** How often an open console asks the server whether a new version exists. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
export const UPDATE_AVAILABLE_TEXT = 'A new version is available';

captureInstallPrompt();

const UpdatePrompt = lazy(() =>
  import('./pwa-update-prompt').then((module) => ({ default: module.UpdatePrompt })),
);

/** Set once a new version is waiting: asks it to take over; the page reloads when it does. */
type Activate = () => void;

/**
 * Registers the service worker (production builds only) and checks for a new version every
 * UPDATE_CHECK_INTERVAL_MS and whenever the tab comes back into view. A waiting version never
 * takes over on its own: the user sees "A new version is available" and chooses when to reload,
 * so an open form is never lost.
 */
function useServiceWorker(): Activate | undefined {
  const [activate, setActivate] = useState<Activate>();
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
    let stop: (() => void) | undefined;
    let isActive = true;
    // workbox-window and the registration load after the first screen (pwa-service-worker.ts).
    const cancel = whenFirstScreenShown(() => {
      void import('./pwa-service-worker').then(({ registerServiceWorker }) => {
        if (!isActive) return;
        stop = registerServiceWorker((next) => setActivate(() => next));
      });
    });
    return () => {
      cancel();
      isActive = false;
      stop?.();
    };
  }, []);
  return activate;
}

/**
 * The console's installable-app layer, rendered once by the providers: service worker
 * registration with the update prompt, and the offline data layer (account, persisted queries,
 * wipe on logout).
 */
export function PwaRoot({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    // The offline layer's code loads just after the first render: the sign-in page is interactive
    // without it (issue 21), and an answer that came in meanwhile is read from the cache.
    let isActive = true;
    let stop: (() => void) | undefined;
    void import('../offline/start').then(({ startOfflineLayer }) => {
      if (isActive) stop = startOfflineLayer(queryClient);
    });
    return () => {
      isActive = false;
      stop?.();
    };
  }, [queryClient]);
  const activate = useServiceWorker();
  if (!activate) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt activate={activate} />
    </Suspense>
  );
}
