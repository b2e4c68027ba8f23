import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can, type SubUser } from '../../../domain/api/reseller-users';
import { formatMessage } from '../../../domain/messages';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useCopyInvitationLink } from '../api/copy-invitation-link';
import { useCurrentRole } from '../api/current-user';
import { useDeleteUsers } from '../api/delete-users';
import { useUsers } from '../api/list-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useResendInvitations } from '../api/resend-invitations';
import {
  hasUserFilters,
  noUserFilters,
  UserFilters,
  type UserFilterValues,
} from '../components/user-filters';
import { AddUserModal } from '../components/add-user-modal';
import { CsvInviteModal } from '../components/csv-invite-modal';
import { EditUserModal } from '../components/edit-user-modal';
import { InviteUserModal } from '../components/invite-user-modal';
import type { SubUserSortField } from '../../../domain/sorting';
import { ListFooter } from '../../../ui/list-footer';
import type { SortState } from '../../../ui/sort-header';
import { UsersTable } from '../components/users-table';
import { ServerActionButton } from '../../../ui/server-action-button';

const showError = (error: unknown) =>
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
  });

/** /home/users: the reseller's users, invitations and bulk actions. */
export function UsersPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Users | ${productName} Bulk Reseller`);
  const { role, email, query: me } = useCurrentRole();

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<UserFilterValues>(noUserFilters);
  const [sort, setSort] = useState<SortState<SubUserSortField>>({
    field: 'created_date',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isInviteOpen, invite] = useDisclosure(false);
  // Home's quick action "Add user" opens the page with its dialog open (?add=user).
  const [searchParams] = useSearchParams();
  const [isAddOpen, add] = useDisclosure(searchParams.get('add') === 'user');
  const [isCsvOpen, csv] = useDisclosure(false);
  const [editing, setEditing] = useState<SubUser | null>(null);

  const isManager = role !== undefined && can(role, 'users.manage');
  const list = useUsers({ q, ...filters, sort: sort.field, order: sort.order, page, pageSize });
  const resend = useResendInvitation();
  const resendMany = useResendInvitations();
  const copyLink = useCopyInvitationLink();
  const remove = useDeleteUsers();
  const roleFallback = useQueryFallback(me, <PageLoader label="Loading users" />);
  // Skeleton rows while the list loads online; offline with nothing loaded, it needs a connection.
  const listFallback = useQueryFallback(list, null);

  if (role === undefined) return roleFallback;
  if (!isManager) {
    return (
      <Alert color="red" variant="light" role="alert" title="Users">
        {formatMessage('permission.denied')}
      </Alert>
    );
  }

  const resetPaging = () => {
    setPage(1);
    setSelected(new Set());
  };

  const confirmDelete = (ids: readonly string[], label: string) => {
    openConfirmModal({
      title: ids.length === 1 ? 'Delete user' : 'Delete users',
      children: (
        <Text size="sm">
          Delete {label}? Invited users lose their invitation; active users are cancelled and can be
          restored from Cancelled users.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        remove.mutate(ids, {
          onSuccess: (result) => {
            notifications.show({ color: 'teal', message: result.message });
            setSelected(new Set());
          },
          onError: showError,
        }),
    });
  };

  const data = list.data;
  // Pending and expired invitations among the selected users: what "Resend invitations" sends.
  const invitedSelected = (data?.users ?? [])
    .filter((user) => selected.has(user.id) && user.status === 'invited')
    .map((user) => user.id);
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Users</Title>
          {data && (
            <Text c="dimmed" size="sm">
              {data.counts.active} active · {data.counts.invited} invited · {data.counts.cancelled}{' '}
              cancelled · {data.counts.active + data.counts.invited}
              {data.planUsers === null ? '' : ` of ${String(data.planUsers)}`} users in your plan ·{' '}
              {data.allotted}
              {data.planComputers === null ? '' : ` of ${String(data.planComputers)}`} computers
              allotted
            </Text>
          )}
        </div>
        <Group gap="sm">
          <ServerActionButton variant="default" onClick={add.open}>
            Add user
          </ServerActionButton>
          <ServerActionButton variant="default" onClick={csv.open}>
            Invite from CSV
          </ServerActionButton>
          <ServerActionButton onClick={invite.open}>Invite user</ServerActionButton>
        </Group>
      </Group>

      <UserFilters
        search={search}
        onSearch={(next) => {
          setSearch(next);
          resetPaging();
        }}
        q={q}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          resetPaging();
        }}
      />

      {selected.size > 0 && (
        <Group gap="sm" role="region" aria-label="Bulk actions">
          <Text size="sm" fw={600}>
            {selected.size} selected
          </Text>
          {invitedSelected.length > 0 && (
            <ServerActionButton
              size="xs"
              variant="light"
              loading={resendMany.isPending}
              onClick={() =>
                resendMany.mutate(invitedSelected, {
                  onSuccess: (result) => {
                    notifications.show({ color: 'teal', message: result.message });
                    setSelected(new Set());
                  },
                  onError: showError,
                })
              }
            >
              Resend invitations ({invitedSelected.length})
            </ServerActionButton>
          )}
          <ServerActionButton
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() =>
              confirmDelete([...selected], `${String(selected.size)} selected user(s)`)
            }
          >
            Delete selected
          </ServerActionButton>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </Group>
      )}

      {listFallback ?? (
        <>
          <UsersTable
            users={data?.users}
            actorRole={role}
            actorEmail={email}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              resetPaging();
            }}
            selected={selected}
            onSelect={setSelected}
            dateColumn="created"
            pageSize={pageSize}
            actions={{
              onEdit: setEditing,
              onResend: (user) =>
                resend.mutate(user.id, {
                  onSuccess: (result) =>
                    notifications.show({ color: 'teal', message: result.message }),
                  onError: showError,
                }),
              onCopyLink: (user) =>
                copyLink.mutate(user.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      message: formatMessage('invitation.copied'),
                    }),
                  onError: showError,
                }),
              onDelete: (user) => confirmDelete([user.id], user.email),
            }}
          />
          {data && data.users.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {q || hasUserFilters(filters)
                ? 'No users match your search.'
                : 'No users yet. Invite your first user.'}
            </Text>
          )}
          {data && (
            <ListFooter
              itemsLabel="Users"
              page={page}
              pageSize={pageSize}
              total={data.total}
              onPage={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
              onPageSize={(size) => {
                setPageSize(size);
                resetPaging();
              }}
            />
          )}
        </>
      )}

      <InviteUserModal opened={isInviteOpen} onClose={invite.close} actorRole={role} room={data} />
      <CsvInviteModal opened={isCsvOpen} onClose={csv.close} actorRole={role} room={data} />
      <AddUserModal opened={isAddOpen} onClose={add.close} actorRole={role} room={data} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} actorRole={role} />
    </Stack>
  );
}
