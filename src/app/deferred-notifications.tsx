import type { NotificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenFirstScreenShown } from './first-screen';

// Only ever imported dynamically here: a static import (of the store, say) would put the whole
// package in the sign-in page's chunk, since the lazy import below uses all of it.
const loadNotifications = () => import('@mantine/notifications');
const Notifications = lazy(() =>
  loadNotifications().then((module) => ({ default: module.Notifications })),
);

/**
 * The toast container, in its own chunk fetched once the first screen is shown: reaching an
 * interactive sign-in page does not wait for it. It is drawn from the first toast on (toasts
 * shown before wait in Mantine's store). Drawn empty it cost the partner dashboard's load 9–12 ms
 * of main thread at 4× CPU throttling (its react-transition-group groups), in the long task
 * that draws the page's data.
 */
export function DeferredNotifications({ autoClose }: { autoClose: number }) {
  const [store, setStore] = useState<NotificationsStore>();
  useEffect(
    () =>
      whenFirstScreenShown(() => {
        void loadNotifications().then((module) => {
          setStore(module.notificationsStore);
        });
      }),
    [],
  );
  return store ? <ToastsOnceShown store={store} autoClose={autoClose} /> : null;
}

function ToastsOnceShown({ store, autoClose }: { store: NotificationsStore; autoClose: number }) {
  const holdsToasts = () => {
    const { notifications, queue } = store.getState();
    return notifications.length + queue.length > 0;
  };
  const hasToasts = useSyncExternalStore(store.subscribe, holdsToasts, holdsToasts);
  // Once drawn it stays: the last toast leaves through the container's own transition.
  const [wasDrawn, setWasDrawn] = useState(false);
  if (hasToasts && !wasDrawn) setWasDrawn(true);
  if (!hasToasts && !wasDrawn) return null;
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
