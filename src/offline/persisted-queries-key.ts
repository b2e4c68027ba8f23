/**
 * localStorage key of the persisted query cache (small, non-sensitive queries only). Apart from
 * persisted-queries.ts so the offline layer can look for a saved cache without loading the
 * persister: a signed-out sign-in page loads none of it.
 */
export const PERSISTED_QUERIES_KEY = 'rpc_query_cache';
