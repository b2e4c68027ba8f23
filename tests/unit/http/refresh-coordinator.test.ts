import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRefreshCoordinator,
  type LockManagerLike,
  type RefreshDependencies,
} from '../../../src/lib/http/refresh-coordinator';
import { parseRefreshRecord, type RefreshRecord } from '../../../src/lib/http/refresh-record';
import type { SessionChannel, SessionMessage } from '../../../src/lib/session/session-channel';

const KEY = 'rsrt_topic-1';
const INTERVAL = 4000;

/** One browser: shared storage, a channel between tabs, and (optionally) Web Locks. */
function fakeBrowser(withLocks: boolean) {
  const store = new Map<string, string>();
  const tabs = new Set<(message: SessionMessage) => void>();
  let lockQueue = Promise.resolve();
  const locks: LockManagerLike = {
    request: <T>(_name: string, callback: () => Promise<T>) => {
      const result = lockQueue.then(callback);
      lockQueue = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
  const refreshes: number[] = [];
  let answer = true;
  let latency = 200;

  function openTab() {
    const handlers = new Set<(message: SessionMessage) => void>();
    const deliver = (message: SessionMessage) => {
      for (const handler of handlers) handler(message);
    };
    tabs.add(deliver);
    const channel: SessionChannel = {
      post: (message) => {
        for (const tab of tabs) if (tab !== deliver) tab(message);
      },
      subscribe: (handler) => {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    };
    const deps: RefreshDependencies = {
      productType: 'reseller',
      storage: { get: (key) => store.get(key) ?? null, set: (key, value) => store.set(key, value) },
      locks: withLocks ? locks : undefined,
      channel,
      now: () => Date.now(),
      recordKey: () => KEY,
      sendRefresh: () => {
        refreshes.push(Date.now());
        return new Promise((resolve) =>
          setTimeout(() => {
            resolve(answer);
          }, latency),
        );
      },
      intervalMs: INTERVAL,
    };
    return createRefreshCoordinator(deps);
  }

  return {
    openTab,
    refreshes,
    record: () => parseRefreshRecord(store.get(KEY) ?? null),
    setRecord: (record: RefreshRecord) => store.set(KEY, JSON.stringify(record)),
    failRefresh: () => {
      answer = false;
    },
    setLatency: (ms: number) => {
      latency = ms;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['with Web Locks', true],
  ['with the localStorage record only', false],
])('one shared refresh across tabs (%s)', (_label, withLocks) => {
  it('many callers in two tabs at once make exactly one refresh, and all succeed', async () => {
    const browser = fakeBrowser(withLocks);
    const tabA = browser.openTab();
    const tabB = browser.openTab();
    const results = Promise.all([
      tabA.refresh(),
      tabA.refresh(),
      tabB.refresh(),
      tabB.refresh(),
      tabA.refresh(),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(results).resolves.toEqual([true, true, true, true, true]);
    expect(browser.refreshes).toHaveLength(1);
  });

  it('success writes the record exactly as spec section 4 names it', async () => {
    const browser = fakeBrowser(withLocks);
    const result = browser.openTab().refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.record()).toEqual({
      lastUpdated: Date.now(),
      interval: INTERVAL,
      inprogress: true,
      status: 'in_progress',
    });
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(true);
    expect(browser.record()).toEqual({
      lastUpdated: Date.now(),
      interval: INTERVAL,
      inprogress: false,
      status: 'success',
    });
  });

  it('a refresh finished less than one interval ago is reused, not repeated', async () => {
    const browser = fakeBrowser(withLocks);
    browser.setRecord({
      lastUpdated: Date.now() - 1000,
      interval: INTERVAL,
      inprogress: false,
      status: 'success',
    });
    await expect(browser.openTab().refresh()).resolves.toBe(true);
    expect(browser.refreshes).toHaveLength(0);
  });

  it('a recent refresh that finished before the refused request was sent is not reused', async () => {
    const browser = fakeBrowser(withLocks);
    browser.setRecord({
      lastUpdated: Date.now() - 1000,
      interval: INTERVAL,
      inprogress: false,
      status: 'success',
    });
    // The request went out after that refresh and was still refused: its cookie is bad.
    const result = browser.openTab().refresh(Date.now() - 500);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(true);
    expect(browser.refreshes).toHaveLength(1);
  });

  it('once the interval has elapsed a new refresh starts', async () => {
    const browser = fakeBrowser(withLocks);
    browser.setRecord({
      lastUpdated: Date.now() - INTERVAL,
      interval: INTERVAL,
      inprogress: false,
      status: 'success',
    });
    const result = browser.openTab().refresh();
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(true);
    expect(browser.refreshes).toHaveLength(1);
  });

  it('a record left in progress by a page that went away is taken over', async () => {
    const browser = fakeBrowser(withLocks);
    const startedAt = Date.now();
    // Another page started a refresh 1 s ago and then closed (or reloaded) without finishing it.
    browser.setRecord({
      lastUpdated: startedAt - 1000,
      interval: INTERVAL,
      inprogress: true,
      status: 'in_progress',
    });
    const result = browser.openTab().refresh();
    if (withLocks) {
      // Holding the lock, nobody else can be refreshing: the record is stale, taken over at once.
      await vi.advanceTimersByTimeAsync(0);
      expect(browser.refreshes).toEqual([startedAt]);
    } else {
      await vi.advanceTimersByTimeAsync(2900);
      expect(browser.refreshes).toHaveLength(0); // still owned by the other tab, as far as we know
      await vi.advanceTimersByTimeAsync(200);
      expect(browser.refreshes).toEqual([startedAt + 3001]);
    }
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(true);
    expect(browser.record()?.status).toBe('success');
  });

  it('a record in progress for longer than the interval is taken over at once', async () => {
    const browser = fakeBrowser(withLocks);
    browser.setRecord({
      lastUpdated: Date.now() - INTERVAL - 1,
      interval: INTERVAL,
      inprogress: true,
      status: 'in_progress',
    });
    void browser.openTab().refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshes).toHaveLength(1);
  });

  it('a failed refresh answers false in every waiting tab (they log out)', async () => {
    const browser = fakeBrowser(withLocks);
    browser.failRefresh();
    const tabA = browser.openTab();
    const tabB = browser.openTab();
    const results = Promise.all([tabA.refresh(), tabB.refresh()]);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    const [a, b] = await results;
    expect(a).toBe(false);
    // Tab B either heard the announcement or took over and failed too: never a success.
    expect(b).toBe(false);
  });
});

describe('waiting tabs retry at once on the announcement', () => {
  it('without Web Locks, the second tab resolves as soon as the first announces', async () => {
    const browser = fakeBrowser(false);
    browser.setLatency(1500);
    const tabA = browser.openTab();
    const tabB = browser.openTab();
    const a = tabA.refresh();
    await vi.advanceTimersByTimeAsync(10);
    let bDone = false;
    const b = tabB.refresh().then((value) => {
      bDone = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(1489);
    expect(bDone).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(bDone).toBe(true);
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(browser.refreshes).toHaveLength(1);
  });
});
