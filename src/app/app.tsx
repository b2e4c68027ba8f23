import { RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../domain/api/session';
import { AppProviders } from './providers';
import type { createAppRouter } from './router';

export function App({
  config,
  queryClient,
  router,
}: {
  config: PublicConfig;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
