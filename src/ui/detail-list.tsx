import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a real description list, so screen readers pair them. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
