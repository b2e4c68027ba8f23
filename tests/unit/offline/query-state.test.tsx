// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/http/api-error';
import {
  NEEDS_CONNECTION_TEXT,
  NEEDS_CONNECTION_TITLE,
  QueryState,
} from '../../../src/offline/query-state';
import { renderWithMantine } from '../ui/form-test-utils';

function setOnline(isOnline: boolean): void {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

type View = Parameters<typeof QueryState<string>>[0]['query'];
const base: View = {
  data: undefined,
  error: null,
  isError: false,
  fetchStatus: 'idle',
  refetch: vi.fn(),
};

function show(query: Partial<View>) {
  return renderWithMantine(
    <QueryState query={{ ...base, ...query }} loading={<p>Loading the list</p>}>
      {(data) => <p>Data: {data}</p>}
    </QueryState>,
  );
}

afterEach(() => {
  setOnline(true);
});

describe('one query state for every screen', () => {
  it('shows saved data offline, with no error beside it', () => {
    setOnline(false);
    show({ data: 'saved', isError: true, error: new Error('network') });
    expect(screen.getByText('Data: saved')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a paused query needs a connection instead of loading forever offline', () => {
    setOnline(false);
    show({ fetchStatus: 'paused' });
    expect(screen.getByRole('status').textContent).toBe(
      `${NEEDS_CONNECTION_TITLE}${NEEDS_CONNECTION_TEXT}`,
    );
    expect(screen.queryByText('Loading the list')).toBeNull();
  });

  it('says a failed load needs a connection offline, not "Something went wrong"', () => {
    setOnline(false);
    show({ isError: true, error: new ApiError(0, 'NETWORK_ERROR', 'Network') });
    expect(screen.getByText(NEEDS_CONNECTION_TEXT)).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('keeps loading while the saved copy is read offline', () => {
    setOnline(false);
    show({ fetchStatus: 'fetching' });
    expect(screen.getByText('Loading the list')).toBeTruthy();
  });

  it('online: the loader, then the error said once with a way to try again', () => {
    show({ fetchStatus: 'fetching' });
    expect(screen.getByText('Loading the list')).toBeTruthy();
    show({ isError: true, error: new Error('boom') });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Something went wrongTry again after some timeTry again');
  });
});
