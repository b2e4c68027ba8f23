import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { useState } from 'react';
import {
  OTHERS_SIGNED_OUT,
  SESSION_SIGNED_OUT,
  SESSIONS_EMPTY,
  SESSIONS_INTRO,
  SESSIONS_TITLE,
  SIGN_OUT_OTHERS,
  THIS_BROWSER,
  type SignedInSession,
} from '../../../domain/api/sessions';
import { formatDisplayDateTime } from '../../../domain/formats';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { ServerActionButton } from '../../../ui/server-action-button';
import { showErrorToast, showSuccessToast } from '../../../ui/toast-show';
import {
  useSignedInSessions,
  useSignOutOtherSessions,
  useSignOutSession,
} from '../api/signed-in-sessions';
import { timeAgo } from '../components/relative-time';

const showError = (error: unknown) => {
  showErrorToast(isApiError(error) ? error.message : GENERIC_ERROR_TEXT);
};

/** A moment in words ("5 minutes ago"), the exact date and time on hover and for machines. */
function Moment({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDisplayDateTime(iso)}>
      {timeAgo(iso)}
    </time>
  );
}

function SessionCard({
  session,
  isBusy,
  onSignOut,
}: {
  session: SignedInSession;
  isBusy: boolean;
  onSignOut: (session: SignedInSession) => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="signed-in-session">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {session.device}
            </Text>
            {session.current ? (
              <Badge variant="light" color="teal">
                {THIS_BROWSER}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {session.place} · {session.method}
          </Text>
          <Text size="xs" c="dimmed">
            {session.current ? (
              'Active now'
            ) : (
              <>
                Last active <Moment iso={session.lastActiveAt} />
              </>
            )}
            {' · Signed in '}
            <Moment iso={session.createdAt} />
          </Text>
        </Stack>
        {session.current ? null : (
          <ServerActionButton
            variant="default"
            size="xs"
            loading={isBusy}
            aria-label={`Sign out ${session.device}, ${session.place}`}
            onClick={() => {
              onSignOut(session);
            }}
          >
            Sign out
          </ServerActionButton>
        )}
      </Group>
    </Paper>
  );
}

/**
 * /account/sessions: "Where you're signed in". Each of the user's other sessions can be signed
 * out here (its next call is refused, on every server); this browser's is signed out with Logout.
 */
export function SessionsPage() {
  const list = useSignedInSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [signingOutId, setSigningOutId] = useState('');
  const fallback = useQueryFallback(
    list,
    <Stack gap="xs" aria-label="Loading sessions">
      <Skeleton height={72} />
      <Skeleton height={72} />
    </Stack>,
  );
  const items = list.data?.items;
  const others = items?.filter((item) => !item.current) ?? [];

  const confirmSignOut = (session: SignedInSession) =>
    openConfirmModal({
      title: 'Sign out this session?',
      children: (
        <Text size="sm">
          {session.device} ({session.place}) will be signed out at once and must sign in again.
        </Text>
      ),
      labels: { confirm: 'Sign out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setSigningOutId(session.id);
        signOut.mutate(session.id, {
          onSuccess: () => showSuccessToast(SESSION_SIGNED_OUT),
          onError: showError,
        });
      },
    });

  const confirmSignOutOthers = () =>
    openConfirmModal({
      title: `${SIGN_OUT_OTHERS}?`,
      children: (
        <Text size="sm">
          Every browser and device signed in to your account except this one will be signed out at
          once.
        </Text>
      ),
      labels: { confirm: 'Sign out all', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        signOutOthers.mutate(undefined, {
          onSuccess: () => showSuccessToast(OTHERS_SIGNED_OUT),
          onError: showError,
        }),
    });

  return (
    <Stack gap="md" maw={720} component="section" aria-labelledby="sessions-title">
      <div>
        <Title order={2} size="h3" id="sessions-title">
          {SESSIONS_TITLE}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {SESSIONS_INTRO}
        </Text>
      </div>
      {!items ? (
        fallback
      ) : (
        <>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                isBusy={signOut.isPending && signingOutId === session.id}
                onSignOut={confirmSignOut}
              />
            ))}
          </Stack>
          {others.length === 0 ? (
            <Text size="sm">{SESSIONS_EMPTY}</Text>
          ) : (
            <ServerActionButton
              variant="light"
              color="red"
              style={{ alignSelf: 'flex-start' }}
              loading={signOutOthers.isPending}
              onClick={confirmSignOutOthers}
            >
              {SIGN_OUT_OTHERS}
            </ServerActionButton>
          )}
        </>
      )}
    </Stack>
  );
}
