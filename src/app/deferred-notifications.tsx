import { lazy, Suspense, useEffect, useState } from 'react';
import { whenFirstScreenShown } from './first-screen';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The toast container, in its own chunk requested once the first screen is shown: reaching an
 * interactive sign-in page does not wait for it, and toasts shown before it mounts wait in
 * Mantine's store.
 */
export function DeferredNotifications({ autoClose }: { autoClose: number }) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => whenFirstScreenShown(() => setIsReady(true)), []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the 60 px header (global.css), so a toast never covers the name and avatar. */}
      <Notifications
        autoClose={autoClose}
        position="top-right"
        classNames={{ root: 'console-toasts' }}
      />
    </Suspense>
  );
}
