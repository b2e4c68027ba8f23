import { SegmentedControl } from '@mantine/core';
import type { RangeType } from '../../../domain/api/partner-reports';

/** Dates, a quarter, or a range of months. */
export function RangeTypeSwitch({
  value,
  onChange,
}: {
  value: RangeType;
  onChange: (type: RangeType) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Range type"
      value={value}
      onChange={(next) => {
        onChange(next === 'quarterly' ? 'quarterly' : next === 'monthly' ? 'monthly' : 'dates');
      }}
      data={[
        { value: 'dates', label: 'Dates' },
        { value: 'quarterly', label: 'Quarterly' },
        { value: 'monthly', label: 'Monthly' },
      ]}
    />
  );
}
