import { Button, Group, SegmentedControl, Select, TextInput, useMatches } from '@mantine/core';
import {
  resellerRoles,
  roleNames,
  type ResellerRole,
  type UserListStatus,
} from '../../../domain/api/reseller-users';
import { useIsOnline } from '../../../offline/online-status';
import { ServerActionButton } from '../../../ui/server-action-button';
import { usersCsvUrl } from '../api/export-users';
import { useTeamOptions } from '../api/team-options';

export interface UserFilterValues {
  status: UserListStatus;
  role: 'all' | ResellerRole;
  /** A team's id; '' for every team. */
  team: string;
}

export const noUserFilters: UserFilterValues = { status: 'all', role: 'all', team: '' };

export const hasUserFilters = (value: UserFilterValues) =>
  value.status !== 'all' || value.role !== 'all' || value.team !== '';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'expired', label: 'Invitation expired' },
];

const roleOptions = [
  { value: 'all', label: 'All roles' },
  ...resellerRoles.map((role) => ({ value: role, label: roleNames[role] })),
];

/**
 * The users list's toolbar: search, status (invitation expired included), role and team, and
 * "Export CSV" of the list as filtered (every page, made by the server).
 */
export function UserFilters({
  search,
  onSearch,
  q,
  value,
  onChange,
}: {
  search: string;
  onSearch: (search: string) => void;
  /** The search as sent to the server (debounced). */
  q: string;
  value: UserFilterValues;
  onChange: (value: UserFilterValues) => void;
}) {
  const teams = useTeamOptions();
  const isOnline = useIsOnline();
  // Four statuses do not fit a phone's width side by side.
  const orientation = useMatches<'vertical' | 'horizontal'>({
    base: 'vertical',
    sm: 'horizontal',
  });
  const csvUrl = usersCsvUrl({ q, ...value });
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        label="Search users"
        placeholder="Name or email"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 280 }}
      />
      <Select
        label="Role"
        data={roleOptions}
        value={value.role}
        allowDeselect={false}
        onChange={(role) =>
          onChange({ ...value, role: (role ?? 'all') as UserFilterValues['role'] })
        }
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label="Team"
        placeholder={teams.isError ? 'Teams could not be loaded' : 'All teams'}
        data={[{ value: '', label: 'All teams' }, ...(teams.data ?? [])]}
        value={value.team}
        allowDeselect={false}
        onChange={(team) => onChange({ ...value, team: team ?? '' })}
        w={{ base: '100%', xs: 200 }}
      />
      <SegmentedControl
        aria-label="Status"
        orientation={orientation}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as UserListStatus })}
        data={statusOptions}
      />
      {isOnline ? (
        <Button component="a" href={csvUrl} download variant="default">
          Export CSV
        </Button>
      ) : (
        <ServerActionButton variant="default">Export CSV</ServerActionButton>
      )}
    </Group>
  );
}
