import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PublicConfig } from '../domain/api/session';
import { PublicConfigProvider } from '../lib/config/public-config-context';
import { DeferredNotifications } from './deferred-notifications';
import { PwaRoot } from './pwa-root';
import { cssVariablesResolver, theme } from './theme';

/** Toasts hide by themselves after 5 seconds and close on click (spec section 1). */
const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * Providers every screen needs. ModalsProvider is not here: the signed-in shells mount it once
 * a dialog is wanted (src/ui/modals/deferred-modals.tsx), because Modal and its scroll area add
 * ~30 KB gzip that no first paint, and the sign-in page not at all, needs.
 */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: PublicConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <PublicConfigProvider config={config}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <QueryClientProvider client={queryClient}>
          <DeferredNotifications autoClose={TOAST_AUTO_CLOSE_MS} />
          <PwaRoot queryClient={queryClient} />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </PublicConfigProvider>
  );
}
