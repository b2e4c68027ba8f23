import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReportTotals } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';

/** The range's totals, as a grid of figures that wraps on a phone. */
export function ReportTotalsCard({ totals, currency }: { totals: ReportTotals; currency: string }) {
  const figures = [
    { label: 'Customers', value: String(totals.customers) },
    { label: 'Payments', value: String(totals.payments) },
    { label: 'Payments total', value: formatMoney(totals.paymentsMinor, currency) },
    { label: 'Commission', value: formatMoney(totals.commissionMinor, currency) },
    { label: 'Pending', value: formatMoney(totals.pendingMinor, currency) },
    { label: 'Approved', value: formatMoney(totals.approvedMinor, currency) },
    { label: 'Paid', value: formatMoney(totals.paidMinor, currency) },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Totals">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" component="dl" m={0}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text component="dt" size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={700} data-testid={`total-${figure.label}`}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
