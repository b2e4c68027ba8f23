/** Rendering helpers for the form tests: Mantine needs a provider and a few browser APIs jsdom lacks. */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Testing Library drains pending work with a setTimeout(0) and advances fake timers only through
// a global `jest`; pointing that at vitest keeps user-event from hanging under vi.useFakeTimers().
const withJest = globalThis as { jest?: { advanceTimersByTime: (ms: number) => void } };
withJest.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
afterAll(() => {
  delete withJest.jest;
});

if (typeof window.matchMedia !== 'function') {
  // Only the members Mantine's colour-scheme code calls.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

/** Moves fake timers on inside act(), so the state updates they cause are applied. */
export function advanceTimers(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
