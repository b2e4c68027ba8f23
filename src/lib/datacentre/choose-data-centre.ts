import { dataCentreProbesSchema, defaultProbePath } from '../../domain/api/datacentre';
import { ipLocationSchema } from '../../domain/api/session';
import { regions, regionsForCountry, type Region } from '../../domain/constants';
import { apiGet } from '../http/api-client';
import { timeImageLoad } from './probe-image';

/**
 * A dead or far-away region must not stall the page: each probe gives up after this long. Three
 * seconds is several round trips to the farthest region on a slow mobile link.
 */
export const PROBE_TIMEOUT_MS = 3000;

/** The region chosen when no probe answered (the first of the visitor's allowed regions). */
const FALLBACK_REGION: Region = 'OR';

export interface DataCentreDependencies {
  /** The visitor's country (ISO alpha-2), or '' when the server could not tell. */
  fetchCountry: () => Promise<string>;
  /** Where each region's test image is. */
  fetchProbeUrls: () => Promise<Partial<Record<Region, string>>>;
  /** Milliseconds the image took to load, or undefined when it failed or timed out. */
  timeProbe: (url: string, timeoutMs: number) => Promise<number | undefined>;
  timeoutMs: number;
}

const browserDependencies: DataCentreDependencies = {
  fetchCountry: async () => {
    try {
      return (await apiGet('/iplocation', undefined, { schema: ipLocationSchema })).country;
    } catch (error) {
      console.warn('Country lookup failed; every data centre is allowed', error);
      return '';
    }
  },
  fetchProbeUrls: async () => {
    try {
      const probes = await apiGet('/dc/probes', undefined, { schema: dataCentreProbesSchema });
      return Object.fromEntries(probes.map((probe) => [probe.region, probe.url]));
    } catch (error) {
      console.warn('Data-centre probe list failed; using this server', error);
      return Object.fromEntries(regions.map((region) => [region, defaultProbePath(region)]));
    }
  },
  timeProbe: (url, timeoutMs) => timeImageLoad(url, timeoutMs),
  timeoutMs: PROBE_TIMEOUT_MS,
};

/**
 * Picks the data centre the invited-user signup sends as dcFlag (spec section 1): the country
 * decides which regions are allowed (IR never for US, CA, MX, PR), then the fastest test image of
 * those that answered within the time-out wins. All probes run at once, so the whole choice takes
 * at most one time-out after the two look-ups.
 */
export async function chooseDataCentreWith(deps: DataCentreDependencies): Promise<Region> {
  const [country, urls] = await Promise.all([deps.fetchCountry(), deps.fetchProbeUrls()]);
  const allowed = regionsForCountry(country);
  const timings = await Promise.all(
    allowed.map(async (region) => {
      const url = urls[region];
      const ms = url ? await deps.timeProbe(url, deps.timeoutMs) : undefined;
      return { region, ms };
    }),
  );
  let best: { region: Region; ms: number } | undefined;
  for (const { region, ms } of timings) {
    if (ms !== undefined && (!best || ms < best.ms)) best = { region, ms };
  }
  return best?.region ?? allowed[0] ?? FALLBACK_REGION;
}

let choice: Promise<Region> | undefined;

/** The data centre for this visitor, measured once per page load. */
export function chooseDataCentre(): Promise<'OR' | 'VA' | 'IR'> {
  choice ??= chooseDataCentreWith(browserDependencies);
  return choice;
}
