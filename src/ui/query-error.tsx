import { Alert, Button, Stack, Text } from '@mantine/core';
import { GENERIC_ERROR_TEXT, isApiError } from '../lib/http/api-error';
import { GENERIC_ERROR_DETAIL, GENERIC_ERROR_TITLE } from './error-generic';

/** A failed load: the server's message (or the generic one) and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = isApiError(error) ? error.message : GENERIC_ERROR_TEXT;
  // The title already says "Something went wrong": the generic text is not said twice.
  const message = text === GENERIC_ERROR_TEXT ? GENERIC_ERROR_DETAIL : text;
  return (
    <Alert color="red" variant="light" role="alert" title={GENERIC_ERROR_TITLE}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
