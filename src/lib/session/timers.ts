/** Timers that run while a session is open; logout stops them all first (spec section 4). */
const stops = new Set<() => void>();

/** Registers a timer's stop function; returns a function that unregisters it. */
export function registerSessionTimer(stop: () => void): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

export function stopSessionTimers(): void {
  for (const stop of [...stops]) {
    stops.delete(stop);
    try {
      stop();
    } catch (error) {
      console.warn('A session timer did not stop cleanly', error);
    }
  }
}
