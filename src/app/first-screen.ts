/**
 * Work the first screen does not need (the toast container, the service worker) starts once that
 * screen is on the page and the browser is idle: reaching an interactive sign-in page neither
 * waits for those chunks nor shares the network with them.
 */
let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Runs `callback` once the first screen is shown; the returned function cancels it. */
export function whenFirstScreenShown(callback: () => void): () => void {
  let isCancelled = false;
  void shown.then(() => {
    if (!isCancelled) callback();
  });
  return () => {
    isCancelled = true;
  };
}

function onIdle(callback: () => void): void {
  // Safari has no requestIdleCallback: a short timer stands in for it there.
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, { timeout: 1000 });
  } else {
    globalThis.setTimeout(callback, 200);
  }
}

let isMarked = false;

/** Called once the first route's screen is on the page; later calls do nothing. */
export function markFirstScreenShown(): void {
  if (isMarked) return;
  isMarked = true;
  onIdle(markShown);
}
