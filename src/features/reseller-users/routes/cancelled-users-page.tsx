import { Alert, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { can } from '../../../domain/api/reseller-users';
import { formatMessage } from '../../../domain/messages';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useCurrentRole } from '../api/current-user';
import { useCancelledUsers } from '../api/list-cancelled-users';
import { useRestoreUsers } from '../api/restore-users';
import type { SubUserSortField } from '../../../domain/sorting';
import { ListFooter } from '../../../ui/list-footer';
import type { SortState } from '../../../ui/sort-header';
import { UsersTable } from '../components/users-table';
import { ServerActionButton } from '../../../ui/server-action-button';

/** /cancelled-users: deleted (cancelled) users, with a way to restore them. */
export function CancelledUsersPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Cancelled users | ${productName} Bulk Reseller`);
  const { role, email, query: me } = useCurrentRole();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<SortState<SubUserSortField>>({
    field: 'username',
    order: 'asc',
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = useCancelledUsers({ q, sort: sort.field, order: sort.order, page, pageSize });
  const restore = useRestoreUsers();

  const roleFallback = useQueryFallback(me, <PageLoader label="Loading cancelled users" />);
  const listFallback = useQueryFallback(list, null);
  if (role === undefined) return roleFallback;
  if (!can(role, 'users.manage')) {
    return (
      <Alert color="red" variant="light" role="alert" title="Cancelled users">
        {formatMessage('permission.denied')}
      </Alert>
    );
  }

  const confirmRestore = (ids: readonly string[], label: string) =>
    openConfirmModal({
      title: ids.length === 1 ? 'Restore user' : 'Restore users',
      children: (
        <Text size="sm">Restore {label}? They can sign in again with their old password.</Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      onConfirm: () =>
        restore.mutate(ids, {
          onSuccess: (result) => {
            notifications.show({ color: 'teal', message: result.message });
            setSelected(new Set());
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
            }),
        }),
    });

  const data = list.data;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Cancelled users</Title>
        <Text c="dimmed" size="sm">
          Users who were deleted. Restoring one lets them sign in again.
        </Text>
      </div>
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          label="Search cancelled users"
          placeholder="Name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        {selected.size > 0 && (
          <ServerActionButton
            variant="light"
            loading={restore.isPending}
            onClick={() =>
              confirmRestore([...selected], `${String(selected.size)} selected user(s)`)
            }
          >
            Restore selected ({selected.size})
          </ServerActionButton>
        )}
      </Group>
      {listFallback ?? (
        <>
          <UsersTable
            users={data?.users}
            actorRole={role}
            actorEmail={email}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            selected={selected}
            onSelect={setSelected}
            dateColumn="cancelled"
            pageSize={pageSize}
            actions={{ onRestore: (user) => confirmRestore([user.id], user.email) }}
          />
          {data && data.users.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {q ? 'No cancelled users match your search.' : 'No cancelled users.'}
            </Text>
          )}
          {data && (
            <ListFooter
              itemsLabel="Users"
              page={page}
              pageSize={pageSize}
              total={data.total}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
