import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  partnerAccountMessages,
  taxClassifications,
  w9FormProblems,
  type W9Form,
  type W9Preview,
} from '../../../domain/api/partner-account';
import type { PartnerUserInfo } from '../../../domain/api/session';
import { rules } from '../../../domain/validation';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { DetailList } from '../../../ui/detail-list';
import { useRuleForm } from '../../../ui/form-rule-form';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { usePartnerInfo, useW9Preview, useW9Save } from '../api/w9';
import { showServerError } from '../../../ui/form-server-error';
import { ServerActionButton } from '../../../ui/server-action-button';

const fields = [
  'companyNameW9',
  'dbanameW9',
  'federalTaxClassification',
  'federalTaxClassificationDetails',
  'address1W9',
  'address2W9',
  'requestersNameAddress',
  'tinType',
  'tin',
  'signature',
  'w9Date',
] as const;

const today = () => {
  const d = new Date();
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const classificationLabel = (value: string) =>
  taxClassifications.find((c) => c.value === value)?.label ?? value;

function initialValues(info: PartnerUserInfo): W9Form {
  const p = info.rpcPartnerInfo;
  return {
    companyNameW9: p.companyNameW9 || p.companyName,
    dbanameW9: p.dbanameW9 || p.dbaname,
    federalTaxClassification: p.federalTaxClassification,
    federalTaxClassificationDetails: p.federalTaxClassificationDetails,
    address1W9: p.address1W9 || p.address1,
    address2W9: p.address2W9 || `${p.city}, ${p.state} ${p.zip}`.trim(),
    requestersNameAddress: p.requestersNameAddress,
    tinType: p.ein ? 'ein' : p.ssn ? 'ssn' : '',
    tin: '',
    signature: p.signature || p.contactPerson,
    w9Date: today(),
  };
}

function W9FormCard({ info, isSignup }: { info: PartnerUserInfo; isSignup: boolean }) {
  const navigate = useNavigate();
  const preview = useW9Preview();
  const save = useW9Save();
  const [review, setReview] = useState<{ form: W9Form; preview: W9Preview } | null>(null);
  const form = useRuleForm<W9Form>({
    initialValues: initialValues(info),
    rules: {
      companyNameW9: (v) =>
        v.trim() === '' ? partnerAccountMessages.w9NameRequired : rules.companyName(v),
      dbanameW9: rules.dbaName,
      federalTaxClassification: (v) => (v ? null : partnerAccountMessages.classificationRequired),
      address1W9: (v) =>
        v.trim() === '' ? partnerAccountMessages.w9AddressRequired : rules.addressLine1(v),
      address2W9: (v) =>
        v.trim() === '' ? partnerAccountMessages.w9CityStateZipRequired : rules.address(v),
      signature: (v) =>
        v.trim() === '' ? partnerAccountMessages.signatureRequired : rules.fullName(v),
    },
  });
  const current = info.rpcPartnerInfo.ein || info.rpcPartnerInfo.ssn;

  const submit = form.onSubmit((values) => {
    const [problem] = w9FormProblems(values, today());
    if (problem) {
      form.setFieldError(problem.field, problem.message);
      return;
    }
    preview.mutate(values, {
      onSuccess: (answer) => {
        setReview({ form: values, preview: answer });
      },
      onError: (error) => {
        showServerError(error, form.setFieldError, fields);
      },
    });
  });

  if (review) {
    const p = review.preview;
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="review-title">
        <Title order={2} size="h3" id="review-title" mb="sm">
          Check your W-9 form
        </Title>
        <DetailList
          items={[
            { label: 'Name', value: p.companyNameW9 },
            { label: 'Business name / DBA', value: p.dbanameW9 || '—' },
            {
              label: 'Federal tax classification',
              value: `${classificationLabel(p.federalTaxClassification)}${p.federalTaxClassificationDetails ? ` (${p.federalTaxClassificationDetails})` : ''}`,
            },
            { label: 'Address', value: `${p.address1W9}, ${p.address2W9}` },
            { label: "Requester's name and address", value: p.requestersNameAddress || '—' },
            { label: p.tinType === 'ssn' ? 'SSN' : 'EIN', value: p.maskedTin },
            { label: 'Signature', value: p.signature },
            { label: 'Date', value: p.w9Date },
          ]}
        />
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              setReview(null);
            }}
          >
            Edit
          </Button>
          <ServerActionButton
            loading={save.isPending}
            onClick={() => {
              save.mutate(review.form, {
                onSuccess: (answer) => {
                  notifications.show({ color: 'teal', message: answer.message });
                  void navigate(answer.next);
                },
                onError: (error) => {
                  setReview(null);
                  showServerError(error, form.setFieldError, fields);
                },
              });
            }}
          >
            Confirm and submit
          </ServerActionButton>
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label="W-9 form">
        <Stack gap="sm">
          {isSignup && (
            <Text size="sm" c="dimmed">
              We need your W-9 before we can review your application.
            </Text>
          )}
          <TextInput
            label="Name (as shown on your income tax return)"
            withAsterisk
            {...form.getInputProps('companyNameW9')}
          />
          <TextInput
            label="Business name / disregarded entity name (DBA)"
            {...form.getInputProps('dbanameW9')}
          />
          <Select
            label="Federal tax classification"
            withAsterisk
            data={taxClassifications.map((c) => ({ value: c.value, label: c.label }))}
            {...form.getInputProps('federalTaxClassification')}
          />
          {form.values.federalTaxClassification === 'LLC' && (
            <TextInput
              label="LLC tax classification (C, S or P)"
              withAsterisk
              {...form.getInputProps('federalTaxClassificationDetails')}
            />
          )}
          {form.values.federalTaxClassification === 'OTHER' && (
            <TextInput
              label="Other classification"
              withAsterisk
              {...form.getInputProps('federalTaxClassificationDetails')}
            />
          )}
          <TextInput
            label="Address (number, street, and apt. or suite no.)"
            withAsterisk
            {...form.getInputProps('address1W9')}
          />
          <TextInput
            label="City, state, and ZIP code"
            withAsterisk
            {...form.getInputProps('address2W9')}
          />
          <TextInput
            label="Requester's name and address (optional)"
            {...form.getInputProps('requestersNameAddress')}
          />
          <Radio.Group
            label="Taxpayer identification number"
            withAsterisk
            {...form.getInputProps('tinType')}
          >
            <Group mt={4}>
              <Radio value="ssn" label="Social security number (SSN)" />
              <Radio value="ein" label="Employer identification number (EIN)" />
            </Group>
          </Radio.Group>
          <TextInput
            label={form.values.tinType === 'ssn' ? 'SSN' : 'EIN'}
            description={
              current
                ? `On file: ${current}. Enter the full number again to file a new form.`
                : 'Stored encrypted; only the last four digits are ever shown.'
            }
            autoComplete="off"
            inputMode="numeric"
            withAsterisk
            {...form.getInputProps('tin')}
          />
          <TextInput
            label="Signature (type your full name)"
            withAsterisk
            {...form.getInputProps('signature')}
          />
          <TextInput label="Date" type="date" withAsterisk {...form.getInputProps('w9Date')} />
          <ServerActionButton type="submit" loading={preview.isPending}>
            Review
          </ServerActionButton>
        </Stack>
      </form>
    </Card>
  );
}

function W9Page({ isSignup }: { isSignup: boolean }) {
  const { productName } = usePublicConfig();
  useDocumentTitle(`W-9 form | ${productName} Partner`);
  const info = usePartnerInfo();
  const fallback = useQueryFallback(info, <PageLoader label="Loading your W-9 form" />);
  if (info.data === undefined) return fallback;
  const status = info.data.rpcPartnerInfo.accountStatus;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>W-9 tax form</Title>
      {status === 'CANCELLED' ? (
        <Alert color="red.9" role="alert">
          {partnerAccountMessages.w9NotAllowed}
        </Alert>
      ) : (
        <W9FormCard info={info.data} isSignup={isSignup} />
      )}
    </Stack>
  );
}

/** /partner/SignUp/W9Form: the W-9 as the last step of signup. */
export const SignupW9Page = () => <W9Page isSignup />;
/** /partner/W9Form: the W-9 later, from the partner's menu. */
export const PartnerW9Page = () => <W9Page isSignup={false} />;
