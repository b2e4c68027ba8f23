import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchFirstScreen } from './app/first-screen';
import { createAppRouter } from './app/router';
import { loadPublicConfig } from './lib/config/public-config';
import { requestCsrfToken } from './lib/http/csrf';
import { createQueryClient } from './lib/query-client';
import { startSessionWatch } from './lib/session/session-watch';

/** The first render waits for the CSRF cookie and the public config (spec section 1). */
async function start(): Promise<void> {
  startSessionWatch();
  const [config] = await Promise.all([loadPublicConfig(), requestCsrfToken()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const router = createAppRouter();
  watchFirstScreen(router);
  createRoot(container).render(
    <StrictMode>
      <App config={config} queryClient={createQueryClient()} router={router} />
    </StrictMode>,
  );
}

void start();
