import { useSyncExternalStore } from 'react';

/*
 * The browser's install offer, kept from start-up. No Mantine here: the entry chunk imports this
 * module, and the menu item (with Menu, Popover and floating-ui) loads with the account menu,
 * off the sign-in page and off every first paint (see account-menu.tsx).
 */

/** Chromium's install offer (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();
let isCapturing = false;

export function setOffer(next: BeforeInstallPromptEvent | undefined): void {
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

export function useInstallOffer(): BeforeInstallPromptEvent | undefined {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => offer,
    () => undefined,
  );
}
