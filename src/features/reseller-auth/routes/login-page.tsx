import { Alert, Anchor, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_READY_TEXT,
  accountReadyEmailParam,
  accountReadyParam,
} from '../../../domain/account-ready';
import { cancelledNoticeParam, cancelledNoticeText } from '../../../domain/cancelled-notice';
import {
  SSO_ERROR_PARAM,
  SSO_SIGN_IN_PATH,
  ssoErrorMessageKeys,
  type SsoErrorKind,
} from '../../../domain/sso-sign-in';
// The first screen's messages alone: the whole catalogue would add 2.5 KB to this page (issue 21).
import { firstScreenMessages } from '../../../domain/messages-first-screen';
import { RETURN_PATH_PARAM, withReturnPath } from '../../../domain/return-path';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { paths, serverPages } from '../../../lib/paths';
import { AppFooter } from '../../../ui/app-footer';
import { PageLoader } from '../../../ui/page-loader';
import { AuthFrame } from '../../../ui/auth-frame';
import { LoginForm } from '../components/login-form';

// The second step loads on demand, so the sign-in page itself stays small.
const TwoFactorStep = lazy(() =>
  import('../components/two-factor-step').then((module) => ({ default: module.TwoFactorStep })),
);

const SupportSignInForm = lazy(() =>
  import('../components/support-sign-in-form').then((module) => ({
    default: module.SupportSignInForm,
  })),
);

/** /reseller/login: the Bulk Reseller sign-in (and, with ?support=1, the support agents' one). */
export function ResellerLoginPage() {
  const { productName } = usePublicConfig();
  const [search] = useSearchParams();
  // A cancelled account lands here after its logout (see cancelledNoticeParam).
  const cancelledText = cancelledNoticeText[search.get(cancelledNoticeParam) ?? ''];
  // An invited user who has just created the account: say so, and fill in the e-mail.
  const isAccountReady = search.get(accountReadyParam) === 'ready';
  const readyEmail = isAccountReady ? (search.get(accountReadyEmailParam) ?? '') : '';
  // A refused SSO sign-in comes back here with the catalogue's message (details are logged).
  const ssoError = search.get(SSO_ERROR_PARAM) ?? '';
  const ssoErrorText = Object.hasOwn(ssoErrorMessageKeys, ssoError)
    ? firstScreenMessages[ssoErrorMessageKeys[ssoError as SsoErrorKind]]
    : '';

  useEffect(() => {
    document.title = `Sign in | ${productName} Bulk Reseller`;
  }, [productName]);

  // Support agents only: not linked from the page, reached by its address.
  if (search.get('support') === '1') {
    return (
      <AuthFrame title="Support sign-in">
        <Suspense fallback={<PageLoader />}>
          <SupportSignInForm />
        </Suspense>
      </AuthFrame>
    );
  }

  // After a right password, an account with two-factor authentication continues here.
  if (search.get('step') === 'twofa') {
    return (
      <AuthFrame
        title="Two-factor authentication"
        after={
          <Text size="sm" mt="lg" ta="center">
            {/* Back to the password step, still carrying the page asked for. */}
            <Anchor
              component={Link}
              to={withReturnPath(paths.resellerLogin, search.get(RETURN_PATH_PARAM))}
              replace
              fw={600}
            >
              Back to sign in
            </Anchor>
          </Text>
        }
      >
        <Suspense fallback={<PageLoader />}>
          <TwoFactorStep />
        </Suspense>
      </AuthFrame>
    );
  }

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" px="md" py="sm">
        <Text fw={700} size="lg">
          {productName}
        </Text>
      </Box>
      <Container component="main" size={440} w="100%" py="xl" style={{ flex: 1 }}>
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            Sign in
          </Title>
          <Text c="dimmed">to your {productName} Bulk Reseller account</Text>
        </Stack>
        {cancelledText ? (
          <Alert color="teal" mb="md" role="status">
            {cancelledText}
          </Alert>
        ) : null}
        {ssoErrorText ? (
          <Alert color="red" variant="light" mb="md" role="alert" title="Sign-in failed">
            {ssoErrorText}
          </Alert>
        ) : null}
        {isAccountReady ? (
          <Alert color="teal" mb="md" role="status" title="Account created">
            {ACCOUNT_READY_TEXT}
          </Alert>
        ) : null}
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <LoginForm initialEmail={readyEmail} />
        </Paper>
        <Button
          component={Link}
          to={withReturnPath(SSO_SIGN_IN_PATH, search.get(RETURN_PATH_PARAM))}
          variant="default"
          fullWidth
          mt="md"
        >
          Sign in with SSO
        </Button>
        <Text size="sm" mt="md" ta="center">
          <Anchor component={Link} to={paths.resellerForgotPassword} fw={600}>
            Forgot password?
          </Anchor>
        </Text>
        <Text size="sm" mt="sm" ta="center">
          New to {productName}?{' '}
          <Anchor component={Link} to={paths.resellerSignup} fw={600} underline="always">
            Start a free trial
          </Anchor>
        </Text>
        <Text size="sm" mt="sm" ta="center">
          Are you a partner?{' '}
          <Anchor href={serverPages.partnerSignIn} fw={600}>
            Partner sign in
          </Anchor>
        </Text>
      </Container>
      <AppFooter />
    </Box>
  );
}
