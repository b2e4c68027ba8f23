import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatMessage } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useNewRecoveryCodes } from '../api/recovery-codes';
import { useSecurityInfo } from '../api/security-info';
import { RecoveryCodes } from '../components/recovery-codes';
import { TrustedBrowsers } from '../components/trusted-browsers';
import { ServerActionButton } from '../../../ui/server-action-button';

/** /2fa: whether two-factor authentication is on, and the ways to turn it on or off. */
export function TwoFactorPage() {
  const info = useSecurityInfo();
  const [isAsking, setIsAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const infoFallback = useQueryFallback(info, <Skeleton height={120} maw={640} />);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Two-factor authentication
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        With two-factor authentication, signing in needs a code from your phone or authenticator app
        as well as your password.
      </Text>
      {!info.data ? (
        infoFallback
      ) : codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
          }}
        />
      ) : info.data.enabled ? (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
          <Stack gap="sm">
            <Group gap="xs">
              <Text fw={600}>Status</Text>
              <Badge color="teal.9">On</Badge>
            </Group>
            <Text size="sm">
              {info.data.method === 'phone'
                ? `Codes are texted to ${info.data.phone}.`
                : 'Codes come from your authenticator app.'}
            </Text>
            <Text size="sm">Recovery codes left: {info.data.recoveryCodesLeft}</Text>
            <Group gap="sm">
              <ServerActionButton
                variant="default"
                onClick={() => {
                  setIsAsking(true);
                }}
              >
                New recovery codes
              </ServerActionButton>
              <Button color="red" variant="light" component={Link} to="/2fa/totp/deactivate">
                Turn off
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={760}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Authenticator app
              </Title>
              <Text size="sm">
                Scan a QR code with an app such as Google Authenticator, Microsoft Authenticator or
                1Password.
              </Text>
              <Button component={Link} to="/2fa/totp" style={{ alignSelf: 'flex-start' }}>
                Set up authenticator app
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Phone
              </Title>
              <Text size="sm">Receive a 6-digit code by text message each time you sign in.</Text>
              <Button component={Link} to="/2fa/phone" style={{ alignSelf: 'flex-start' }}>
                Set up phone
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
      {info.data?.enabled && !codes ? <TrustedBrowsers /> : null}
      <NewCodesDialog
        opened={isAsking}
        onClose={() => {
          setIsAsking(false);
        }}
        onCodes={(next) => {
          setIsAsking(false);
          setCodes(next);
        }}
      />
    </Stack>
  );
}

function NewCodesDialog({
  opened,
  onClose,
  onCodes,
}: {
  opened: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const generate = useNewRecoveryCodes();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    if (!password.trim()) {
      setError(formatMessage('password.required'));
      return;
    }
    generate.mutate(password.trim(), {
      onSuccess: (codes) => {
        setPassword('');
        setError('');
        onCodes(codes);
      },
      onError: (failure) => {
        setError(isApiError(failure) ? failure.message : GENERIC_ERROR_TEXT);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New recovery codes" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            Your current recovery codes stop working.
          </Alert>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
            }}
            error={error || undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={generate.isPending}>
              Generate
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
