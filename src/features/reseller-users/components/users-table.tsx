import { ActionIcon, Checkbox, Menu, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  canManageUser,
  roleNames,
  type ResellerRole,
  type SubUser,
} from '../../../domain/api/reseller-users';
import type { SubUserSortField } from '../../../domain/sorting';
import { SortHeader, type SortState } from '../../../ui/sort-header';
import { ServerActionMenuItem } from '../../../ui/server-action-button';
import { StatusBadge } from './status-badge';

export interface UserActions {
  onEdit?: (user: SubUser) => void;
  onResend?: (user: SubUser) => void;
  onCopyLink?: (user: SubUser) => void;
  onDelete?: (user: SubUser) => void;
  onRestore?: (user: SubUser) => void;
}

interface UsersTableProps {
  users: readonly SubUser[] | undefined;
  actorRole: ResellerRole;
  actorEmail: string | undefined;
  sort: SortState<SubUserSortField>;
  onSort: (next: SortState<SubUserSortField>) => void;
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  actions: UserActions;
  /** "Created" for the user list, "Cancelled" for the cancelled list. */
  dateColumn: 'created' | 'cancelled';
  pageSize: number;
}

const fullName = (user: SubUser) => `${user.firstname} ${user.lastname}`.trim();

/**
 * The user list: selectable rows for bulk actions, server-side sorting by the spec's three
 * fields, and a menu of actions per row. It scrolls inside its own box on narrow screens.
 */
export function UsersTable({
  users,
  actorRole,
  actorEmail,
  sort,
  onSort,
  selected,
  onSelect,
  actions,
  dateColumn,
  pageSize,
}: UsersTableProps) {
  const isSelectable = (user: SubUser) =>
    canManageUser(actorRole, user.role) && user.email !== actorEmail;
  const selectable = (users ?? []).filter(isSelectable);
  const isAllSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  const isSomeSelected = selectable.some((u) => selected.has(u.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all users on this page"
                checked={isAllSelected}
                indeterminate={!isAllSelected && isSomeSelected}
                disabled={selectable.length === 0}
                onChange={() =>
                  onSelect(isAllSelected ? new Set() : new Set(selectable.map((u) => u.id)))
                }
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <SortHeader label="Username" field="username" sort={sort} onSort={onSort} />
            <Table.Th>Role</Table.Th>
            <SortHeader label="Status" field="isActive" sort={sort} onSort={onSort} />
            <Table.Th>Computers</Table.Th>
            {dateColumn === 'created' ? (
              <SortHeader label="Created" field="created_date" sort={sort} onSort={onSort} />
            ) : (
              <Table.Th>Cancelled</Table.Th>
            )}
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === undefined
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: 8 }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : users.map((user) => {
                const name = fullName(user);
                const canManage = isSelectable(user);
                return (
                  <Table.Tr key={user.id} data-user-row={user.email}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${user.email}`}
                        checked={selected.has(user.id)}
                        disabled={!canManage}
                        onChange={() => toggle(user.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {name || (
                        <Text c="dimmed" size="sm">
                          Not set yet
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.username}</Table.Td>
                    <Table.Td>{roleNames[user.role]}</Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                    <Table.Td>{user.allotedComputers}</Table.Td>
                    <Table.Td>
                      {dateColumn === 'created'
                        ? user.created_date
                        : (user.cancelledAt ?? '').slice(0, 10)}
                    </Table.Td>
                    <Table.Td>{canManage && <RowMenu user={user} actions={actions} />}</Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMenu({ user, actions }: { user: SubUser; actions: UserActions }) {
  const isInvited = user.status === 'invited';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.email}`}>
          <Text aria-hidden fw={700}>
            ⋯
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.onEdit && <Menu.Item onClick={() => actions.onEdit?.(user)}>Edit</Menu.Item>}
        {isInvited && actions.onResend && (
          <ServerActionMenuItem onClick={() => actions.onResend?.(user)}>
            Resend invitation
          </ServerActionMenuItem>
        )}
        {isInvited && actions.onCopyLink && (
          <ServerActionMenuItem onClick={() => actions.onCopyLink?.(user)}>
            Copy invitation link
          </ServerActionMenuItem>
        )}
        {actions.onRestore && (
          <ServerActionMenuItem onClick={() => actions.onRestore?.(user)}>
            Restore
          </ServerActionMenuItem>
        )}
        {actions.onDelete && (
          <ServerActionMenuItem color="red" onClick={() => actions.onDelete?.(user)}>
            Delete
          </ServerActionMenuItem>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
