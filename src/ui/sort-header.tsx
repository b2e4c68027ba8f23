import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { SortDirection } from '../domain/sorting';

export interface SortState<Field extends string> {
  field: Field;
  order: SortDirection;
}

/** A column header that sorts the list on the server; announces its state with aria-sort. */
export function SortHeader<Field extends string>({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: Field;
  sort: SortState<Field>;
  onSort: (next: SortState<Field>) => void;
}) {
  const isActive = sort.field === field;
  const ariaSort = isActive ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton
        onClick={() => onSort({ field, order: isActive && sort.order === 'asc' ? 'desc' : 'asc' })}
        aria-label={`Sort by ${label}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Text size="xs" aria-hidden c={isActive ? undefined : 'dimmed'}>
            {isActive ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
