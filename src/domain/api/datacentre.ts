import { z } from 'zod';
import { regions, type Region } from '../constants';

/**
 * GET /rpc-api/dc/probes (public): where the console times a small test image of each data
 * centre (spec section 1). The addresses come from the server's configuration (DC_PROBE_URLS) and
 * are never shown to the visitor.
 */
export const dataCentreProbesSchema = z.array(
  z.object({ region: z.enum(regions), url: z.string().min(1) }),
);
export type DataCentreProbes = z.infer<typeof dataCentreProbesSchema>;

/** The probe image the server itself serves for `region` when no address is configured. */
export function defaultProbePath(region: Region): string {
  return `/rpc-api/dc/probe/${region}.png`;
}

/**
 * Parses DC_PROBE_URLS: `OR=https://or.example.com/probe.png,VA=...,IR=...`. Regions left out keep
 * the server's own image. Each address is an absolute http(s) URL or a path on this origin.
 * Returns an error text when the value is malformed.
 */
export function parseProbeUrls(value: string | undefined): Record<Region, string> | string {
  const result = {} as Record<Region, string>;
  for (const region of regions) result[region] = defaultProbePath(region);
  if (!value?.trim()) return result;
  for (const part of value.split(',')) {
    const [key = '', ...rest] = part.split('=');
    const region = key.trim().toUpperCase();
    const url = rest.join('=').trim();
    if (!(regions as readonly string[]).includes(region)) {
      return `unknown region "${key.trim()}" (expected OR, VA or IR)`;
    }
    if (!isProbeAddress(url)) return `"${url}" is not an http(s) URL or a path starting with /`;
    result[region as Region] = url;
  }
  return result;
}

function isProbeAddress(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
