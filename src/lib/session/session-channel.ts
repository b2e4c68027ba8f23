import type { ProductType } from '../../domain/constants';

/** What the console's tabs tell each other about the session they share. */
export type SessionMessage =
  | { type: 'logout'; productType: ProductType }
  | { type: 'refreshed'; productType: ProductType; isOk: boolean };

export interface SessionChannel {
  post: (message: SessionMessage) => void;
  subscribe: (handler: (message: SessionMessage) => void) => () => void;
}

const CHANNEL_NAME = 'rpc-session';

function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'logout' || type === 'refreshed';
}

/**
 * BroadcastChannel between the tabs of this origin (design card: cross-tab coordination). A
 * browser without it gets a channel that reaches nobody: the 5-second flag check and the
 * localStorage refresh record still cover those tabs, only more slowly.
 */
function createBroadcastChannel(): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { post: () => undefined, subscribe: () => () => undefined };
  }
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const handlers = new Set<(message: SessionMessage) => void>();
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (!isSessionMessage(event.data)) return;
    for (const handler of handlers) handler(event.data);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch (error) {
        console.warn('Could not tell the other tabs', error);
      }
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

let shared: SessionChannel | undefined;

/** The one channel of this tab (created on first use). */
export function sessionChannel(): SessionChannel {
  shared ??= createBroadcastChannel();
  return shared;
}
