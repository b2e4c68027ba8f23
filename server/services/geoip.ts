import { createRequire } from 'node:module';

// geoip-country ships its own country database (CommonJS, no types); loaded lazily because
// reading it takes a moment and most requests never need it.
interface GeoIp {
  lookup: (ip: string) => { country: string } | null;
}
let geoip: GeoIp | undefined;

const isLoopbackOrPrivate = (ip: string): boolean =>
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd|fe80)/i.test(ip);

export function countryForIp(ip: string, fallback: string): string {
  if (!ip || isLoopbackOrPrivate(ip)) return fallback;
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geoip.lookup(ip)?.country ?? fallback;
}
