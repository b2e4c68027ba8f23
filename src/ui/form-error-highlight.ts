/**
 * "Error messages stay highlighted for 5 units" (spec section 5; section 9 reads it as seconds):
 * a field whose error appears or changes is highlighted for HIGHLIGHT_MS, then the highlight is
 * dropped while the message itself stays until the value is fixed.
 *
 * The timers live in a small external store so that React state only changes from timer
 * callbacks and subscriptions (never synchronously inside an effect).
 */
import { useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { HIGHLIGHT_MS } from '../domain/limits';

export type FieldErrors = Readonly<Record<string, ReactNode>>;

const hasError = (error: ReactNode) =>
  error !== null && error !== undefined && error !== false && error !== '';

export class ErrorHighlightStore {
  private highlighted: ReadonlySet<string> = new Set();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private lastErrors: FieldErrors = {};

  constructor(private readonly holdMs: number = HIGHLIGHT_MS) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ReadonlySet<string> => this.highlighted;

  /** Starts the hold for errors that are new or changed; drops it for errors that are gone. */
  sync(errors: FieldErrors): void {
    const next = new Set(this.highlighted);
    const paths = new Set([...Object.keys(this.lastErrors), ...Object.keys(errors)]);
    for (const path of paths) {
      const error = errors[path];
      if (!hasError(error)) {
        this.stop(path);
        next.delete(path);
      } else if (error !== this.lastErrors[path]) {
        this.stop(path);
        next.add(path);
        this.timers.set(
          path,
          setTimeout(() => this.expire(path), this.holdMs),
        );
      }
    }
    this.lastErrors = errors;
    this.publish(next);
  }

  /** Stops every timer and forgets the errors, so a remount (StrictMode) starts afresh. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.lastErrors = {};
    this.highlighted = new Set();
  }

  private expire(path: string): void {
    this.timers.delete(path);
    const next = new Set(this.highlighted);
    next.delete(path);
    this.publish(next);
  }

  private stop(path: string): void {
    const timer = this.timers.get(path);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(path);
  }

  private publish(next: ReadonlySet<string>): void {
    const isSame =
      next.size === this.highlighted.size && [...next].every((path) => this.highlighted.has(path));
    if (isSame) return;
    this.highlighted = next;
    for (const listener of this.listeners) listener();
  }
}

/** The paths whose error is currently highlighted. */
export function useErrorHighlight(
  errors: FieldErrors,
  holdMs: number = HIGHLIGHT_MS,
): ReadonlySet<string> {
  const [store] = useState(() => new ErrorHighlightStore(holdMs));
  // Layout effect: the highlight lands in the same paint as the message.
  useLayoutEffect(() => {
    store.sync(errors);
  }, [store, errors]);
  useLayoutEffect(() => () => store.dispose(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
