import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Mantine's ModalsProvider, mounted once something asks for it. Its Modal brings ScrollArea and,
 * through it, floating-ui (together about 20 KB compressed), which no screen needs for its first
 * paint: the signed-in frame asks for it once the first screen is shown (console-shell.tsx), and
 * a confirmation asks for it before it opens (confirm.ts), so a click that comes first is never
 * lost.
 */
const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

let isWanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Mounts the modals provider (once); resolves when it listens for `modals.*` calls. */
export function loadModals(): Promise<void> {
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The provider listens from a layout effect; this passive effect runs after every layout effect
 * of the same commit, so once it has run, `modals.openConfirmModal` is heard.
 */
function MarkReady() {
  useEffect(() => markReady(), []);
  return null;
}

/** Where the dialogs render: place once in a signed-in frame. */
export function DeferredModals() {
  const isMounted = useSyncExternalStore(subscribe, () => isWanted);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider>
        <MarkReady />
      </ModalsProvider>
    </Suspense>
  );
}
