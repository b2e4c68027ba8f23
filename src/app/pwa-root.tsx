import { Button, Group, Paper, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { startOfflineLayer } from '../offline/start';
import { whenFirstScreenShown } from './first-screen';
import { captureInstallPrompt } from './pwa-install-prompt';

/** The service worker vite-plugin-pwa builds from src/sw/sw.ts, and the part it controls. */
export const SERVICE_WORKER_URL = '/rpc-app/sw.js';
export const SERVICE_WORKER_SCOPE = '/rpc-app/';
/** How often an open console asks the server whether a new version exists. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
export const UPDATE_AVAILABLE_TEXT = 'A new version is available';

captureInstallPrompt();

/** Set once a new version is waiting: asks it to take over; the page reloads when it does. */
type Activate = () => void;

/**
 * Registers the service worker (production builds only) and checks for a new version every
 * UPDATE_CHECK_INTERVAL_MS and whenever the tab comes back into view. A waiting version never
 * takes over on its own: the user sees "A new version is available" and chooses when to reload,
 * so an open form is never lost.
 */
function useServiceWorker(): Activate | undefined {
  const [activate, setActivate] = useState<Activate>();
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
    let isActive = true;
    let timer: number | undefined;
    let onVisible: (() => void) | undefined;
    const cancel = whenFirstScreenShown(() => void register());
    async function register() {
      const { Workbox } = await import('workbox-window');
      if (!isActive) return;
      const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      workbox.addEventListener('waiting', () => {
        setActivate(() => () => {
          workbox.addEventListener('controlling', () => {
            window.location.reload();
          });
          workbox.messageSkipWaiting();
        });
      });
      try {
        await workbox.register();
      } catch (error) {
        console.warn('The service worker could not be registered', error);
        return;
      }
      const check = () => {
        if (navigator.onLine) void workbox.update().catch(() => undefined);
      };
      timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      onVisible = () => {
        if (document.visibilityState === 'visible') check();
      };
      document.addEventListener('visibilitychange', onVisible);
    }
    return () => {
      cancel();
      isActive = false;
      window.clearInterval(timer);
      if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return activate;
}

/**
 * The console's installable-app layer, rendered once by the providers: service worker
 * registration with the update prompt, and the offline data layer (account, persisted queries,
 * wipe on logout).
 */
export function PwaRoot({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => startOfflineLayer(queryClient), [queryClient]);
  const activate = useServiceWorker();
  const [isReloading, setIsReloading] = useState(false);
  if (!activate) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      bottom={16}
      left={16}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 400 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{UPDATE_AVAILABLE_TEXT}</Text>
        <Button
          size="xs"
          loading={isReloading}
          onClick={() => {
            setIsReloading(true);
            activate();
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
