import { describe, expect, it, vi } from 'vitest';
import { lazyOnce } from '../../server/services/lazy-once';

/** lazyOnce (the demo identity provider is made with it): made once, a failure not kept. */
describe('lazyOnce', () => {
  it('makes on the first call only, and gives every call the same result', async () => {
    const make = vi.fn(() => Promise.resolve({ made: true }));
    const get = lazyOnce(make);
    expect(make).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next call makes it again', async () => {
    const make = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('the first making fails'))
      .mockResolvedValue('made');
    const get = lazyOnce(make);
    await expect(get()).rejects.toThrow('the first making fails');
    expect(await get()).toBe('made');
    expect(await get()).toBe('made');
    expect(make).toHaveBeenCalledTimes(2);
  });
});
