import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { emailChangeMessages } from '../../../domain/api/reseller-account';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email';
import { AuthFrame } from '../components/auth-frame';

const toSignIn = (
  <Text size="sm" mt="lg" ta="center">
    <Anchor component={Link} to={paths.resellerLogin} fw={600}>
      Go to sign in
    </Anchor>
  </Text>
);

/** /reseller/confirmEmail?token=…: opening the mailed link confirms the new e-mail address. */
export function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  // The link works once: a second call (StrictMode's re-run, a re-render) must not spend it.
  const isSent = useRef(false);
  useEffect(() => {
    if (isSent.current || !token) return;
    isSent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  if (!token) {
    return (
      <AuthFrame title="Confirm e-mail address" after={toSignIn}>
        <Alert color="red">{emailChangeMessages.linkExpired}</Alert>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Confirm e-mail address" after={toSignIn}>
      {confirm.isSuccess ? (
        <Alert color="teal" role="status">
          {confirm.data}
        </Alert>
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {isApiError(confirm.error) ? confirm.error.message : GENERIC_ERROR_TEXT}
        </Alert>
      ) : (
        <Loader aria-label="Confirming your new e-mail address" />
      )}
    </AuthFrame>
  );
}
