import { useMergedRef } from '@mantine/hooks';
import type { Ref, RefCallback } from 'react';

/**
 * Mantine's ScrollArea, which every Table imports (its scroll container), merges its viewport's
 * refs with floating-ui's `useMergeRefs`, and that one import made every table page download
 * floating-ui (its chunk, 20 KB gzip, before the first paint of the invoice list). vite.config.ts
 * resolves that import of ScrollArea's to this module: the same merge, by Mantine's own hook
 * (which also runs the cleanups of React 19's callback refs).
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]): RefCallback<T> {
  return useMergedRef<T>(...refs);
}
