import { whenIdle } from './after-paint';

/**
 * The chunks the server listed for this page's route as worth having ahead
 * (`<meta name="rpc-prefetch">`, server/plugins/console-preloads.ts): a chart's code, say.
 */
const META = 'meta[name="rpc-prefetch"]';

/**
 * Fetches the listed chunks into the HTTP cache when the browser is next idle, without running
 * them (`<link rel="prefetch">`); once per page load. Not in the page's head from the start: a
 * prefetch there starts with the page and shares a phone's link (and HTTP/1.1's six
 * connections) with what the first paint needs: in one Lighthouse run (mobile, HTTP/1.1) the
 * partner dashboard's largest paint came half a second later.
 */
export function prefetchListedWhenIdle(): void {
  const meta = document.querySelector<HTMLMetaElement>(META);
  if (!meta) return;
  meta.remove();
  whenIdle(() => {
    for (const href of meta.content.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
  });
}
