import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorCodes, fieldErrorCodes } from '../../../domain/api/envelope';
import { SELECT_USERNAME_STEP } from '../../../domain/api/two-factor-step';
import { afterSignIn, RETURN_PATH_PARAM } from '../../../domain/return-path';
import { SSO_SIGN_IN_PATH } from '../../../domain/sso-sign-in';
import { signInRules as rules } from '../../../domain/rules-sign-in';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useResellerSignIn } from '../api/sign-in';

const UsernamePicker = lazy(() =>
  import('./username-picker').then((module) => ({ default: module.UsernamePicker })),
);

interface LoginValues {
  email: string;
  password: string;
}

/** Which form field a server-side field error (fieldErrorCodes) belongs to. */
const fieldOf: Readonly<Record<string, keyof LoginValues>> = {
  username: 'email',
  email: 'email',
  password: 'password',
};

/** `initialEmail`: filled in for an invited user who has just created the account. */
export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useResellerSignIn();
  // Rule-book checks on the trimmed values; submitted values arrive trimmed.
  const form = useRuleForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '' },
    rules: { email: rules.email, password: rules.password },
    validateInputOnBlur: true,
  });

  // Set when the e-mail and password open several accounts: the user picks one username.
  const [usernames, setUsernames] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState('');

  const handleSubmit = (values: LoginValues) => {
    // The loading state disables the button, but Enter in a field can still submit.
    if (signIn.isPending) return;
    const username = usernames && chosen ? chosen : values.email;
    signIn.mutate(
      { username, password: values.password },
      {
        onSuccess: (response) => {
          if (response.next === SELECT_USERNAME_STEP) {
            setUsernames(response.usernames ?? []);
            setChosen(response.usernames?.[0] ?? '');
            return;
          }
          // Only a console path is followed (relative to /rpc-app): the page a signed-out visit
          // asked for, else the server's landing.
          void navigate(afterSignIn(response.next, search.get(RETURN_PATH_PARAM)), {
            replace: true,
          });
        },
        onError: (error) => {
          const field = isApiError(error) && error.field ? fieldOf[error.field] : undefined;
          if (isApiError(error) && fieldErrorCodes.has(error.description) && field) {
            form.setFieldError(field, error.message);
          }
        },
      },
    );
  };

  const error = signIn.error;
  const isFieldError =
    isApiError(error) &&
    fieldErrorCodes.has(error.description) &&
    error.field !== undefined &&
    error.field in fieldOf;
  // An SSO user's password sign-in is refused (the spec's message): offer the SSO path.
  const isSsoUser = isApiError(error) && error.description === errorCodes.SSO_ENABLED;
  const alertText =
    error && !isFieldError ? (isApiError(error) ? error.message : GENERIC_ERROR_TEXT) : '';

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Reseller sign in">
      {/* Kept outside the Stack so the empty live region adds no gap. */}
      <div aria-live="assertive">
        {alertText && (
          <Alert color="red" variant="light" role="alert" title="Sign-in failed" mb="md">
            {alertText}
            {isSsoUser && (
              <Button
                component={Link}
                to={`${SSO_SIGN_IN_PATH}?login=${encodeURIComponent(form.getValues().email)}`}
                size="xs"
                mt="sm"
                display="block"
              >
                Sign in with SSO
              </Button>
            )}
          </Alert>
        )}
      </div>
      <Stack gap="md">
        {usernames ? (
          <Suspense fallback={null}>
            <UsernamePicker usernames={usernames} chosen={chosen} onChange={setChosen} />
          </Suspense>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
          // Another e-mail needs a new answer before any username can be chosen.
          onInput={() => {
            setUsernames(null);
          }}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          // The e-mail is filled in (a new account): the password is what is left to type.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={initialEmail !== ''}
          required
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
