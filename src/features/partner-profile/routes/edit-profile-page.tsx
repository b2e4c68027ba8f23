import {
  Card,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import type { ProfileUpdate } from '../../../domain/api/partner-account';
import type { PartnerUserInfo } from '../../../domain/api/session';
import { PHONE_EXAMPLE, rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { clearSignedIn } from '../../../lib/session/signed-in';
import { useRuleForm } from '../../../ui/form-rule-form';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { showServerError } from '../../../ui/form-server-error';
import { toastOk } from '../api/errors';
import {
  useCancelAccount,
  useCountryList,
  usePartnerProfile,
  useStateList,
  useUpdateProfile,
} from '../api/profile';
import { PasswordConfirmForm } from '../../../ui/password-confirm-form';
import { ServerActionButton } from '../../../ui/server-action-button';

const fields = [
  'companyName',
  'dbaname',
  'contactPerson',
  'emailId',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phoneNumber',
  'paypalEmailId',
  'currentPassword',
] as const;

const optional = (rule: (value: string) => string | null) => (value: string) =>
  value.trim() === '' ? null : rule(value);

function ProfileForm({ info }: { info: PartnerUserInfo }) {
  const p = info.rpcPartnerInfo;
  const update = useUpdateProfile();
  const countries = useCountryList();
  const form = useRuleForm<ProfileUpdate>({
    initialValues: {
      companyName: p.companyName,
      dbaname: p.dbaname,
      contactPerson: p.contactPerson,
      emailId: p.emailId,
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      state: p.state,
      zip: p.zip,
      country: p.country,
      phoneNumber: p.phoneNumber,
      paypalEmailId: p.paypalEmailId,
      currentPassword: '',
    },
    rules: {
      companyName: optional(rules.companyName),
      dbaname: rules.dbaName,
      contactPerson: optional(rules.fullName),
      emailId: optional(rules.email),
      address1: optional(rules.addressLine1),
      address2: rules.streetAddressLine2,
      city: optional(rules.city),
      state: optional(rules.partnerState),
      zip: optional(rules.partnerZip),
      phoneNumber: rules.optionalPhone,
      paypalEmailId: rules.paypalEmail,
    },
  });
  const states = useStateList(form.values.country);
  const differs = (value: string, current: string) =>
    value.trim() !== '' && value.trim().toLowerCase() !== current.toLowerCase();
  const changesCredentials =
    differs(form.values.emailId, p.emailId) || differs(form.values.paypalEmailId, p.paypalEmailId);
  const stateList = states.data ?? [];
  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: (answer) => {
        toastOk(answer.message);
        // The sign-in address stays as it is until its link is followed.
        form.setFieldValue('emailId', p.emailId);
        form.setFieldValue('currentPassword', '');
      },
      onError: (error) => {
        showServerError(error, form.setFieldError, fields);
      },
    });
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label="Profile">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Partner ID {p.partnerId}. A field left empty keeps its current value.
          </Text>
          <TextInput label="Company name" {...form.getInputProps('companyName')} />
          <TextInput label="DBA name" {...form.getInputProps('dbaname')} />
          <TextInput label="Contact person" {...form.getInputProps('contactPerson')} />
          <TextInput label="Email" type="email" {...form.getInputProps('emailId')} />
          <TextInput
            label="PayPal email (for payouts)"
            type="email"
            {...form.getInputProps('paypalEmailId')}
          />
          <TextInput label="Address Line 1" {...form.getInputProps('address1')} />
          <TextInput label="Address Line 2" {...form.getInputProps('address2')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Country"
              searchable
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
                data={stateList}
                {...form.getInputProps('state')}
                onChange={(value: string | null) => {
                  form.setFieldValue('state', value ?? '');
                }}
              />
            ) : (
              <TextInput label="State/Province/Region" {...form.getInputProps('state')} />
            )}
            <TextInput label="City" {...form.getInputProps('city')} />
            <TextInput label="ZIP Code" {...form.getInputProps('zip')} />
          </SimpleGrid>
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder={PHONE_EXAMPLE}
            {...form.getInputProps('phoneNumber')}
          />
          {changesCredentials ? (
            <PasswordInput
              label="Current password"
              description="Needed to change your email or PayPal email. A new email is used once you open the link we send to it."
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
          ) : null}
          <ServerActionButton type="submit" loading={update.isPending} w="fit-content">
            Save profile
          </ServerActionButton>
        </Stack>
      </form>
    </Card>
  );
}

function CancelAccountForm({ onClose }: { onClose: () => void }) {
  const cancel = useCancelAccount();
  const [error, setError] = useState<string | null>(null);
  const confirm = (password: string) => {
    const problem = rules.password(password);
    if (problem) {
      setError(problem);
      return;
    }
    cancel.mutate(password, {
      onSuccess: (answer) => {
        toastOk(answer.message);
        clearSignedIn('partner');
        window.location.assign('/partner/');
      },
      onError: (failure) => {
        showServerError(
          failure,
          (_field, message) => {
            setError(message);
          },
          ['password'],
        );
      },
    });
  };
  return (
    <PasswordConfirmForm
      label="Cancel account"
      isPending={cancel.isPending}
      error={error}
      onErrorClear={() => setError(null)}
      onConfirm={confirm}
      onKeep={onClose}
    />
  );
}

function CancelAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cancel-title">
      <Title order={2} size="h4" id="cancel-title">
        Cancel partner account
      </Title>
      <Text size="sm" c="dimmed" my="sm">
        Your tracking links stop working and you can no longer sign in. Commissions already approved
        are still paid.
      </Text>
      <ServerActionButton color="red.9" variant="outline" onClick={open}>
        Cancel account
      </ServerActionButton>
      <Modal opened={opened} onClose={close} title="Cancel your partner account?" centered>
        {opened ? <CancelAccountForm onClose={close} /> : null}
      </Modal>
    </Card>
  );
}

/** /partner/editprofile (EDIT_PROFILE): the profile, and cancellation. */
export function EditProfilePage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Edit profile | ${productName} Partner`);
  const info = usePartnerProfile();
  const fallback = useQueryFallback(info, <PageLoader label="Loading your profile" />);
  if (info.data === undefined) return fallback;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Edit profile</Title>
      <ProfileForm info={info.data} />
      <CancelAccount />
    </Stack>
  );
}
