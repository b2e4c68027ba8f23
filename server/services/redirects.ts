/**
 * Only same-origin targets are followed: a path on this site, or an absolute URL whose origin is
 * the public origin. Anything else (other hosts, `//evil`, `/\evil`, `javascript:`) gets the fallback.
 */
export function safeRedirect(
  target: string | undefined,
  publicOrigin: string,
  fallback: string,
): string {
  if (!target) return fallback;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) {
    try {
      const url = new URL(target, publicOrigin);
      if (url.origin === new URL(publicOrigin).origin) return url.pathname + url.search + url.hash;
    } catch {
      return fallback;
    }
    return fallback;
  }
  try {
    const url = new URL(target);
    if (url.origin === new URL(publicOrigin).origin) return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return fallback;
}
