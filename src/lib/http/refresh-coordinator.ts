import type { ProductType } from '../../domain/constants';
import type { SessionChannel } from '../session/session-channel';
import {
  inProgressRecord,
  isFreshSuccess,
  isOwnedByAnother,
  parseRefreshRecord,
  successRecord,
  type RefreshRecord,
} from './refresh-record';

export interface RefreshStorage {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
}

/** The part of the Web Locks API used here (navigator.locks). */
export interface LockManagerLike {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>;
}

export interface RefreshDependencies {
  productType: ProductType;
  storage: RefreshStorage;
  /** Web Locks when the browser has them; without them the record alone coordinates. */
  locks: LockManagerLike | undefined;
  channel: SessionChannel;
  now: () => number;
  /** The record's key (prt_{partner_id} / rsrt_{proxy_topic}), read at each refresh. */
  recordKey: () => string;
  /** POSTs {productType}/auth/v1/refresh-token; true when the answer was 200. */
  sendRefresh: () => Promise<boolean>;
  intervalMs: number;
}

export interface RefreshCoordinator {
  /**
   * One shared refresh: resolves true once fresh session cookies are in the browser. `sentAt` is
   * when the refused request was sent (Date.now()).
   */
  refresh: (sentAt?: number) => Promise<boolean>;
}

/**
 * The token refresh of spec section 4, single-flight inside the tab (one promise) and across tabs
 * (a Web Lock, or the localStorage record where there is none). A refresh starts only when no
 * other one is in progress and the interval has passed since the last; a record left in progress
 * longer than the interval is taken over; success is written to the record and announced on the
 * BroadcastChannel so tabs that are waiting retry at once. The caller logs out on `false`.
 */
export function createRefreshCoordinator(deps: RefreshDependencies): RefreshCoordinator {
  let inFlight: Promise<boolean> | undefined;

  const read = () => parseRefreshRecord(deps.storage.get(deps.recordKey()));
  const write = (record: RefreshRecord) => {
    deps.storage.set(deps.recordKey(), JSON.stringify(record));
  };

  async function refreshNow(): Promise<boolean> {
    write(inProgressRecord(deps.now(), deps.intervalMs));
    let isOk = false;
    try {
      isOk = await deps.sendRefresh();
    } catch {
      isOk = false;
    }
    // A failure leaves the record in progress: logout removes it, and a tab that survives takes
    // it over after one interval.
    if (isOk) write(successRecord(deps.now(), deps.intervalMs));
    deps.channel.post({ type: 'refreshed', productType: deps.productType, isOk });
    return isOk;
  }

  /** Waits until the refreshing tab announces its result or its interval runs out. */
  function waitForOther(record: RefreshRecord): Promise<boolean | undefined> {
    return new Promise((resolve) => {
      const remaining = Math.max(0, record.lastUpdated + record.interval - deps.now());
      const unsubscribe = deps.channel.subscribe((message) => {
        if (message.type !== 'refreshed' || message.productType !== deps.productType) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(message.isOk);
      });
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(undefined);
      }, remaining + 1);
    });
  }

  /**
   * Decides after (re-)reading the record: reuse a fresh result, wait for another tab, or refresh.
   * `holdsLock`: this tab holds the Web Lock, which a refreshing tab keeps until it is done and a
   * closed or reloaded page gives up. A record still "in progress" is then one whose page went
   * away mid-refresh (a reload): it is taken over at once instead of after an interval, which
   * left the reloaded page waiting with no session.
   */
  async function coordinate(sentAt: number | undefined, holdsLock: boolean): Promise<boolean> {
    for (;;) {
      const record = read();
      const now = deps.now();
      // A recent refresh counts only if it finished after the refused request was sent: one that
      // finished before it did not help that request, so its retry would be refused again.
      if (
        isFreshSuccess(record, now) &&
        (sentAt === undefined || (record?.lastUpdated ?? 0) >= sentAt)
      ) {
        return true;
      }
      if (!holdsLock && record && isOwnedByAnother(record, now)) {
        const announced = await waitForOther(record);
        if (announced !== undefined) return announced;
        continue; // no word within the interval: re-read, and take over if still stuck
      }
      return refreshNow();
    }
  }

  async function run(sentAt: number | undefined): Promise<boolean> {
    const lockName = `rpc-token-refresh-${deps.productType}`;
    if (deps.locks) return deps.locks.request(lockName, () => coordinate(sentAt, true));
    return coordinate(sentAt, false);
  }

  return {
    refresh: (sentAt?: number) => {
      inFlight ??= run(sentAt).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
