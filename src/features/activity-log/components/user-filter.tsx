import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACTIVITY_FILTER_USERS,
  type ActivityLogResponse,
} from '../../../domain/api/reseller-account';
import { activityFilterUsersQuery } from '../api/get-activity-log';

type FilterUser = ActivityLogResponse['users'][number];

const ALL_USERS = 'All users';
const labelOf = (user: FilterUser) => (user.name ? `${user.name} (${user.email})` : user.email);

/**
 * The log's user filter. A log answer offers at most ACTIVITY_FILTER_USERS users; an account
 * with more is searched on the server as the administrator types (the same call, one entry).
 */
export function UserFilter({
  users,
  usersTotal,
  value,
  onChange,
}: {
  users: readonly FilterUser[];
  usersTotal: number;
  value: string;
  onChange: (next: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const partial = usersTotal > ACTIVITY_FILTER_USERS;
  const selected = users.find((user) => user.id === value);
  // The field shows the picked option's label: that is no search.
  const selectedLabel = value === '' ? ALL_USERS : selected && labelOf(selected);
  const searching = partial && debounced !== '' && debounced !== selectedLabel;
  const found = useQuery({ ...activityFilterUsersQuery(debounced), enabled: searching });
  const offered = new Map(users.map((user) => [user.id, user]));
  if (searching) for (const user of found.data ?? []) offered.set(user.id, user);

  return (
    <Select
      label="User"
      w={220}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      description={
        partial ? `${usersTotal.toLocaleString('en-US')} users: type to find one` : undefined
      }
      nothingFoundMessage={searching && found.isFetching ? 'Searching…' : 'No user found'}
      data={[
        { value: '', label: ALL_USERS },
        ...[...offered.values()].map((user) => ({ value: user.id, label: labelOf(user) })),
      ]}
      value={value}
      onChange={(next) => {
        onChange(next ?? '');
      }}
      allowDeselect={false}
    />
  );
}
