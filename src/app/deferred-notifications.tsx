import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The toast container, in its own chunk requested once the page has rendered and the browser is
 * idle: reaching an interactive sign-in page does not wait for it, and toasts shown before it
 * mounts wait in Mantine's store.
 */
export function DeferredNotifications({ autoClose }: { autoClose: number }) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    const ready = () => setIsReady(true);
    // Safari has no requestIdleCallback: a short timer stands in for it there.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(ready, { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = globalThis.setTimeout(ready, 200);
    return () => globalThis.clearTimeout(handle);
  }, []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={autoClose} position="top-right" />
    </Suspense>
  );
}
