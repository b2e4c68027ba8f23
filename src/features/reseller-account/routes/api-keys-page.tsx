import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { formatDisplayDate } from '../../../domain/dates';
import { useApiKeyUsage } from '../api/api-key-usage';
import { ApiKeyDialog, type ApiKeyMode } from '../components/api-key-dialog';
import { ServerActionButton } from '../../../ui/server-action-button';

/** The reseller API's own documentation, served by the API server. */
const API_DOCS_URL = '/rpc-api/docs#/reseller%20API';

/** When the key was made and last used, so an administrator knows whether it is in use. */
function ApiKeyDates() {
  const usage = useApiKeyUsage();
  if (!usage.data) return null;
  const { hasKey, createdAt, lastUsedAt } = usage.data;
  const text = hasKey
    ? `Created ${formatDisplayDate(createdAt)} · ${lastUsedAt ? `Last used ${formatDisplayDate(lastUsedAt)}` : 'Never used'}`
    : 'No key yet: View makes one.';
  return (
    <Text size="sm" c="dimmed" data-testid="api-key-dates">
      {text}
    </Text>
  );
}

/** /account/rpc-api: the API Keys tab (spec section 2). */
export function ApiKeysPage() {
  const { productName } = usePublicConfig();
  const [mode, setMode] = useState<ApiKeyMode | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          API Keys
        </Title>
        <Text size="sm" mt={4}>
          Keys used to access {productName} Bulk Reseller.{' '}
          <Anchor href={API_DOCS_URL} target="_blank" rel="noopener noreferrer">
            Reseller API documentation
          </Anchor>
        </Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>Reseller API Key</Text>
            <ApiKeyDates />
          </div>
          <Group gap="xs">
            <ServerActionButton
              variant="default"
              onClick={() => {
                setMode('change');
              }}
            >
              Change
            </ServerActionButton>
            <ServerActionButton
              onClick={() => {
                setMode('view');
              }}
            >
              View
            </ServerActionButton>
          </Group>
        </Group>
      </Paper>
      <ApiKeyDialog
        mode={mode}
        onClose={() => {
          setMode(null);
        }}
      />
    </Stack>
  );
}
