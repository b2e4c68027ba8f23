import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCodes, fieldErrorCodes } from '../../../domain/api/envelope';
import { checkInvitedSignup, type InvitedSignupField } from '../../../domain/invited-signup';
import { formatMessage } from '../../../domain/messages';
import { rules } from '../../../domain/validation';
import { isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useInvitedSignup } from '../api/invited-signup';
import { chooseDataCentre } from '../data-centre';
import { usePublicConfig } from '../../../lib/config/public-config-context';

interface SignupValues {
  firstName: string;
  lastName: string;
  password: string;
  terms: boolean;
  /** Its own box, never bundled with the terms, unticked until the invitee ticks it. */
  marketingConsent: boolean;
}

const SERVER_FIELDS: Readonly<Record<string, InvitedSignupField>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  password: 'password',
};

interface InvitedSignupFormProps {
  uniqueId: string;
  email: string;
  allotedComputers: string;
  productName: string;
}

/**
 * Spec section 2's form: First Name, Last Name, the e-mail (not editable), Password with
 * show/hide, the terms checkbox and "Create My Account" (Enter submits). On submit the checks
 * run in the spec's order and the first failure is shown; names and password are also checked
 * on blur, and focusing Last Name checks First Name.
 */
export function InvitedSignupForm({
  uniqueId,
  email,
  allotedComputers,
  productName,
}: InvitedSignupFormProps) {
  const navigate = useNavigate();
  const { termsUrl, pricingTermsUrl } = usePublicConfig();
  const signup = useInvitedSignup();
  const [failure, setFailure] = useState('');
  const isSubmitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useRuleForm<SignupValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      password: '',
      terms: false,
      marketingConsent: false,
    },
    rules: { firstName: rules.firstName, lastName: rules.lastName, password: rules.password },
  });

  // The data-centre choice is measured while the visitor fills in the form.
  useEffect(() => {
    void chooseDataCentre();
  }, []);

  const submit = async () => {
    if (isSubmitting.current || signup.isPending) return;
    setFailure('');
    const values = form.getValues();
    const result = checkInvitedSignup(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        password: values.password,
        hasAcceptedTerms: values.terms,
      },
      productName,
    );
    form.clearErrors();
    if (!result.ok) {
      form.setFieldError(result.field, result.message);
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${result.field}"]`)?.focus();
      return;
    }
    isSubmitting.current = true;
    try {
      const dcFlag = await chooseDataCentre();
      const answer = await signup.mutateAsync({
        uniqueId,
        firstName: result.values.firstName,
        lastName: result.values.lastName,
        invitedUserEmailId: email,
        password: result.values.password,
        allotedComputers,
        dcFlag,
        marketingConsent: values.marketingConsent ? 'true' : 'false',
      });
      window.location.assign(answer.rpc_redirect_link);
    } catch (error) {
      isSubmitting.current = false;
      if (isApiError(error) && error.description === errorCodes.EXPIRED_LINK) {
        void navigate(paths.linkExpired, { replace: true });
        return;
      }
      const field = isApiError(error) && error.field ? SERVER_FIELDS[error.field] : undefined;
      if (isApiError(error) && fieldErrorCodes.has(error.description) && field) {
        form.setFieldError(field, error.message);
        return;
      }
      setFailure(formatMessage('oops.somthing.wrong'));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create your account"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <div aria-live="assertive">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            name="firstName"
            label="First Name"
            autoComplete="given-name"
            required
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            name="lastName"
            label="Last Name"
            autoComplete="family-name"
            required
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput label="Email Address" value={email} readOnly autoComplete="username" />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Checkbox
          name="terms"
          label={
            <>
              I agree to the{' '}
              <Anchor href={pricingTermsUrl} target="_blank" rel="noopener noreferrer">
                pricing terms
              </Anchor>
              , as well as the{' '}
              <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer">
                terms of the {productName} service
              </Anchor>
            </>
          }
          key={form.key('terms')}
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Checkbox
          name="marketingConsent"
          label="I would like to receive emails on product updates (optional)"
          key={form.key('marketingConsent')}
          {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={signup.isPending}>
          Create My Account
        </Button>
      </Stack>
    </form>
  );
}
