import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Region } from '../../../src/domain/constants';
import {
  chooseDataCentreWith,
  type DataCentreDependencies,
} from '../../../src/lib/datacentre/choose-data-centre';
import { timeImageLoad, type ProbeEnvironment } from '../../../src/lib/datacentre/probe-image';

const urls: Record<Region, string> = {
  OR: 'https://or.example.test/p.png',
  VA: 'https://va.example.test/p.png',
  IR: 'https://ir.example.test/p.png',
};

/** A fake network: each region answers after its delay, or never (undefined). */
function fakeNetwork(country: string, delays: Partial<Record<Region, number>>) {
  const probed: string[] = [];
  const regionOf = (url: string) =>
    (Object.keys(urls) as Region[]).find((region) => urls[region] === url);
  const deps: DataCentreDependencies = {
    fetchCountry: () => Promise.resolve(country),
    fetchProbeUrls: () => Promise.resolve(urls),
    timeProbe: (url, timeoutMs) => {
      probed.push(url);
      const region = regionOf(url);
      const delay = region ? delays[region] : undefined;
      const env = fakeImageEnvironment(delay);
      return timeImageLoad(url, timeoutMs, env);
    },
    timeoutMs: 3000,
  };
  return { deps, probed };
}

/** An image that loads after `delay` ms of fake time, or never. */
function fakeImageEnvironment(delay: number | undefined): ProbeEnvironment {
  return {
    createImage: () => {
      const image = { onload: null, onerror: null, src: '' } as Pick<
        HTMLImageElement,
        'onload' | 'onerror' | 'src'
      >;
      if (delay !== undefined) {
        setTimeout(() => {
          image.onload?.call(image as HTMLImageElement, new Event('load'));
        }, delay);
      }
      return image;
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('data-centre choice (spec section 1)', () => {
  it('picks the region whose test image loaded fastest', async () => {
    vi.useFakeTimers();
    const { deps } = fakeNetwork('DE', { OR: 180, VA: 90, IR: 40 });
    const choice = chooseDataCentreWith(deps);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(choice).resolves.toBe('IR');
  });

  it.each(['US', 'CA', 'MX', 'PR', 'us'])(
    'never picks IR for a visitor from %s, even when IR is fastest',
    async (country) => {
      vi.useFakeTimers();
      const { deps, probed } = fakeNetwork(country, { OR: 180, VA: 90, IR: 5 });
      const choice = chooseDataCentreWith(deps);
      await vi.advanceTimersByTimeAsync(3000);
      await expect(choice).resolves.toBe('VA');
      expect(probed).not.toContain(urls.IR);
    },
  );

  it('a dead region times out and does not stall the choice', async () => {
    vi.useFakeTimers();
    const { deps } = fakeNetwork('GB', { OR: 250, VA: undefined, IR: undefined });
    let settled: Region | undefined;
    void chooseDataCentreWith(deps).then((region) => {
      settled = region;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('OR');
  });

  it('falls back to the first allowed region when no probe answers', async () => {
    vi.useFakeTimers();
    const { deps } = fakeNetwork('US', {});
    const choice = chooseDataCentreWith(deps);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(choice).resolves.toBe('OR');
  });

  it('a failed image load counts as no answer', async () => {
    const env = fakeImageEnvironment(undefined);
    const image = { onload: null, onerror: null, src: '' } as Pick<
      HTMLImageElement,
      'onload' | 'onerror' | 'src'
    >;
    const result = timeImageLoad('/x.png', 1000, { ...env, createImage: () => image });
    image.onerror?.call(image as HTMLImageElement, new Event('error'));
    await expect(result).resolves.toBeUndefined();
    expect(image.src).toMatch(/^\/x\.png\?t=/);
  });
});
