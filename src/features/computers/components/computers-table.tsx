import { Checkbox, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDisplayDate } from '../../../domain/dates';
import type { Computer } from '../../../domain/api/computers';
import { StatusBadge } from './status-badge';
import { RowMenu, type ComputerActions } from './row-menu';
import type { ComputerSortField } from '../../../domain/api/computers';
import { SortHeader, type SortState } from '../../../ui/sort-header';

export type ComputerSort = SortState<ComputerSortField>;

export interface ComputersTableProps {
  computers: readonly Computer[] | undefined;
  sort: ComputerSort;
  onSort: (next: ComputerSort) => void;
  pageSize: number;
  /** Managers select rows and act on them; a sub-user's list is read-only (no actions). */
  manage: {
    selected: ReadonlySet<string>;
    onSelect: (next: ReadonlySet<string>) => void;
    actions: ComputerActions;
  } | null;
}

export const lastSeenText = (iso: string | null) =>
  iso === null ? 'Never' : formatDisplayDate(iso);

/**
 * The computer list: server-side sorting by name, last seen and status, selectable rows for the
 * bulk actions and a menu per row. It scrolls inside its own box on narrow screens.
 */
export function ComputersTable({ computers, sort, onSort, pageSize, manage }: ComputersTableProps) {
  const rows = computers ?? [];
  const selected = manage?.selected ?? new Set<string>();
  const isAllSelected = rows.length > 0 && rows.every((c) => selected.has(c.id));
  const isSomeSelected = rows.some((c) => selected.has(c.id));
  const columnCount = manage ? 7 : 5;

  const toggle = (id: string) => {
    if (!manage) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    manage.onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={manage ? 820 : 640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {manage && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all computers on this page"
                  checked={isAllSelected}
                  indeterminate={!isAllSelected && isSomeSelected}
                  disabled={rows.length === 0}
                  onChange={() =>
                    manage.onSelect(isAllSelected ? new Set() : new Set(rows.map((c) => c.id)))
                  }
                />
              </Table.Th>
            )}
            <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
            <Table.Th>Group</Table.Th>
            {manage && <Table.Th>Allotted to</Table.Th>}
            <SortHeader label="Status" field="status" sort={sort} onSort={onSort} />
            <SortHeader label="Last seen" field="last_seen" sort={sort} onSort={onSort} />
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {computers === undefined
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
                <Table.Tr key={i} aria-hidden>
                  {Array.from({ length: columnCount }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : computers.map((computer) => (
                <Table.Tr key={computer.id} data-computer-row={computer.name}>
                  {manage && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${computer.name}`}
                        checked={selected.has(computer.id)}
                        onChange={() => toggle(computer.id)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {computer.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {computer.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {computer.groupName ?? (
                      <Text size="sm" c="dimmed">
                        No group
                      </Text>
                    )}
                  </Table.Td>
                  {manage && (
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {computer.allottedTo ? (
                        computer.allottedTo.name || computer.allottedTo.email
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not allotted
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <StatusBadge status={computer.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {lastSeenText(computer.lastSeen)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {manage && <RowMenu computer={computer} actions={manage.actions} />}
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
