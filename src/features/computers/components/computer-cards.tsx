import { Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Computer } from '../../../domain/api/computers';
import { lastSeenText, type ComputersTableProps } from './computers-table';
import { StatusBadge } from './status-badge';
import { RowMenu } from './row-menu';

/**
 * The computer list on a phone: one card per computer, with the same selection and actions as
 * the table's rows. Sorting stays in the page's sort control.
 */
export function ComputerCards({
  computers,
  pageSize,
  manage,
}: Pick<ComputersTableProps, 'computers' | 'pageSize' | 'manage'>) {
  if (computers === undefined) {
    return (
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: Math.min(pageSize, 4) }, (_, i) => (
          <Skeleton key={i} height={96} />
        ))}
      </Stack>
    );
  }
  const selected = manage?.selected ?? new Set<string>();
  const toggle = (id: string) => {
    if (!manage) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    manage.onSelect(next);
  };
  const isAllSelected = computers.length > 0 && computers.every((c) => selected.has(c.id));
  return (
    <Stack gap="sm">
      {manage && computers.length > 0 && (
        <Checkbox
          label="Select all computers on this page"
          checked={isAllSelected}
          indeterminate={!isAllSelected && computers.some((c) => selected.has(c.id))}
          onChange={() =>
            manage.onSelect(isAllSelected ? new Set() : new Set(computers.map((c) => c.id)))
          }
        />
      )}
      {computers.map((computer: Computer) => (
        <Paper key={computer.id} withBorder p="sm" data-computer-row={computer.name}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
              {manage && (
                <Checkbox
                  mt={2}
                  aria-label={`Select ${computer.name}`}
                  checked={selected.has(computer.id)}
                  onChange={() => toggle(computer.id)}
                />
              )}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {computer.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {computer.description}
                </Text>
              </div>
            </Group>
            {manage && <RowMenu computer={computer} actions={manage.actions} />}
          </Group>
          <Group gap="xs" mt="xs">
            <StatusBadge status={computer.status} />
            <Text size="xs">{computer.groupName ?? 'No group'}</Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Last seen: {lastSeenText(computer.lastSeen)}
            {manage &&
              ` · ${
                computer.allottedTo
                  ? `Allotted to ${computer.allottedTo.name || computer.allottedTo.email}`
                  : 'Not allotted'
              }`}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
