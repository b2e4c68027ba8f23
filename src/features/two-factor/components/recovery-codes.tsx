import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { downloadFile } from '../../../ui/download-file';
import './recovery-codes.css';

const PRINT_CLASS = 'print-recovery-codes';

/** The codes as a text file a user can keep: what they are for, then one code a line. */
export function recoveryCodesText(productName: string, codes: readonly string[]): string {
  return [
    `${productName} two-factor recovery codes`,
    'Each code signs you in once if you lose access to your second factor.',
    'Generating new codes replaces these.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Prints the codes sheet alone (recovery-codes.css hides the rest while the class is set). */
function printCodes(): void {
  document.body.classList.add(PRINT_CLASS);
  window.addEventListener('afterprint', () => document.body.classList.remove(PRINT_CLASS), {
    once: true,
  });
  window.print();
}

/** Recovery codes, shown once: each signs in once when the second factor is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { productName } = usePublicConfig();
  useEffect(() => () => document.body.classList.remove(PRINT_CLASS), []);
  const fileName = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      maw={560}
      className="recovery-codes-sheet"
    >
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
        <Group gap="sm" data-print-hidden>
          <Button
            variant="default"
            onClick={() =>
              downloadFile(
                fileName,
                recoveryCodesText(productName, codes),
                'text/plain;charset=utf-8',
              )
            }
          >
            Download (.txt)
          </Button>
          <Button variant="default" onClick={printCodes}>
            Print
          </Button>
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied to clipboard' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>Done</Button>
        </Group>
        <Text size="xs" c="dimmed" data-print-hidden>
          Generating new codes later replaces these.
        </Text>
      </Stack>
    </Paper>
  );
}
