import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDisplayDateTime } from '../../../domain/formats';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useRevokeTrustedBrowser, useTrustedBrowsers } from '../api/trusted-browsers';

/**
 * The browsers where the user ticked "Trust this browser for 30 days" at the two-factor step:
 * they sign in with the password alone until revoked here, or until the password changes or
 * two-factor authentication is turned off.
 */
export function TrustedBrowsers() {
  const list = useTrustedBrowsers();
  const revoke = useRevokeTrustedBrowser();
  const [revokingId, setRevokingId] = useState('');
  const fallback = useQueryFallback(list, <Skeleton height={60} />);
  const items = list.data?.items;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      maw={640}
      component="section"
      aria-labelledby="trusted-browsers-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="trusted-browsers-title">
          Trusted browsers
        </Title>
        <Text size="sm" c="dimmed">
          These browsers sign in without a verification code for 30 days from when you trusted them.
        </Text>
        {revoke.isError ? (
          <Alert color="red" variant="light" role="alert">
            {isApiError(revoke.error) ? revoke.error.message : GENERIC_ERROR_TEXT}
          </Alert>
        ) : null}
        {!items ? (
          fallback
        ) : items.length === 0 ? (
          <Text size="sm">No trusted browsers.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {item.label}
                    </Text>
                    {item.isCurrent ? <Badge variant="light">This browser</Badge> : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    Trusted {formatDisplayDateTime(item.createdAt)} · until{' '}
                    {formatDisplayDateTime(item.expiresAt)}
                    {item.ip ? ` · ${item.ip}` : ''}
                  </Text>
                </div>
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Revoke ${item.label}`}
                  loading={revoke.isPending && revokingId === item.id}
                  disabled={revoke.isPending}
                  onClick={() => {
                    setRevokingId(item.id);
                    revoke.mutate(item.id);
                  }}
                >
                  Revoke
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
