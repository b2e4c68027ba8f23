import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { formatMessage } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useEnableTwofa } from '../api/enable-twofa';
import { ServerActionButton } from '../../../ui/server-action-button';

/** The last step of a setup: the first code of the new factor and the current password. */
export function EnableForm({ onEnabled }: { onEnabled: (codes: string[], text: string) => void }) {
  const enable = useEnableTwofa();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ otp?: string; password?: string }>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (enable.isPending) return;
    const next: { otp?: string; password?: string } = {};
    if (!otp.trim()) next.otp = formatMessage('otp.required');
    if (!password.trim()) next.password = formatMessage('password.required');
    setErrors(next);
    if (next.otp ?? next.password) return;
    enable.mutate(
      { otp: otp.trim(), password: password.trim() },
      {
        onSuccess: (answer) => {
          onEnabled(answer.recoveryCodes, answer.text);
        },
        onError: (error) => {
          const message = isApiError(error) ? error.message : GENERIC_ERROR_TEXT;
          setErrors(
            isApiError(error) && error.field === 'password'
              ? { password: message }
              : { otp: message },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Turn on two-factor authentication">
      <Stack gap="md" maw={360}>
        <TextInput
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, ''));
          }}
          error={errors.otp}
        />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
          }}
          error={errors.password}
        />
        <ServerActionButton
          type="submit"
          loading={enable.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Turn on
        </ServerActionButton>
      </Stack>
    </form>
  );
}
