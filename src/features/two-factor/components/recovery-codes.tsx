import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';

/** Recovery codes, shown once: each signs in once when the second factor is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={560}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Save your recovery codes
        </Title>
        <Alert color="yellow" variant="light">
          These codes are shown only now. Keep them somewhere safe: each one signs you in once if
          you lose access to your second factor.
        </Alert>
        <List
          aria-label="Recovery codes"
          ff="monospace"
          spacing={4}
          listStyleType="none"
          style={{ columns: 2 }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied to clipboard' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>Done</Button>
        </Group>
        <Text size="xs" c="dimmed">
          Generating new codes later replaces these.
        </Text>
      </Stack>
    </Paper>
  );
}
