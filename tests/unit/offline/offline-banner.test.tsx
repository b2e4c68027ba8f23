// @vitest-environment jsdom
// First: it installs fake-indexeddb before Dexie is loaded.
import { withFreshOfflineDb } from './fresh-offline-db';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDisplayDate } from '../../../src/domain/dates';
import { OfflineBanner } from '../../../src/offline/offline-banner';
import { useOfflineQuery } from '../../../src/offline/offline-query';
import { renderWithMantine } from '../ui/form-test-utils';

/*
 * The offline banner over a report: when its figures are a saved copy it says so and when they
 * were last updated, wherever the copy came from. A copy restored from the persisted query cache
 * at start-up is fresh, so it is not fetched again and the offline store never answers: the
 * banner once said "Data shown may be out of date" there (seen in the partner dashboard's
 * browser test, one run in three).
 */

withFreshOfflineDb();

const key = ['partner', 'dashboard-summary'] as const;
const SYNCED_AT = Date.UTC(2026, 10, 24, 9, 30);

function setOnline(isOnline: boolean): void {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

function Report() {
  const query = useOfflineQuery(
    { queryKey: key, queryFn: () => Promise.resolve('fetched'), staleTime: Infinity },
    'dashboard',
  );
  return (
    <>
      <OfflineBanner />
      <p>Figures: {query.data ?? 'none'}</p>
    </>
  );
}

function renderWith(client: QueryClient) {
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <Report />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  setOnline(true);
});

describe('the offline banner over a report', () => {
  it('says a copy restored from the persisted cache is saved data, with its time', () => {
    const client = new QueryClient();
    client.setQueryData(key, 'restored', { updatedAt: SYNCED_AT });
    setOnline(false);
    renderWith(client);
    expect(screen.getByText('Figures: restored')).toBeTruthy();
    expect(
      screen.getByText(
        `Showing data saved on this device, last updated ${formatDisplayDate(SYNCED_AT)}. Actions that need the server wait until you are back online.`,
      ),
    ).toBeTruthy();
  });

  it('says nothing of saved data online', () => {
    const client = new QueryClient();
    client.setQueryData(key, 'restored', { updatedAt: SYNCED_AT });
    renderWith(client);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    expect(screen.queryByText(/Showing data saved/)).toBeNull();
  });

  it('without data on screen offline, says only that data may be out of date', () => {
    const client = new QueryClient();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setOnline(false);
    renderWith(client);
    expect(
      screen.getByText(
        'Data shown may be out of date. Actions that need the server wait until you are back online.',
      ),
    ).toBeTruthy();
  });
});
