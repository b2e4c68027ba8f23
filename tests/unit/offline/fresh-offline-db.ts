import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, vi } from 'vitest';
import { OFFLINE_DB_NAME, resetOfflineDbForTests } from '../../../src/offline/db';

/**
 * Each test of the calling file or describe block starts from an empty offline database and a
 * signed-in reseller console (product type in localStorage), and leaves no mocks behind.
 */
export function withFreshOfflineDb(): void {
  beforeEach(async () => {
    resetOfflineDbForTests();
    await Dexie.delete(OFFLINE_DB_NAME);
    window.localStorage.clear();
    window.localStorage.setItem('product_type', 'reseller');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetOfflineDbForTests();
  });
}
