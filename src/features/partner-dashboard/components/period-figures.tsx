import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { PeriodFigures } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';

/** One period at a glance: clicks, signups, paying customers, commission earned and pending. */
export function PeriodFiguresCard({
  title,
  figures,
  currency,
}: {
  title: string;
  figures: PeriodFigures;
  currency: string;
}) {
  const id = `figures-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const items = [
    { label: 'Clicks', value: String(figures.clicks) },
    { label: 'Signups', value: String(figures.signups) },
    { label: 'Paying customers', value: String(figures.payingCustomers) },
    { label: 'Commission earned', value: formatMoney(figures.earnedMinor, currency) },
    { label: 'Of which pending', value: formatMoney(figures.pendingMinor, currency) },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {figures.label}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
        {items.map((item) => (
          <div key={item.label}>
            <Text component="dt" size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text component="dd" m={0} fw={700} size="lg">
              {item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
