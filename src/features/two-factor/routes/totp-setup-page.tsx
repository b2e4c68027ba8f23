import { Alert, Anchor, Code, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useGenerateSetup } from '../api/generate-setup';
import { EnableForm } from '../components/enable-form';
import { RecoveryCodes } from '../components/recovery-codes';
import { ServerActionButton } from '../../../ui/server-action-button';

/** /2fa/totp: QR code and manual key for an authenticator app, then its first code. */
export function TotpSetupPage() {
  const navigate = useNavigate();
  const setup = useGenerateSetup();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return <RecoveryCodes codes={codes} onDone={() => void navigate('/2fa', { replace: true })} />;
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Set up an authenticator app
      </Title>
      <Anchor component={Link} to="/2fa" size="sm">
        Back to two-factor authentication
      </Anchor>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
        {!setup.data ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Start the setup to get a QR code for your authenticator app. A new setup replaces an
              unfinished one.
            </Text>
            {setup.isError && (
              <Alert color="red" variant="light" role="alert">
                {isApiError(setup.error) ? setup.error.message : GENERIC_ERROR_TEXT}
              </Alert>
            )}
            <ServerActionButton
              loading={setup.isPending}
              onClick={() => {
                setup.mutate({ method: 'totp' });
              }}
            >
              Show QR code
            </ServerActionButton>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
            <Image
              src={setup.data.qr}
              alt="QR code for your authenticator app"
              w={220}
              h={220}
              fit="contain"
            />
            <Text size="sm">Or enter this key by hand:</Text>
            <Code data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
              {setup.data.secret}
            </Code>
            <Text size="sm">2. Enter the 6-digit code the app shows, and your password.</Text>
            <EnableForm
              onEnabled={(recovery, text) => {
                notifications.show({ color: 'teal', message: text, autoClose: TOAST_DURATION_MS });
                setCodes(recovery);
              }}
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
