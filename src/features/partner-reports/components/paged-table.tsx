import { Group, Pagination, Select, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Sort value; columns without one are not offered for sorting. */
  sortValue?: (row: T) => string | number;
  align?: 'left' | 'right';
}

const PAGE_SIZE = 10;

/**
 * A sortable, paginated table that scrolls inside its own box on a narrow screen, so the page
 * itself never scrolls sideways.
 */
export function PagedTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
  initialSort,
  footer,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
  empty: string;
  initialSort: string;
  footer?: ReactNode;
}) {
  const [sortKey, setSortKey] = useState(initialSort);
  const [page, setPage] = useState(1);
  const sortable = columns.filter((column) => column.sortValue);
  const column = sortable.find((c) => c.key === sortKey) ?? sortable[0];
  const sorted = column?.sortValue
    ? [...rows].sort((a, b) => {
        const get = column.sortValue;
        if (!get) return 0;
        const [x, y] = [get(a), get(b)];
        // Numbers and dates read best largest or newest first; names alphabetically.
        return typeof x === 'number' && typeof y === 'number'
          ? y - x
          : String(x).localeCompare(String(y));
      })
    : rows;
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = sorted.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {empty}
      </Text>
    );
  }
  return (
    <div>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text size="sm" c="dimmed">
          {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        </Text>
        <Select
          size="xs"
          w={180}
          label="Sort by"
          data={sortable.map((c) => ({ value: c.key, label: c.label }))}
          value={column?.key ?? null}
          onChange={(value) => {
            if (value) setSortKey(value);
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" captionSide="top">
          <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align ?? 'left'} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align ?? 'left'}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {footer}
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </div>
  );
}
