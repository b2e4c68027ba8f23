/** What timing an image needs from the browser; tests pass fakes. */
export interface ProbeEnvironment {
  createImage: () => Pick<HTMLImageElement, 'onload' | 'onerror' | 'src'>;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserProbeEnvironment: ProbeEnvironment = {
  createImage: () => new Image(),
  now: () => performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    window.clearTimeout(handle as number);
  },
};

/**
 * Loads the image at `url` once (never cached: a unique query) and resolves with the time it took
 * in milliseconds, or `undefined` when it failed or did not answer within `timeoutMs`. The image
 * is never attached to the page, so its address is not shown.
 */
export function timeImageLoad(
  url: string,
  timeoutMs: number,
  env: ProbeEnvironment = browserProbeEnvironment,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const image = env.createImage();
    const started = env.now();
    let isSettled = false;
    const settle = (value: number | undefined) => {
      if (isSettled) return;
      isSettled = true;
      env.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(value);
    };
    const timer = env.setTimeout(() => {
      settle(undefined);
    }, timeoutMs);
    image.onload = () => {
      settle(env.now() - started);
    };
    image.onerror = () => {
      settle(undefined);
    };
    const separator = url.includes('?') ? '&' : '?';
    image.src = `${url}${separator}t=${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  });
}
