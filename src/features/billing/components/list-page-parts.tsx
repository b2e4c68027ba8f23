import { Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The page's title with the link to its companion list (invoices ↔ transactions). */
export function ListPageHeader({
  title,
  to,
  linkText,
}: {
  title: string;
  to: string;
  linkText: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1}>{title}</Title>
      <Anchor component={Link} to={to}>
        {linkText}
      </Anchor>
    </Group>
  );
}

/** Five placeholder rows while a list loads, announced as `label`. */
export function RowsLoading({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}
