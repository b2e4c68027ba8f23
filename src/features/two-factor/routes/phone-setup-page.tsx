import { Alert, Anchor, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { PHONE_EXAMPLE, rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useGenerateSetup } from '../api/generate-setup';
import { EnableForm } from '../components/enable-form';
import { RecoveryCodes } from '../components/recovery-codes';
import { ServerActionButton } from '../../../ui/server-action-button';

/** /2fa/phone: a phone number, a texted code, then two-factor is on. */
export function PhoneSetupPage() {
  const navigate = useNavigate();
  const setup = useGenerateSetup();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return <RecoveryCodes codes={codes} onDone={() => void navigate('/2fa', { replace: true })} />;
  }

  const send = (event: SyntheticEvent) => {
    event.preventDefault();
    if (setup.isPending) return;
    const value = phone.trim();
    const invalid = rules.phone(value);
    setPhoneError(invalid ?? '');
    if (invalid) return;
    setup.mutate(
      { method: 'phone', phone: value },
      {
        onError: (error) => {
          setPhoneError(isApiError(error) ? error.message : GENERIC_ERROR_TEXT);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Set up your phone
      </Title>
      <Anchor component={Link} to="/2fa" size="sm">
        Back to two-factor authentication
      </Anchor>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
        <Stack gap="md">
          <form onSubmit={send} noValidate aria-label="Phone number">
            <Stack gap="sm" maw={360}>
              <TextInput
                label="Phone number"
                description="10 digits, with 0 or + and a country code in front if needed"
                type="tel"
                autoComplete="tel"
                placeholder={PHONE_EXAMPLE}
                value={phone}
                onChange={(event) => {
                  setPhone(event.currentTarget.value);
                }}
                error={phoneError || undefined}
              />
              <ServerActionButton
                type="submit"
                variant={setup.isSuccess ? 'default' : 'filled'}
                loading={setup.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                {setup.isSuccess ? 'Send a new code' : 'Send code'}
              </ServerActionButton>
            </Stack>
          </form>
          {setup.isSuccess && (
            <>
              <Alert color="teal" variant="light" role="status">
                A 6-digit code has been sent to {setup.data.phone}. It is valid for 10 minutes.
              </Alert>
              <Text size="sm">
                Enter the code and your password to turn on two-factor authentication.
              </Text>
              <EnableForm
                onEnabled={(recovery, text) => {
                  notifications.show({
                    color: 'teal',
                    message: text,
                    autoClose: TOAST_DURATION_MS,
                  });
                  setCodes(recovery);
                }}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
