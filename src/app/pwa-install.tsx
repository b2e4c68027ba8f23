import { Menu } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();
let isCapturing = false;

function setOffer(next: BeforeInstallPromptEvent | undefined): void {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the "Install app" action. Called when the app starts,
 * because the browser fires `beforeinstallprompt` once, early.
 */
export function captureInstallPrompt(): void {
  if (isCapturing || typeof window === 'undefined') return;
  isCapturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    setOffer(undefined);
  });
}

function useInstallOffer(): BeforeInstallPromptEvent | undefined {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => offer,
    () => undefined,
  );
}

/** "Install app" in the user menu, shown only where the browser offers to install. */
export function InstallAppMenuItem() {
  const current = useInstallOffer();
  if (!current) return null;
  return (
    <Menu.Item
      onClick={() => {
        void current.prompt().then(async () => {
          await current.userChoice;
          setOffer(undefined);
        });
      }}
    >
      Install app
    </Menu.Item>
  );
}
