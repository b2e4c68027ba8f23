import { Badge } from '@mantine/core';

const colors: Readonly<Record<string, string>> = {
  PAID: 'teal.9',
  DUE: 'orange.9',
  REFUNDED: 'gray.8',
  charge: 'teal.9',
  refund: 'gray.8',
  failed: 'red.9',
};

const labels: Readonly<Record<string, string>> = {
  PAID: 'Paid',
  DUE: 'Due',
  REFUNDED: 'Refunded',
  charge: 'Charge',
  refund: 'Refund',
  failed: 'Failed',
};

/** Invoice status or transaction kind, in words (colour is never the only signal). */
export function StatusBadge({ value }: { value: string }) {
  return (
    <Badge color={colors[value] ?? 'gray.8'} variant="light">
      {labels[value] ?? value}
    </Badge>
  );
}
