import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import {
  activityCategories,
  activityCategoryNames,
  type ActivityCategory,
} from '../../../domain/api/reseller-account';
import { UserFilter } from './user-filter';

export interface ActivityFilterValues {
  /** mm-dd-yyyy */
  from: string;
  /** mm-dd-yyyy */
  to: string;
  user: string;
  category: ActivityCategory | '';
}

/** mm-dd-yyyy (the API's form) ↔ yyyy-mm-dd (the date input's value). */
const toInput = (mdy: string) => `${mdy.slice(6, 10)}-${mdy.slice(0, 2)}-${mdy.slice(3, 5)}`;
const fromInput = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Date range, user and action type, applied together. */
export function ActivityFilters({
  value,
  onApply,
  isLoading,
}: {
  value: ActivityFilterValues;
  onApply: (next: ActivityFilterValues) => void;
  isLoading: boolean;
}) {
  const [from, setFrom] = useState(toInput(value.from));
  const [to, setTo] = useState(toInput(value.to));
  const [user, setUser] = useState(value.user);
  const [category, setCategory] = useState<string>(value.category);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) {
      setError('Enter a valid date');
      return;
    }
    if (from > to) {
      setError('The start date must not be after the end date');
      return;
    }
    setError(null);
    onApply({
      from: fromInput(from),
      to: fromInput(to),
      user,
      category: activityCategoryNames.find((name) => name === category) ?? '',
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Activity log filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
          }}
          error={error}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
          }}
          w={170}
        />
        <UserFilter applied={value.user} value={user} onChange={setUser} />
        <Select
          label="Action type"
          w={220}
          data={[
            { value: '', label: 'All actions' },
            ...activityCategoryNames.map((name) => ({
              value: name,
              label: activityCategories[name].label,
            })),
          ]}
          value={category}
          onChange={(next) => {
            setCategory(next ?? '');
          }}
          allowDeselect={false}
        />
        <Button type="submit" loading={isLoading}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
