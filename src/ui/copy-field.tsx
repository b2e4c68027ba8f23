import { Button, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useId } from 'react';

/** A labelled read-only value with a copy button ("Copied to clipboard" on success). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <div>
      <Text id={labelId} size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Text
          aria-labelledby={labelId}
          ff="monospace"
          size="sm"
          style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
        >
          {value}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label="Copied to clipboard" opened={copied} withArrow position="top">
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal.9' : undefined}
                size="xs"
                onClick={copy}
                aria-label={copied ? `${label} copied to clipboard` : `Copy ${label}`}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
