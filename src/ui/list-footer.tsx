import { Group, Pagination, Select, Text } from '@mantine/core';

const PAGE_SIZES = ['10', '25', '50', '100'];

/** Under a server-paginated list: "1–25 of 58", the page size and the pager. */
export function ListFooter({
  itemsLabel,
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  /** What the list holds, for the page-size control's name: "Users" → "Users per page". */
  itemsLabel: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Text size="sm" aria-live="polite">
          {first}–{last} of {total}
        </Text>
        <Select
          aria-label={`${itemsLabel} per page`}
          data={PAGE_SIZES}
          value={String(pageSize)}
          onChange={(value) => {
            if (value) onPageSize(Number(value));
          }}
          allowDeselect={false}
          w={80}
          size="xs"
        />
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        getControlProps={(control) => ({
          'aria-label':
            control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
        })}
      />
    </Group>
  );
}
