import type { ProductType } from '../../domain/api/session';
import { refreshRecordKey } from '../session/identity';
import { sessionChannel } from '../session/session-channel';
import { readLocal, writeLocal } from '../storage';
import {
  createRefreshCoordinator,
  type LockManagerLike,
  type RefreshCoordinator,
} from './refresh-coordinator';
import { REFRESH_INTERVAL_MS } from './refresh-record';
import { send } from './transport';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** navigator.locks where the browser has it (secure contexts of current browsers). */
function webLocks(): LockManagerLike | undefined {
  const locks: LockManager | undefined = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return undefined;
  return {
    request: <T>(name: string, callback: () => Promise<T>) =>
      locks.request(name, callback) as Promise<T>,
  };
}

const coordinators: Partial<Record<ProductType, RefreshCoordinator>> = {};

function coordinatorFor(productType: ProductType): RefreshCoordinator {
  coordinators[productType] ??= createRefreshCoordinator({
    productType,
    storage: { get: readLocal, set: writeLocal },
    locks: webLocks(),
    channel: sessionChannel(),
    now: () => Date.now(),
    recordKey: () => refreshRecordKey(productType, localStorageOrUndefined()),
    sendRefresh: () =>
      send('POST', `/${productType}/auth/v1/refresh-token`, undefined).then(
        () => true,
        () => false,
      ),
    intervalMs: REFRESH_INTERVAL_MS,
  });
  return coordinators[productType];
}

/**
 * Rotates the session cookies of `productType` once for however many requests and tabs ask at
 * the same time (spec section 4). Resolves false when the refresh failed: the caller logs out.
 */
export function refreshSession(productType: ProductType, sentAt?: number): Promise<boolean> {
  return coordinatorFor(productType).refresh(sentAt);
}
