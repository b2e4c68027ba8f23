import { whenIdle } from '../lib/after-paint';

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

let isMarked = false;

/** Called once the first route's screen is on the page; later calls do nothing. */
export function markFirstScreenShown(): void {
  if (isMarked) return;
  isMarked = true;
  whenIdle(markShown);
}
