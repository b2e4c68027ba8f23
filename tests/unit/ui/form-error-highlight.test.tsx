// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_MS } from '../../../src/domain/limits';
import {
  ErrorHighlightStore,
  useErrorHighlight,
  type FieldErrors,
} from '../../../src/ui/form-error-highlight';
import { advanceTimers } from './form-test-utils';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ErrorHighlightStore', () => {
  it('holds a new error for 5 seconds, then drops the highlight', () => {
    const store = new ErrorHighlightStore();
    store.sync({ email: 'Email cannot be blank' });
    expect([...store.getSnapshot()]).toEqual(['email']);
    vi.advanceTimersByTime(HIGHLIGHT_MS - 1);
    expect(store.getSnapshot().has('email')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().has('email')).toBe(false);
  });

  it('restarts the hold when the message changes, not when it repeats', () => {
    const store = new ErrorHighlightStore();
    store.sync({ email: 'Email cannot be blank' });
    vi.advanceTimersByTime(4000);
    store.sync({ email: 'Email cannot be blank' });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().has('email')).toBe(false);
    store.sync({ email: 'Enter a valid email address' });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot().has('email')).toBe(true);
  });

  it('drops the highlight at once when the error is fixed, and highlights it again if it returns', () => {
    const store = new ErrorHighlightStore();
    store.sync({ email: 'Email cannot be blank', name: null });
    store.sync({ email: null });
    expect(store.getSnapshot().size).toBe(0);
    store.sync({ email: 'Email cannot be blank' });
    expect(store.getSnapshot().has('email')).toBe(true);
  });

  it('tells subscribers only about real changes', () => {
    const store = new ErrorHighlightStore();
    const listener = vi.fn<() => void>();
    store.subscribe(listener);
    store.sync({});
    store.sync({ a: 'x' });
    store.sync({ a: 'x' });
    vi.advanceTimersByTime(HIGHLIGHT_MS);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('useErrorHighlight', () => {
  it('follows the errors it is given and clears its timers on unmount', () => {
    const { result, rerender, unmount } = renderHook(
      ({ errors }: { errors: FieldErrors }) => useErrorHighlight(errors),
      { initialProps: { errors: {} } },
    );
    expect(result.current.size).toBe(0);
    rerender({ errors: { first: 'First name cannot be blank' } });
    expect(result.current.has('first')).toBe(true);
    advanceTimers(HIGHLIGHT_MS);
    expect(result.current.has('first')).toBe(false);
    rerender({ errors: { first: 'First name can contain a-z, A-Z and space' } });
    expect(result.current.has('first')).toBe(true);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
