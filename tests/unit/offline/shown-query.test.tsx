// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from '../../../src/offline/query-state';
import type { QueryView } from '../../../src/offline/shown-query';
// jsdom's missing browser APIs and the cleanup between tests.
import '../ui/form-test-utils';

/** Logs what it shows at every commit that renders it. */
function Probe({ label, log }: { label: string; log: string[] }) {
  useLayoutEffect(() => {
    log.push(label);
  });
  return <p>{label}</p>;
}

const base: QueryView<string> = {
  data: undefined,
  error: null,
  isError: false,
  fetchStatus: 'fetching',
  refetch: vi.fn(),
};

function screenOf(log: string[]) {
  // The provider is part of each view: a rerender without it would mount a new tree.
  return (query: Partial<QueryView<string>>) => (
    <MantineProvider>
      <QueryState query={{ ...base, ...query }} loading={<Probe label="loading" log={log} />}>
        {(data) => <Probe label={`data ${data}`} log={log} />}
      </QueryState>
    </MantineProvider>
  );
}

describe('a query shown in a transition the first time its data arrives', () => {
  it('commits the loader once more, then the data: the data is not drawn in the same task', () => {
    const log: string[] = [];
    const view = screenOf(log);
    const { rerender } = render(view({}));
    act(() => {
      rerender(view({ data: 'first', fetchStatus: 'idle' }));
    });
    // Drawn at once, the log would read loading, data first.
    expect(log).toEqual(['loading', 'loading', 'data first']);
  });

  it('draws data that is there from the start at once', () => {
    const log: string[] = [];
    render(screenOf(log)({ data: 'cached', fetchStatus: 'idle' }));
    expect(log).toEqual(['data cached']);
  });

  it('draws later answers at once, with no loader in between', () => {
    const log: string[] = [];
    const view = screenOf(log);
    const { rerender } = render(view({ data: 'page 1', fetchStatus: 'idle' }));
    act(() => {
      rerender(view({ data: 'page 2', fetchStatus: 'idle' }));
    });
    expect(log).toEqual(['data page 1', 'data page 2']);
  });

  it('says an error at once: only data waits for the transition', () => {
    const log: string[] = [];
    const view = screenOf(log);
    const { rerender, getByRole } = render(view({}));
    act(() => {
      rerender(view({ isError: true, error: new Error('boom'), fetchStatus: 'idle' }));
    });
    expect(getByRole('alert').textContent).toContain('Something went wrong');
  });
});
