import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACTIVITY_FILTER_USERS,
  type ActivityUsersResponse,
} from '../../../domain/api/reseller-account';
import { activityFilterUsersQuery, useActivityUsers } from '../api/get-activity-log';

type FilterUser = ActivityUsersResponse['users'][number];

const ALL_USERS = 'All users';
const labelOf = (user: FilterUser) => (user.name ? `${user.name} (${user.email})` : user.email);

/**
 * The log's user filter. Its users come from their own call (not with each page of the log):
 * at most ACTIVITY_FILTER_USERS, with `applied` (the user the log is filtered by) among them; an
 * account with more is searched on the server as the administrator types.
 */
export function UserFilter({
  applied,
  value,
  onChange,
}: {
  applied: string;
  value: string;
  onChange: (next: string) => void;
}) {
  const first = useActivityUsers(applied);
  const users = first.data?.users ?? [];
  const usersTotal = first.data?.usersTotal ?? 0;
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
