import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../domain/api/session';
import { CONSOLE_BASE } from '../lib/paths';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { routeObjects } from './routes';

export function App({ config, queryClient }: { config: PublicConfig; queryClient: QueryClient }) {
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <BrowserRouter basename={CONSOLE_BASE}>
        <AppRoutes routes={routeObjects} />
      </BrowserRouter>
    </AppProviders>
  );
}
