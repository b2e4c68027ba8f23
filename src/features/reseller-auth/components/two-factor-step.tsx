import { Alert, Anchor, Button, Checkbox, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../domain/messages';
import { afterSignIn, RETURN_PATH_PARAM } from '../../../domain/return-path';
import { TRUST_BROWSER_LABEL } from '../../../domain/api/trusted-browsers';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import {
  useRecoverySignIn,
  useSendLoginCode,
  useTwofaLoginState,
  useValidatePasscode,
} from '../api/twofa-login';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : GENERIC_ERROR_TEXT);

/** The second step of the sign-in: the authenticator app's code, a texted code, or a recovery code. */
export function TwoFactorStep() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const state = useTwofaLoginState();
  const send = useSendLoginCode();
  const validate = useValidatePasscode();
  const recover = useRecoverySignIn();
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState('');
  const [isTrusting, setIsTrusting] = useState(false);
  const [isRecovery, setIsRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [recoveryError, setRecoveryError] = useState('');

  const goNext = (next: string) => {
    void navigate(afterSignIn(next, search.get(RETURN_PATH_PARAM)), { replace: true });
  };

  if (state.isPending) return <Loader aria-label="Loading" />;
  if (state.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {messageOf(state.error)}
        </Alert>
        <Anchor component={Link} to={paths.resellerLogin} replace>
          Sign in again
        </Anchor>
      </Stack>
    );
  }

  const submitOtp = (event: SyntheticEvent) => {
    event.preventDefault();
    if (validate.isPending) return;
    const value = otp.trim();
    if (!value) {
      setOtpError(formatMessage('otp.required'));
      return;
    }
    setOtpError('');
    validate.mutate(
      { otp: value, trustBrowser: isTrusting },
      {
        onSuccess: (response) => {
          goNext(response.next);
        },
        onError: (error) => {
          setOtpError(messageOf(error));
        },
      },
    );
  };

  const submitRecovery = (event: SyntheticEvent) => {
    event.preventDefault();
    if (recover.isPending) return;
    setRecoveryError('');
    recover.mutate(recoveryCode.trim(), {
      onSuccess: (response) => {
        goNext(response.next);
      },
      onError: (error) => {
        setRecoveryError(messageOf(error));
      },
    });
  };

  if (isRecovery) {
    return (
      <form onSubmit={submitRecovery} noValidate aria-label="Sign in with a recovery code">
        <Stack gap="md">
          <Text size="sm">
            Enter one of the recovery codes you saved when you turned on two-factor authentication.
            Signing in with a recovery code turns two-factor authentication off; you can set it up
            again under Two-factor authentication.
          </Text>
          <TextInput
            label="Recovery code"
            autoComplete="off"
            // Chosen instead of the verification code: the cursor moves to it.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={recoveryCode}
            onChange={(event) => {
              setRecoveryCode(event.currentTarget.value);
            }}
            error={recoveryError || undefined}
          />
          <Button type="submit" fullWidth loading={recover.isPending}>
            Sign in
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setIsRecovery(false);
            }}
          >
            Use a verification code instead
          </Anchor>
        </Stack>
      </form>
    );
  }

  const isPhone = state.data.method === 'phone';
  return (
    <form onSubmit={submitOtp} noValidate aria-label="Two-factor authentication">
      <Stack gap="md">
        <Text size="sm">
          {isPhone
            ? `Send a verification code to your phone (${state.data.phone}) and enter it below. The code is valid for 10 minutes.`
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        {isPhone && (
          <div aria-live="polite">
            <Button
              variant="default"
              loading={send.isPending}
              onClick={() => {
                send.mutate();
              }}
            >
              {send.isSuccess ? 'Send a new code' : 'Send code'}
            </Button>
            {send.isSuccess && (
              <Text size="sm" c="teal.9" mt="xs" role="status">
                {send.data}
              </Text>
            )}
            {send.isError && (
              <Alert color="red" variant="light" role="alert" mt="xs">
                {messageOf(send.error)}
              </Alert>
            )}
          </div>
        )}
        <TextInput
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          // The step exists to type this code: the cursor starts in it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, ''));
          }}
          error={otpError || undefined}
        />
        <Checkbox
          label={TRUST_BROWSER_LABEL}
          description="You will not be asked for a code on this browser. Use only on a browser of your own."
          checked={isTrusting}
          onChange={(event) => {
            setIsTrusting(event.currentTarget.checked);
          }}
        />
        <Button type="submit" fullWidth loading={validate.isPending}>
          Verify
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setIsRecovery(true);
          }}
        >
          Use a recovery code
        </Anchor>
      </Stack>
    </form>
  );
}
