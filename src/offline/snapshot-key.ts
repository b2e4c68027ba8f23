/** A query key as the offline store files it: stable JSON. */
export function snapshotKey(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey);
}
