import {
  useQuery,
  type QueryFunction,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '../lib/after-paint';
import { clientErrorCodes, isApiError } from '../lib/http/api-error';
import { accountWhenKnown, offlineAccount } from './account';
import type { SnapshotKind } from './db';
import { showStoredAnswer, useIsOnline } from './online-status';
import { snapshotKey } from './snapshot-key';
import type { StoredAnswer } from './store';

/**
 * The offline store (Dexie, ~28 KB compressed) loads when first needed: after the first answer,
 * or offline. A report's first screen does not wait for it.
 */
const loadStore = () => import('./store');

/** A report's own offline storage, beside the snapshot of each answer (see useOfflineQuery). */
export interface OfflineExtras<T> {
  /** Keeps more of a fresh answer (e.g. entry by entry) for `account`. */
  keep?: (account: string, data: T) => Promise<void>;
  /** Answers a query with no snapshot of its own from what `keep` kept. */
  fallback?: (account: string) => Promise<StoredAnswer<T> | undefined>;
}

/** Answers served from the offline store, by query key: when they were synced. */
const servedFromStore = new Map<string, number>();

function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.description === clientErrorCodes.NETWORK_ERROR;
}

/**
 * Wraps a report's query function: online, every fresh answer is kept in Dexie for the signed-in
 * account; offline (or when the network fails), the stored answer of the same query key answers.
 */
export function withOfflineStore<T, K extends QueryKey>(
  kind: SnapshotKind,
  queryFn: QueryFunction<T, K>,
  extras: OfflineExtras<T> = {},
): QueryFunction<T, K> {
  return async (context) => {
    const account = offlineAccount();
    const id = snapshotKey(context.queryKey);
    const fromStore = async (): Promise<T | undefined> => {
      if (!account) return undefined;
      const { readSnapshot } = await loadStore();
      const stored =
        (await readSnapshot<T>(account, context.queryKey)) ?? (await extras.fallback?.(account));
      if (stored) servedFromStore.set(id, stored.syncedAt);
      return stored?.data;
    };
    if (!navigator.onLine) {
      const stored = await fromStore();
      if (stored !== undefined) return stored;
    }
    try {
      const data = await queryFn(context);
      servedFromStore.delete(id);
      if (navigator.onLine) {
        // Kept once the answer is on screen (storing it is never in the way of showing it), for
        // the account user_info names: an answer that came first waits for it.
        afterNextPaint(() => {
          void accountWhenKnown().then((owner) =>
            Promise.all([
              loadStore().then(({ saveSnapshot }) =>
                saveSnapshot(owner, kind, context.queryKey, data),
              ),
              extras.keep?.(owner, data),
            ]).catch((error: unknown) => {
              console.warn('Could not keep this report for offline use', error);
            }),
          );
        });
      }
      return data;
    } catch (error) {
      if (isNetworkFailure(error)) {
        const stored = await fromStore();
        if (stored !== undefined) return stored;
      }
      throw error;
    }
  };
}

/**
 * When the data on screen was last synced, if it is a saved copy: the offline store's copy, or,
 * offline, the query's own data. That one was restored from the persisted query cache at start-up
 * (a fresh copy is not fetched again, so the store never answers) or kept from before the
 * connection dropped: saved on this device all the same, last updated when it was fetched.
 */
function storedAtOf(
  query: Pick<UseQueryResult, 'data' | 'dataUpdatedAt'>,
  fromStore: number | undefined,
  isOnline: boolean,
): number | undefined {
  if (query.data === undefined) return undefined;
  if (fromStore !== undefined || isOnline) return fromStore;
  return query.dataUpdatedAt > 0 ? query.dataUpdatedAt : undefined;
}

export type OfflineQueryResult<T> = UseQueryResult<T> & {
  /** Set when the data shown is the stored copy: when it was last synced (ms since epoch). */
  storedAt: number | undefined;
};

/**
 * `useQuery` for a read-only report that must open offline. A screen opts in by swapping
 *
 *     const query = useQuery(invoicesQuery(params));
 * for
 *     const query = useOfflineQuery(invoicesQuery(params), 'invoices');
 *
 * Online it behaves exactly like `useQuery` and keeps each answer in Dexie for the signed-in
 * account; offline it shows the stored answer and the console's offline banner says when it was
 * last updated. `extras` lets a report keep more than the answers seen (see OfflineExtras).
 * Logout wipes the store (see wipe.ts).
 */
export function useOfflineQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K> & { queryFn?: unknown },
  kind: SnapshotKind,
  extras?: OfflineExtras<T>,
): OfflineQueryResult<T> {
  const queryFn = options.queryFn as QueryFunction<T, K> | undefined;
  const query = useQuery<T, Error, T, K>({
    ...options,
    queryFn: queryFn ? withOfflineStore(kind, queryFn, extras) : undefined,
    // Offline, the query function still runs so the stored copy can answer.
    networkMode: 'always',
  });
  const id = snapshotKey(options.queryKey);
  const isOnline = useIsOnline();
  const storedAt = storedAtOf(query, servedFromStore.get(id), isOnline);
  useEffect(
    () => (storedAt === undefined ? undefined : showStoredAnswer(id, storedAt)),
    [id, storedAt],
  );
  return Object.assign(query, { storedAt });
}
