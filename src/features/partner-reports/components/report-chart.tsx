import { Card, Text, Title } from '@mantine/core';
import { BarChart } from '../../../ui/charts/lazy-bar-chart';
import type { SeriesPoint } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';

/** Commissions per day or month of the range (pending shown apart from approved and paid). */
export function ReportChart({
  series,
  currency,
  title = 'Commission over the range',
}: {
  series: SeriesPoint[];
  currency: string;
  title?: string;
}) {
  const data = series.map((point) => ({
    label: point.label,
    Settled: (point.commissionMinor - point.pendingMinor) / 100,
    Pending: point.pendingMinor / 100,
  }));
  const total = series.reduce((sum, point) => sum + point.commissionMinor, 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {formatMoney(total, currency)} in total
      </Text>
      <BarChart
        h={220}
        emptyText="No commissions in this range."
        data={data}
        dataKey="label"
        type="stacked"
        withLegend
        series={[
          { name: 'Settled', color: 'teal.7' },
          { name: 'Pending', color: 'orange.6' },
        ]}
        valueFormatter={(value) => formatMoney(Math.round(value * 100), currency)}
        tickLine="y"
        gridAxis="y"
      />
    </Card>
  );
}
