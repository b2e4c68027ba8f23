import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signupMessages } from '../../../domain/api/signup';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { AuthFrame } from '../../../ui/auth-frame';
import { useChromebookVerify } from '../api/signup';
import { CaptchaField } from '../components/captcha-field';

const SESSION = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * /chromebook/captcha/verify?session=…: the Chromebook app opens this page with a session id of
 * its own; once the captcha is solved the server records the pass the app polls for, and the
 * page moves on to /chromebook/captcha/verify/response.
 */
export function ChromebookCaptchaPage() {
  const [search] = useSearchParams();
  const session = search.get('session') ?? '';
  const navigate = useNavigate();
  const verify = useChromebookVerify();
  const [captcha, setCaptcha] = useState('');
  const [round, setRound] = useState(0);

  if (!SESSION.test(session)) {
    return (
      <AuthFrame title="Verify">
        <Alert color="red" role="alert">
          {signupMessages.chromebookSessionMissing}
        </Alert>
      </AuthFrame>
    );
  }
  const error = verify.error;
  return (
    <AuthFrame title="Verify">
      <Stack gap="md">
        <Text>Solve the check below, then continue in the app.</Text>
        {error && (
          <Alert color="red" role="alert">
            {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
          </Alert>
        )}
        <CaptchaField onChange={setCaptcha} resetKey={round} />
        <Button
          disabled={captcha === ''}
          loading={verify.isPending}
          onClick={() =>
            verify.mutate(
              { session, altcha: captcha },
              {
                onSuccess: () => void navigate(paths.chromebookCaptchaResponse, { replace: true }),
                onError: () => setRound((value) => value + 1),
              },
            )
          }
        >
          Continue
        </Button>
      </Stack>
    </AuthFrame>
  );
}

/** /chromebook/captcha/verify/response: the pass is recorded; the app takes it from here. */
export function ChromebookCaptchaResponsePage() {
  return (
    <AuthFrame title="Verified">
      <Alert color="teal" role="status">
        {signupMessages.chromebookVerified}
      </Alert>
    </AuthFrame>
  );
}
