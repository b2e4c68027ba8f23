import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useUserOptions } from '../api/list-user-options';

export interface UserOption {
  value: string;
  label: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * The users a team can take, searched on the server as the admin types (a large account has more
 * users than one list holds): never a cancelled user or one already in a team (a user belongs to
 * one team at most), each shown by name with the e-mail that tells namesakes apart.
 */
export function TeamUserPicker({
  inATeam,
  value,
  onChange,
}: {
  /** Every user who is in some team already. */
  inATeam: ReadonlySet<string>;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useUserOptions(debounced);
  // Picked users stay listed (and named) while the search shows others.
  const [picked, setPicked] = useState<ReadonlyMap<string, UserOption>>(new Map());
  const found: UserOption[] = (users.data?.users ?? [])
    .filter((user) => user.status !== 'cancelled' && !inATeam.has(user.id))
    .map((user) => {
      const name = `${user.firstname} ${user.lastname}`.trim();
      return { value: user.id, label: name ? `${name} (${user.email})` : user.email };
    });
  const data = [
    ...value.flatMap((id) => {
      const option = picked.get(id);
      return option && !found.some((item) => item.value === id) ? [option] : [];
    }),
    ...found,
  ];
  return (
    <MultiSelect
      label="Add users"
      placeholder="Type a name or e-mail"
      data={data}
      value={value}
      onChange={(ids) => {
        const known = new Map(picked);
        for (const option of data) if (ids.includes(option.value)) known.set(option.value, option);
        setPicked(known);
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No user to add'}
      clearable
      style={{ flex: 1, minWidth: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
