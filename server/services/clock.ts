/** One place for "now" so services and tests agree on how time is read and written. */
export const nowIso = (): string => new Date().toISOString();

export const addSeconds = (iso: string, seconds: number): string =>
  new Date(new Date(iso).getTime() + seconds * 1000).toISOString();

export const addDays = (iso: string, days: number): string => addSeconds(iso, days * 86_400);
