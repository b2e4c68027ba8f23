import { Button, Group, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { partnerReportMessages } from '../../../domain/api/partner-reports';

/** mm-dd-yyyy (the API's form) ↔ yyyy-mm-dd (the date input's value). */
const toInput = (mdy: string) => `${mdy.slice(6, 10)}-${mdy.slice(0, 2)}-${mdy.slice(3, 5)}`;
const fromInput = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

export interface DateRange {
  from: string;
  to: string;
}

/** From and To dates with an Apply button; the range is applied only when it is valid. */
export function DateRangeForm({
  value,
  onApply,
  isLoading,
}: {
  value: DateRange;
  onApply: (range: DateRange) => void;
  isLoading: boolean;
}) {
  const [from, setFrom] = useState(toInput(value.from));
  const [to, setTo] = useState(toInput(value.to));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) {
      setError(partnerReportMessages.rangeInvalid);
      return;
    }
    if (from > to) {
      setError(partnerReportMessages.rangeOrder);
      return;
    }
    setError(null);
    onApply({ from: fromInput(from), to: fromInput(to) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Date range">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
          }}
          error={error}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 170 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 24 }} loading={isLoading}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
