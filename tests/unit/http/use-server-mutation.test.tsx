// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useServerMutation } from '../../../src/lib/http/use-server-mutation';

function setup<T>(mutationFn: (input: string) => Promise<T>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useServerMutation({ mutationFn }), { wrapper });
}

describe('useServerMutation', () => {
  it('sends a double submission once and reports the first call to both', async () => {
    let finish: (value: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { result } = setup(send);
    const onSuccess = vi.fn();
    let first: Promise<string> | undefined;
    let second: Promise<string> | undefined;
    act(() => {
      // Two clicks in the same frame: isPending has not reached the button yet.
      result.current.mutate('a', { onSuccess });
      result.current.mutate('a', { onSuccess });
      first = result.current.mutateAsync('a');
      second = result.current.mutateAsync('b');
    });
    expect(first).toBe(second);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await act(async () => {
      finish('done');
      await first;
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(await second).toBe('done');
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('lets the next submission through once the first has settled, failure included', async () => {
    const send = vi
      .fn<(input: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('declined'))
      .mockResolvedValueOnce('ok');
    const { result } = setup(send);
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
