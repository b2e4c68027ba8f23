// @vitest-environment jsdom
// First: it installs fake-indexeddb before Dexie is loaded.
import { withFreshOfflineDb } from './fresh-offline-db';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { rememberAccount } from '../../../src/offline/account';
import { withOfflineStore } from '../../../src/offline/offline-query';
import { readSnapshot, saveSnapshot } from '../../../src/offline/store';
import { ApiError, clientErrorCodes } from '../../../src/lib/http/api-error';

const key = ['billing', 'invoices', { page: 1 }] as const;

function setOnline(value: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

withFreshOfflineDb();

async function run(queryFn: () => Promise<unknown>): Promise<unknown> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.query({
    queryKey: key,
    queryFn: withOfflineStore('invoices', queryFn),
    networkMode: 'always',
  });
}

describe('withOfflineStore', () => {
  it('keeps each fresh answer for the signed-in account', async () => {
    setOnline(true);
    const account = rememberAccount('reseller', 'topic-a');
    await expect(run(() => Promise.resolve({ total: 3 }))).resolves.toEqual({ total: 3 });
    await vi.waitFor(async () => {
      expect((await readSnapshot(account, key))?.data).toEqual({ total: 3 });
    });
  });

  it('answers from the store offline, and on a network failure', async () => {
    const account = rememberAccount('reseller', 'topic-a');
    await saveSnapshot(account, 'invoices', key, { total: 5 }, 1000);
    setOnline(false);
    const network = vi.fn(() => Promise.resolve({ total: 9 }));
    await expect(run(network)).resolves.toEqual({ total: 5 });
    expect(network).not.toHaveBeenCalled();

    setOnline(true);
    const failing = () =>
      Promise.reject(new ApiError(0, clientErrorCodes.NETWORK_ERROR, 'Something went wrong.'));
    await expect(run(failing)).resolves.toEqual({ total: 5 });
  });

  it("never answers with another account's data", async () => {
    await saveSnapshot('reseller:topic-a', 'invoices', key, { total: 5 });
    rememberAccount('reseller', 'topic-b');
    setOnline(false);
    const failing = () =>
      Promise.reject(new ApiError(0, clientErrorCodes.NETWORK_ERROR, 'Something went wrong.'));
    await expect(run(failing)).rejects.toBeInstanceOf(ApiError);
  });
});
