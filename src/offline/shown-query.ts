import type { UseQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/** What a screen reads of a query to show it, its loader or its error. */
export interface QueryView<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  fetchStatus: UseQueryResult<T>['fetchStatus'];
  refetch: () => unknown;
}

/**
 * The query as a screen shows it: the same, except that its data's first arrival is drawn in a
 * transition. react-query hands data to React through an external store, and React renders such
 * an update in one piece: a whole screen at once, a long task that keeps a phone from answering
 * a tap for a few hundred milliseconds. Drawn in a transition, React renders it in slices and
 * answers input in between. Meanwhile the screen keeps showing what it showed while loading.
 * Later answers (a refetch, another page) are drawn at once: the screen is already there.
 */
export function useShownQuery<T>(query: QueryView<T>): QueryView<T> {
  const hasData = query.data !== undefined;
  const [isShown, setIsShown] = useState(hasData);
  useEffect(() => {
    if (hasData && !isShown) {
      startTransition(() => {
        setIsShown(true);
      });
    }
  }, [hasData, isShown]);
  if (isShown || !hasData) return query;
  // Until its data is drawn, the screen shows what it showed while loading. (Not a spread: on
  // react-query's result that would subscribe the screen to every field.)
  return {
    data: undefined,
    error: null,
    isError: false,
    fetchStatus: 'fetching',
    refetch: query.refetch,
  };
}
