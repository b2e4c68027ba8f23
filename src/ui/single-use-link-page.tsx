import { Alert, Anchor, Loader, Text } from '@mantine/core';

import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { GENERIC_ERROR_TEXT, isApiError } from '../lib/http/api-error';
import { paths } from '../lib/paths';
import { AuthFrame } from './auth-frame';
import { useServerMutation } from '../lib/http/use-server-mutation';

const toSignIn = (
  <Text size="sm" mt="lg" ta="center">
    <Anchor component={Link} to={paths.resellerLogin} fw={600}>
      Go to sign in
    </Anchor>
  </Text>
);

/**
 * A page a mailed link opens: it spends the link's `?token=` once with `redeem` and shows the
 * server's text, or its refusal. No session is needed: the link may open in another browser.
 */
export function SingleUseLinkPage({
  title,
  missingText,
  busyLabel,
  redeem,
}: {
  title: string;
  /** Shown when the address has no token at all. */
  missingText: string;
  busyLabel: string;
  redeem: (token: string) => Promise<string>;
}) {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { mutate, isSuccess, isError, data, error } = useServerMutation({ mutationFn: redeem });
  // The link works once: StrictMode's second run or a re-render must not spend it again.
  const isSent = useRef(false);
  useEffect(() => {
    if (isSent.current || !token) return;
    isSent.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <AuthFrame title={title} after={toSignIn}>
      {!token ? (
        <Alert color="red">{missingText}</Alert>
      ) : isSuccess ? (
        <Alert color="teal" role="status">
          {data}
        </Alert>
      ) : isError ? (
        <Alert color="red" role="alert">
          {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
        </Alert>
      ) : (
        <Loader aria-label={busyLabel} />
      )}
    </AuthFrame>
  );
}
