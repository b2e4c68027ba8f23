import { Alert, Button, Stack, Text } from '@mantine/core';
import { GENERIC_ERROR_TEXT, isApiError } from '../lib/http/api-error';

/** A failed load: the server's message (or the generic one) and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = isApiError(error) ? error.message : GENERIC_ERROR_TEXT;
  return (
    <Alert color="red" variant="light" role="alert" title="Something went wrong">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
