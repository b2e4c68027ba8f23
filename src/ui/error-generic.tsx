import { Button, Stack, Text, Title } from '@mantine/core';

/** The generic error of spec section 1, spelled as the spec has it. */
export const GENERIC_ERROR_TITLE = 'Something went wrong';
export const GENERIC_ERROR_DETAIL = 'Try again after some time';

/**
 * The generic error screen for failures that have no better message: "Something went wrong" /
 * "Try again after some time", with an optional way to try again.
 */
export function GenericErrorScreen({
  onRetry,
  headingOrder = 2,
}: {
  onRetry?: () => void;
  headingOrder?: 1 | 2 | 3;
}) {
  return (
    <Stack role="alert" align="center" ta="center" gap="sm" py="xl">
      <Title order={headingOrder}>{GENERIC_ERROR_TITLE}</Title>
      <Text c="dimmed">{GENERIC_ERROR_DETAIL}</Text>
      {onRetry && (
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
