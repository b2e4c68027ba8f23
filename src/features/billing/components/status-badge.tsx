import { Badge } from '@mantine/core';

// Plain colour names: the theme darkens light-variant text to meet 4.5:1 (src/app/theme.ts).
const colors: Readonly<Record<string, string>> = {
  PAID: 'teal',
  DUE: 'orange',
  REFUNDED: 'gray',
  charge: 'teal',
  refund: 'gray',
  failed: 'red',
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
    <Badge color={colors[value] ?? 'gray'} variant="light">
      {labels[value] ?? value}
    </Badge>
  );
}
