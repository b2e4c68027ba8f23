import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Term } from '../../../domain/api/billing';
import { formatMoney } from '../../../domain/formats';
import { signupProblems, type SignupOptions } from '../../../domain/api/signup';
import { rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { AuthFrame } from '../../../ui/auth-frame';
import { focusFirstInvalid, formOf } from '../../../ui/focus-first-invalid';
import { serverAlertText, showServerFieldError } from '../../../ui/form-server-error';
import { CardFields, emptyCard, validateCard, type CardValues } from '../../../ui/card-fields';
import { useQueryFallback } from '../../../offline/query-state';
import { showSuccessToast } from '../../../ui/toast-show';
import { signupOptionsQuery, usePaidSignup, useTrialSignup } from '../api/signup';
import { CaptchaField } from '../components/captcha-field';

type Kind = 'trial' | 'paid';

interface Values extends CardValues {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
  confirmPassword: string;
  planCode: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const initialValues: Values = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  password: '',
  confirmPassword: '',
  planCode: '',
  ...emptyCard,
  address1: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

function validate(values: Values, kind: Kind) {
  const [mismatch] = signupProblems(values);
  const account = {
    firstName: rules.firstName(values.firstName),
    lastName: rules.lastName(values.lastName),
    companyName: rules.companyName(values.companyName),
    email: rules.email(values.email),
    password: rules.password(values.password),
    confirmPassword: rules.confirmPassword(values.confirmPassword) ?? mismatch?.message ?? null,
  };
  if (kind === 'trial') return account;
  return {
    ...account,
    ...validateCard(values),
    planCode: values.planCode ? null : 'Select a plan',
    address1: rules.billingAddressLine1(values.address1),
    city: rules.city(values.city),
    zip: rules.zip(values.zip),
    state: values.country === 'US' ? rules.stateSelect(values.state || 'Select') : null,
  };
}

const yearlyOrMonthly = (term: Term) => (term === 'year' ? 'year' : 'month');

function SignupForm({ options }: { options: SignupOptions }) {
  const { productName } = usePublicConfig();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const kind: Kind = search.get('plan') === 'paid' ? 'paid' : 'trial';
  const [term, setTerm] = useState<Term>('year');
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const trial = useTrialSignup();
  const paid = usePaidSignup();
  const submit = kind === 'trial' ? trial : paid;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validate(values, kind),
  });

  const onSuccess = (answer: { next: string; text: string }) => {
    showSuccessToast(answer.text);
    void navigate(answer.next.startsWith('/') ? answer.next : paths.home, { replace: true });
  };
  const onError = (error: Error) => {
    // The server spends a captcha payload when it checks one: the next try needs a new one.
    setCaptchaRound((round) => round + 1);
    showServerFieldError(form, error);
  };

  const handleSubmit = (values: Values) => {
    if (submit.isPending) return;
    const account = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      companyName: values.companyName.trim(),
      email: values.email.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      altcha: captcha,
    };
    if (kind === 'trial') {
      trial.mutate(account, { onSuccess, onError });
      return;
    }
    paid.mutate(
      {
        ...account,
        planCode: values.planCode,
        term,
        cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
        cvv: values.cvv.trim(),
        expMonth: values.expMonth,
        expYear: values.expYear,
        holder: values.holder.trim(),
        address1: values.address1.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zip.trim(),
        country: values.country,
      },
      { onSuccess, onError },
    );
  };

  const error = submit.error;
  const alertText = serverAlertText(error, initialValues);
  const captchaError = isApiError(error) && error.field === 'altcha' ? error.message : null;
  const chosenPlan = options.plans.find((plan) => plan.code === form.values.planCode);

  return (
    <form
      onSubmit={form.onSubmit(handleSubmit, (_errors, _values, event) =>
        focusFirstInvalid(formOf(event)),
      )}
      noValidate
      aria-label="Create your account"
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label="Kind of account"
          value={kind}
          onChange={(value) => {
            submit.reset();
            setSearch(value === 'paid' ? { plan: 'paid' } : {}, { replace: true });
          }}
          data={[
            { value: 'trial', label: `Free trial (${String(options.trialDays)} days)` },
            { value: 'paid', label: 'Buy now' },
          ]}
        />
        <Text size="sm" c="dimmed">
          {kind === 'trial'
            ? `Try ${productName} Bulk Reseller free for ${String(options.trialDays)} days. No card needed.`
            : 'Choose a plan and pay by card; your account starts at once.'}
        </Text>
        <div aria-live="assertive">
          {alertText && (
            <Alert color="red" role="alert">
              {alertText}
            </Alert>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          {...form.getInputProps('companyName')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="6 to 20 characters"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        {kind === 'paid' && (
          <>
            <Title order={2} size="h4" mt="sm">
              Plan
            </Title>
            <SegmentedControl
              aria-label="Billing term"
              value={term}
              onChange={(value) => setTerm(value === 'month' ? 'month' : 'year')}
              data={[
                { value: 'year', label: 'Yearly' },
                { value: 'month', label: 'Monthly' },
              ]}
            />
            <Select
              label="Plan"
              required
              allowDeselect={false}
              data={options.plans.map((plan) => ({
                value: plan.code,
                label: `${plan.name}: ${String(plan.computers)} computers, ${formatMoney(
                  term === 'year' ? plan.yearlyPriceMinor : plan.monthlyPriceMinor,
                  plan.currency,
                )} a ${yearlyOrMonthly(term)}`,
              }))}
              {...form.getInputProps('planCode')}
            />
            {chosenPlan && (
              <Text size="sm" c="dimmed">
                Tax, where it applies, is added for your billing address.
              </Text>
            )}
            <Title order={2} size="h4" mt="sm">
              Card and billing address
            </Title>
            <CardFields form={form} />
            <TextInput
              label="Address"
              autoComplete="address-line1"
              required
              {...form.getInputProps('address1')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="City"
                autoComplete="address-level2"
                required
                {...form.getInputProps('city')}
              />
              <Select
                label="Country"
                searchable
                required
                allowDeselect={false}
                autoComplete="country"
                data={options.countries.map((c) => ({ value: c.code, label: c.name }))}
                {...form.getInputProps('country')}
                onChange={(value: string | null) => {
                  form.setFieldValue('country', value ?? 'US');
                  form.setFieldValue('state', '');
                }}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {form.values.country === 'US' ? (
                <Select
                  label="State"
                  searchable
                  required
                  allowDeselect={false}
                  data={options.usStates.map((s) => ({ value: s.code, label: s.name }))}
                  {...form.getInputProps('state')}
                />
              ) : (
                <TextInput
                  label="State / province / region"
                  autoComplete="address-level1"
                  {...form.getInputProps('state')}
                />
              )}
              <TextInput
                label="ZIP / postal code"
                autoComplete="postal-code"
                required
                {...form.getInputProps('zip')}
              />
            </SimpleGrid>
          </>
        )}
        <CaptchaField onChange={setCaptcha} resetKey={captchaRound} error={captchaError} />
        <Button type="submit" loading={submit.isPending} disabled={captcha === ''} fullWidth>
          {kind === 'trial' ? 'Start free trial' : 'Pay and create account'}
        </Button>
        {captcha === '' && (
          <Text size="xs" c="dimmed" ta="center">
            Tick the box above first: your browser does a moment of work to show it is not a robot.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** /reseller/signup (and /rpcnew/signup): a free trial or a paid Bulk Reseller account. */
export function ResellerSignupPage() {
  const { productName } = usePublicConfig();
  const options = useQuery(signupOptionsQuery);
  const optionsFallback = useQueryFallback(options);
  return (
    <AuthFrame
      title="Create your account"
      subtitle={`${productName} Bulk Reseller: users, computers and billing in one place`}
      width={560}
      after={
        <Group justify="center" mt="md">
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.resellerLogin} fw={600} underline="always">
              Sign in
            </Anchor>
          </Text>
        </Group>
      }
    >
      {options.data === undefined ? optionsFallback : <SignupForm options={options.data} />}
    </AuthFrame>
  );
}
