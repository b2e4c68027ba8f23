import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { useIsOnline } from './online-status';
import { useShownQuery, type QueryView } from './shown-query';

export const NEEDS_CONNECTION_TITLE = 'Needs a connection';
export const NEEDS_CONNECTION_TEXT =
  'This is not saved on this device. It loads when you are back online.';

/** Said in place of data that cannot load offline (nothing saved on this device). */
export function NeedsConnection() {
  return (
    <Alert color="gray" variant="light" role="status" title={NEEDS_CONNECTION_TITLE}>
      {NEEDS_CONNECTION_TEXT}
    </Alert>
  );
}

/**
 * What a screen (or a part of one) shows in place of a query's data while it has none, the same
 * way everywhere, online or not: offline with nothing saved, that it needs a connection (never an
 * endless spinner or an error); online, the loader, then the error with a way to try again.
 * Null once there is data: data is always shown, and saved data offline is never shown next to an
 * error (the offline banner says how old it is). Use it as
 *
 *     const fallback = useQueryFallback(invoice, <PageLoader label="Loading the invoice" />);
 *     if (invoice.data === undefined) return fallback;
 */
export function useQueryFallback<T>(query: QueryView<T>, loading?: ReactNode): ReactNode {
  const isOnline = useIsOnline();
  if (query.data !== undefined) return null;
  if (query.isError) {
    if (!isOnline) return <NeedsConnection />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  // A query that waits for the network (react-query pauses it offline) would wait forever.
  if (!isOnline && query.fetchStatus !== 'fetching') return <NeedsConnection />;
  // null: the caller shows its own placeholder (e.g. skeleton rows) while loading online.
  return loading === undefined ? <PageLoader /> : loading;
}

/** useQueryFallback as a component: `children` renders the data once there is some. */
export function QueryState<T>({
  query,
  loading,
  children,
}: {
  query: QueryView<T>;
  /** Shown while loading online; defaults to the page loader. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const shown = useShownQuery(query);
  const fallback = useQueryFallback(shown, loading);
  return <>{shown.data === undefined ? fallback : children(shown.data)}</>;
}
