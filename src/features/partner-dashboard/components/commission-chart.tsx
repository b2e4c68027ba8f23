import { Card, Text, Title } from '@mantine/core';
import { BarChart } from '../../../ui/charts/lazy-bar-chart';
import type { DashboardSummary } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';

/** Commissions of the last 12 months, remote access and helpdesk stacked. */
export function CommissionChart({ summary }: { summary: DashboardSummary }) {
  // The chart plots whole currency units; the figures are formatted from minor units.
  const format = (value: number) => formatMoney(Math.round(value * 100), summary.currency);
  const data = summary.series.map((point) => ({
    month: point.label,
    'Remote access': point.rpcMinor / 100,
    Helpdesk: point.hdMinor / 100,
  }));
  const total = summary.series.reduce((sum, p) => sum + p.rpcMinor + p.hdMinor, 0) / 100;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="chart-title">
      <Title order={2} size="h4" id="chart-title">
        Commissions over the last 12 months
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {format(total)} in total
      </Text>
      <BarChart
        h={240}
        emptyText="No commissions in the last 12 months yet."
        data={data}
        dataKey="month"
        type="stacked"
        withLegend
        series={[
          { name: 'Remote access', color: 'blue.7' },
          { name: 'Helpdesk', color: 'teal.7' },
        ]}
        valueFormatter={format}
        tickLine="y"
        gridAxis="y"
      />
    </Card>
  );
}
