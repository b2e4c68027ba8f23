import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Term } from '../../../domain/api/billing';
import { formatMoney, formatTaxLine } from '../../../domain/formats';
import { formatDisplayDate } from '../../../domain/dates';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useProratedAmount } from '../api/prorated-amount';

/** The amount due now for a plan and term: prorated subtotal, tax and total, from the server. */
export function UpgradePreview({ planCode, term }: { planCode: string; term: Term }) {
  const amount = useProratedAmount(planCode, term);
  const pending = useQueryFallback(
    amount,
    <Skeleton height={96} aria-label="Calculating the amount" />,
  );
  if (!planCode) return <Text c="dimmed">Choose a plan to see the amount.</Text>;
  if (amount.isPending) return pending;
  if (amount.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert">
        {isApiError(amount.error) ? amount.error.message : GENERIC_ERROR_TEXT}
      </Alert>
    );
  }
  const data = amount.data;
  const money = (minor: number) => formatMoney(minor, data.currency);
  return (
    <Stack gap={4} aria-live="polite" data-testid="upgrade-preview">
      <Text size="sm">
        {data.isNewTerm
          ? `A new ${data.term === 'year' ? 'yearly' : 'monthly'} term until ${formatDisplayDate(data.periodEnd)}.`
          : `Prorated for the ${String(data.remainingDays)} of ${String(data.totalDays)} days left in your term.`}
      </Text>
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text>{money(data.subtotalMinor)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>{formatTaxLine(data.taxLabel, data.rateBp)}</Text>
        <Text>{money(data.taxMinor)}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>Total due now</Text>
        <Text fw={700}>{money(data.totalMinor)}</Text>
      </Group>
    </Stack>
  );
}
