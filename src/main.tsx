import './lib/zod-jitless';
import './app/mantine-styles';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/app-routes';
import { routeObjects } from './app/routes';
import { loadPublicConfig } from './lib/config/public-config';
import { CONSOLE_BASE } from './lib/paths';
import { requestCsrfToken } from './lib/http/csrf';
import { startEarlyGet } from './lib/http/transport';
import { getProductType } from './lib/session/product-type';
import { isSignedIn } from './lib/session/signed-in';
import { createQueryClient } from './lib/query-client';
import { startSessionWatch } from './lib/session/session-watch';

/** The first render waits for the CSRF cookie and the public config (spec section 1). */
async function start(): Promise<void> {
  startSessionWatch();
  // The two calls go out first: over HTTP/1.1's six connections, calls queued behind the first
  // screen's scripts would wait for all of them. The screen's code then downloads while the calls
  // are out, instead of after them: one network round trip less. Route guards are local (no API
  // call), so they do not need the CSRF cookie; nothing renders before it is set.
  const ready = Promise.all([loadPublicConfig(), requestCsrfToken()]);
  preloadScreen(routeObjects, window.location.pathname, CONSOLE_BASE);
  // Who is signed in is every signed-in screen's first call: it goes out now, beside the screen's
  // code, instead of after it (issue 21). The screen's own call takes this answer.
  const productType = getProductType();
  const queryClient = createQueryClient();
  let userKnown: Promise<void> | undefined;
  if (isSignedIn(productType)) {
    startEarlyGet(`/${productType}/user_info`);
    // Its answer is in the cache before the first render (with the frame's code, which that
    // render needs anyway): the first paint is the screen, not a loader.
    // A frame's code that fails to load is the screen's to report (its error screen), not a
    // reason to render nothing.
    userKnown = import('./app/layouts/signed-in-user')
      .then(({ prefetchSignedInUser }) => prefetchSignedInUser(queryClient, productType))
      .catch(() => undefined);
  }
  const [[config]] = await Promise.all([ready, userKnown]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // The first render is a transition: React then renders in slices of a few milliseconds, so a
  // slow phone's main thread is never blocked for the whole first screen at once.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
