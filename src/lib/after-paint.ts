/** A hidden tab paints no frames: past this, the callback runs without waiting for one. */
const HIDDEN_TAB_WAIT_MS = 500;

/**
 * Runs `callback` once the browser has painted the next frame: a requestAnimationFrame callback
 * runs just before that paint, and a task queued from it runs after. Downloads started here do
 * not compete with what the screen needs for the frame the user is waiting for. Returns a
 * cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    callback();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_TAB_WAIT_MS);
  return () => {
    isDone = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Runs `callback` when the browser is idle (within a second at most). */
export function whenIdle(callback: () => void): void {
  // Safari has no requestIdleCallback: a short timer stands in for it there.
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, { timeout: 1000 });
  } else {
    globalThis.setTimeout(callback, 200);
  }
}
