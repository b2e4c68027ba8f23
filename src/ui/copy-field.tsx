import { Box, Button, CopyButton, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { messages } from '../domain/messages';

/**
 * A labelled read-only value with a copy button ("Copied to clipboard" on success). The message
 * is a bubble above the button drawn with CSS alone, not Mantine's Tooltip: the field is on the
 * partner dashboard's first paint, and Tooltip would bring floating-ui (about 15 KB compressed)
 * with it. The bubble is a polite live region, so a screen reader hears it too (not
 * role="status": the page's own status, such as the SSO screen's outcome, stays the only one).
 */
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
            <Box pos="relative">
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal.9' : undefined}
                size="xs"
                onClick={copy}
                aria-label={copied ? `${label} copied to clipboard` : `Copy ${label}`}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Box
                aria-live="polite"
                pos="absolute"
                bottom="calc(100% + 6px)"
                right={0}
                style={{ zIndex: 1 }}
              >
                {copied && (
                  <Text
                    size="sm"
                    c="white"
                    bg="dark.6"
                    px="xs"
                    py={4}
                    style={{ whiteSpace: 'nowrap', borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    {messages['clipboard.copied']}
                  </Text>
                )}
              </Box>
            </Box>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
