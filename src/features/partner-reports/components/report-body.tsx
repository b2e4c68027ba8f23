import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReportTotals, SeriesPoint } from '../../../domain/api/partner-reports';
import { useQueryFallback } from '../../../offline/query-state';
import { ReportChart } from './report-chart';
import { ReportTotalsCard } from './report-totals';
import { PageLoader } from '../../../ui/page-loader';

interface Loaded {
  currency: string;
  totals: ReportTotals;
  series: SeriesPoint[];
  range: { label: string };
}

/** Loading, error, then: range label and CSV, totals, chart, table. */
export function ReportBody<T extends Loaded>({
  query,
  table,
  exportButton,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
    fetchStatus: 'fetching' | 'paused' | 'idle';
  };
  table: (data: T) => ReactNode;
  exportButton: (data: T) => ReactNode;
}) {
  const fallback = useQueryFallback(query, <PageLoader label="Loading the report" />);
  if (query.data === undefined) return fallback;
  const data = query.data;
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} data-testid="report-range">
          {data.range.label}
        </Text>
        {exportButton(data)}
      </Group>
      <ReportTotalsCard totals={data.totals} currency={data.currency} />
      <ReportChart series={data.series} currency={data.currency} />
      {table(data)}
    </Stack>
  );
}
