import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  hearAboutOptions,
  partnerAccountMessages,
  partnerTypes,
  signupFormProblems,
  type PartnerSignupStart,
} from '../../../domain/api/partner-account';
import { PHONE_EXAMPLE, rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { AppFooter } from '../../../ui/app-footer';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useCountries, useStates } from '../api/geo';
import { useSignupContinue, useSignupStart } from '../api/signup';
import { showServerError } from '../../../ui/form-server-error';

const startFields = ['partnerId', 'emailId', 'password', 'confirmPassword'] as const;
const detailFields = [
  'companyName',
  'dbaname',
  'contactPerson',
  'paypalEmailId',
  'address1',
  'address2',
  'city',
  'country',
  'state',
  'zip',
  'phoneNumber',
  'partnerType',
  'hearAbout',
  'referal_others',
] as const;

const DEFAULT_COUNTRY = 'United States of America';

function StartStep({ onDone }: { onDone: (values: PartnerSignupStart) => void }) {
  const start = useSignupStart();
  const form = useRuleForm({
    initialValues: { partnerId: '', emailId: '', password: '', confirmPassword: '' },
    rules: {
      partnerId: rules.partnerId,
      emailId: rules.email,
      password: rules.password,
      confirmPassword: rules.confirmPassword,
    },
  });
  const submit = form.onSubmit((values) => {
    const [problem] = signupFormProblems({ ...values, hearAbout: '', referal_others: '' });
    if (problem) {
      form.setFieldError(problem.field, problem.message);
      return;
    }
    start.mutate(values, {
      onSuccess: () => {
        onDone(values);
      },
      onError: (error) => {
        showServerError(error, form.setFieldError, startFields);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Partner ID and password">
      <Stack gap="sm">
        <TextInput
          label="Partner ID"
          description="4–50 characters: a-z, 0-9 and _"
          autoComplete="username"
          withAsterisk
          {...form.getInputProps('partnerId')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('emailId')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={start.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

function DetailsStep({ start, onBack }: { start: PartnerSignupStart; onBack: () => void }) {
  const navigate = useNavigate();
  const finish = useSignupContinue();
  const countries = useCountries();
  const form = useRuleForm({
    initialValues: {
      companyName: '',
      dbaname: '',
      contactPerson: '',
      paypalEmailId: '',
      address1: '',
      address2: '',
      city: '',
      country: DEFAULT_COUNTRY,
      state: '',
      zip: '',
      phoneNumber: '',
      partnerType: '',
      hearAbout: '',
      referal_others: '',
    },
    rules: {
      companyName: rules.companyName,
      dbaname: rules.dbaName,
      contactPerson: rules.fullName,
      paypalEmailId: rules.paypalEmail,
      address1: rules.addressLine1,
      address2: rules.streetAddressLine2,
      city: rules.city,
      country: (value) => (value.trim() === '' ? partnerAccountMessages.countryRequired : null),
      state: rules.partnerState,
      zip: rules.partnerZip,
      phoneNumber: rules.phone,
      partnerType: (value) => (value ? null : partnerAccountMessages.partnerTypeRequired),
      hearAbout: (value) => (value ? null : partnerAccountMessages.hearAboutRequired),
    },
  });
  const states = useStates(form.values.country);
  const stateList = states.data ?? [];
  const submit = form.onSubmit((values) => {
    const [problem] = signupFormProblems({ ...start, ...values });
    if (problem) {
      form.setFieldError(problem.field, problem.message);
      return;
    }
    finish.mutate(
      { ...start, ...values },
      {
        onSuccess: (answer) => {
          setProductType('partner');
          markSignedIn('partner');
          void navigate(answer.next);
        },
        onError: (error) => {
          showServerError(error, form.setFieldError, detailFields);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Company details">
      <Stack gap="sm">
        <TextInput label="Company name" withAsterisk {...form.getInputProps('companyName')} />
        <TextInput label="DBA name" {...form.getInputProps('dbaname')} />
        <TextInput
          label="Contact person"
          autoComplete="name"
          withAsterisk
          {...form.getInputProps('contactPerson')}
        />
        <TextInput
          label="PayPal email (for payouts)"
          type="email"
          {...form.getInputProps('paypalEmailId')}
        />
        <TextInput
          label="Address Line 1"
          autoComplete="address-line1"
          withAsterisk
          {...form.getInputProps('address1')}
        />
        <TextInput
          label="Address Line 2"
          autoComplete="address-line2"
          {...form.getInputProps('address2')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Country"
            searchable
            withAsterisk
            data={(countries.data ?? []).map((c) => c.name)}
            {...form.getInputProps('country')}
            onChange={(value: string | null) => {
              form.setFieldValue('country', value ?? '');
              form.setFieldValue('state', '');
            }}
          />
          {stateList.length > 0 ? (
            <Select
              label="State/Province/Region"
              searchable
              withAsterisk
              data={stateList}
              {...form.getInputProps('state')}
              onChange={(value: string | null) => {
                form.setFieldValue('state', value ?? '');
              }}
            />
          ) : (
            <TextInput
              label="State/Province/Region"
              withAsterisk
              {...form.getInputProps('state')}
            />
          )}
          <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
          <TextInput
            label="ZIP Code"
            autoComplete="postal-code"
            withAsterisk
            {...form.getInputProps('zip')}
          />
        </SimpleGrid>
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder={PHONE_EXAMPLE}
          withAsterisk
          {...form.getInputProps('phoneNumber')}
        />
        <Select
          label="Partner type"
          withAsterisk
          data={[...partnerTypes]}
          {...form.getInputProps('partnerType')}
        />
        <Select
          label="How did you hear about us?"
          withAsterisk
          data={hearAboutOptions.map((value) => ({
            value,
            label: value === 'others' ? 'Others' : value,
          }))}
          {...form.getInputProps('hearAbout')}
        />
        {form.values.hearAbout === 'others' && (
          <TextInput
            label="Where did you hear about us?"
            {...form.getInputProps('referal_others')}
          />
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={finish.isPending}>
            Create partner account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const SIGNUP_STEPS = ['Account', 'Company', 'W-9 form'] as const;

/** The three steps in one row: on a phone each label goes under its icon, or the row wraps. */
function SignupSteps({ active }: { active: number }) {
  const labelPosition = useMatches<'bottom' | 'right'>({ base: 'bottom', sm: 'right' });
  return (
    <Stepper
      active={active}
      size="sm"
      mb="lg"
      allowNextStepsSelect={false}
      labelPosition={labelPosition}
      wrap={false}
    >
      {SIGNUP_STEPS.map((label) => (
        <Stepper.Step key={label} label={label} />
      ))}
    </Stepper>
  );
}

/** /partner/signup (REGULAR_SIGNUP): Partner ID and password, then the company details. */
export function PartnerSignupPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Become a partner | ${productName}`);
  const [start, setStart] = useState<PartnerSignupStart | null>(null);
  return (
    <Container component="main" size={560} py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>Become a {productName} partner</Title>
          <Text c="dimmed">
            Already a partner?{' '}
            <Anchor href="/partner/" underline="always">
              Sign in
            </Anchor>
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg">
          <SignupSteps active={start ? 1 : 0} />
          {start ? (
            <DetailsStep
              start={start}
              onBack={() => {
                setStart(null);
              }}
            />
          ) : (
            <StartStep onDone={setStart} />
          )}
        </Card>
        <AppFooter />
      </Stack>
    </Container>
  );
}
