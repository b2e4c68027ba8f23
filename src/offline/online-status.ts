import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser has a network connection (navigator.onLine, kept up to date). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export { OFFLINE_ACTION_HINT } from '../lib/http/offline-guard';

// ---- Which stored (offline) answers the screen shows right now ----------------------------------

const shown = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | undefined;

function recompute(): void {
  const values = [...shown.values()];
  oldest = values.length > 0 ? Math.min(...values) : undefined;
  for (const listener of listeners) listener();
}

/** A mounted query shows a stored answer synced at `syncedAt`; returns the undo. */
export function showStoredAnswer(id: string, syncedAt: number): () => void {
  shown.set(id, syncedAt);
  recompute();
  return () => {
    if (shown.get(id) === syncedAt) shown.delete(id);
    recompute();
  };
}

/** The oldest sync time among the stored answers on screen (undefined: none on screen). */
export function useOldestStoredAnswer(): number | undefined {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => oldest,
    () => undefined,
  );
}
