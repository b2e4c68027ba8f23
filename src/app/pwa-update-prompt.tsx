import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { UPDATE_AVAILABLE_TEXT } from './pwa-root';

/**
 * "A new version is available" with its Reload button: a chunk of its own, loaded only once a new
 * version is waiting, so the sign-in page does not load it (issue 21's JavaScript budget).
 */
export function UpdatePrompt({ activate }: { activate: () => void }) {
  const [isReloading, setIsReloading] = useState(false);
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      bottom={16}
      left={16}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 400 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{UPDATE_AVAILABLE_TEXT}</Text>
        <Button
          size="xs"
          loading={isReloading}
          onClick={() => {
            setIsReloading(true);
            activate();
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
