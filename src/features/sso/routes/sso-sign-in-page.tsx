import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { RETURN_PATH_PARAM, withReturnPath } from '../../../domain/return-path';
import { paths } from '../../../lib/paths';
import { AuthFrame } from '../../../ui/auth-frame';
import { SsoSignInForm } from '../components/sso-sign-in-form';

/** /reseller/sso: "Sign in with SSO" (linked from the sign-in page). */
export function SsoSignInPage() {
  const [search] = useSearchParams();
  return (
    <AuthFrame
      title="Sign in with SSO"
      subtitle="Single sign-on through your company's identity provider"
      after={
        <Text size="sm" mt="lg" ta="center">
          <Anchor
            component={Link}
            to={withReturnPath(paths.resellerLogin, search.get(RETURN_PATH_PARAM))}
            fw={600}
          >
            Sign in with a password instead
          </Anchor>
        </Text>
      }
    >
      <SsoSignInForm initialLogin={search.get('login') ?? ''} />
    </AuthFrame>
  );
}
