import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { programNames, type PartnerProgram } from '../../../domain/api/partner-reports';
import { isApiError, GENERIC_ERROR_TEXT } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useAskToConfirm } from '../api/ask-to-confirm';
import { useUnconfirmedUsers } from '../api/get-unconfirmed-users';
import { formatDay } from './report-day';
import { ServerActionButton } from '../../../ui/server-action-button';

/** Referred users who have not confirmed their account, with "Ask to confirm" (once a day). */
export function UnconfirmedUsers({ program }: { program: PartnerProgram }) {
  const users = useUnconfirmedUsers(program);
  const ask = useAskToConfirm(program);
  const fallback = useQueryFallback(
    users,
    <Text size="sm" c="dimmed">
      Loading…
    </Text>,
  );
  const title = `${programNames[program]} users who have not confirmed their account`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {users.data === undefined ? (
        fallback
      ) : users.data.referredCount === 0 ? (
        <Text size="sm" c="dimmed">
          You have not referred anyone yet.
        </Text>
      ) : users.data.users.length === 0 ? (
        <Text size="sm" c="dimmed">
          Everyone you referred has confirmed their account.
        </Text>
      ) : (
        <Stack gap="xs">
          {users.data.users.map((user) => (
            <Group key={user.id} justify="space-between" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email} · signed up {formatDay(user.signupDate)}
                  {user.remindedAt ? ` · reminded ${formatDay(user.remindedAt)}` : ''}
                </Text>
              </div>
              <ServerActionButton
                size="xs"
                variant="light"
                disabled={!user.canRemind}
                loading={ask.isPending && ask.variables === user.id}
                aria-label={`Ask ${user.name} to confirm`}
                onClick={() => {
                  ask.mutate(user.id, {
                    onSuccess: (answer) =>
                      notifications.show({ color: 'teal', message: answer.message }),
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
                      }),
                  });
                }}
              >
                {user.canRemind ? 'Ask to confirm' : 'Reminded today'}
              </ServerActionButton>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
