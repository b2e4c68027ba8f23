import {
  Alert,
  Card,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, type Plan, type Term } from '../../../domain/api/billing';
import { formatCardSummary, formatTaxLine } from '../../../domain/formats';
import { formatDisplayDate } from '../../../domain/dates';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useContinueUpgrade } from '../api/continue-upgrade';
import { useProratedAmount } from '../api/prorated-amount';
import { useUpgradeDetails } from '../api/upgrade-details';
import { CardFields, emptyCard, validateCard, type CardValues } from '../../../ui/card-fields';
import { ServerActionButton } from '../../../ui/server-action-button';

type Payment = 'onFile' | 'newCard' | 'invoice';

const priceFor = (plan: Plan, term: Term) =>
  formatMoney(term === 'year' ? plan.yearlyPriceMinor : plan.monthlyPriceMinor, plan.currency);

function Preview({ planCode, term }: { planCode: string; term: Term }) {
  const amount = useProratedAmount(planCode, term);
  const pending = useQueryFallback(
    amount,
    <Skeleton height={96} aria-label="Calculating the amount" />,
  );
  if (!planCode) return <Text c="dimmed">Choose a plan to see the amount.</Text>;
  if (amount.isPending) return pending;
  if (amount.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert">
        {isApiError(amount.error) ? amount.error.message : GENERIC_ERROR_TEXT}
      </Alert>
    );
  }
  const data = amount.data;
  const money = (minor: number) => formatMoney(minor, data.currency);
  return (
    <Stack gap={4} aria-live="polite" data-testid="upgrade-preview">
      <Text size="sm">
        {data.isNewTerm
          ? `A new ${data.term === 'year' ? 'yearly' : 'monthly'} term until ${formatDisplayDate(data.periodEnd)}.`
          : `Prorated for the ${String(data.remainingDays)} of ${String(data.totalDays)} days left in your term.`}
      </Text>
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text>{money(data.subtotalMinor)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>{formatTaxLine(data.taxLabel, data.rateBp)}</Text>
        <Text>{money(data.taxMinor)}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>Total due now</Text>
        <Text fw={700}>{money(data.totalMinor)}</Text>
      </Group>
    </Stack>
  );
}

/** /account/upgrade: choose a higher plan, see the prorated amount with tax, pay by card or invoice. */
export function UpgradePage() {
  useDocumentTitle('Upgrade');
  const navigate = useNavigate();
  const details = useUpgradeDetails();
  const upgrade = useContinueUpgrade();
  const [planCode, setPlanCode] = useState('');
  const [chosenTerm, setTerm] = useState<Term | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const detailsFallback = useQueryFallback(details, <PageLoader label="Loading plans" />);
  const cardForm = useForm<CardValues>({
    mode: 'uncontrolled',
    initialValues: emptyCard,
    validate: (values) => validateCard(values),
  });

  if (details.data === undefined) return detailsFallback;
  const data = details.data;
  const term: Term = chosenTerm ?? (data.isTrial ? 'year' : data.term);
  const method: Payment = payment ?? (data.card ? 'onFile' : 'newCard');
  const canChooseTerm = data.isTrial || data.term === 'month';

  const submit = () => {
    if (upgrade.isPending || !planCode) return;
    if (method === 'newCard' && cardForm.validate().hasErrors) return;
    const values = cardForm.getValues();
    upgrade.mutate(
      {
        planCode,
        term,
        payment: method === 'invoice' ? 'invoice' : 'card',
        card:
          method === 'newCard'
            ? {
                cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
                cvv: values.cvv.trim(),
                expMonth: values.expMonth,
                expYear: values.expYear,
                holder: values.holder.trim(),
              }
            : undefined,
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.text, autoClose: 5000 });
          void navigate(`/invoice/${result.invoiceId}`);
        },
        onError: (error) => {
          if (isApiError(error) && error.field && error.field in values) {
            cardForm.setFieldError(error.field, error.message);
          }
        },
      },
    );
  };
  const failure = upgrade.error
    ? isApiError(upgrade.error)
      ? upgrade.error.message
      : GENERIC_ERROR_TEXT
    : '';

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2} size="h1">
        Upgrade
      </Title>
      <Card withBorder padding="lg" component="section" aria-labelledby="current-title">
        <Title order={3} id="current-title" mb="xs">
          Current plan
        </Title>
        {data.currentPlan ? (
          <Text>
            {data.currentPlan.name}: {data.currentPlan.computers} computers,{' '}
            {data.currentPlan.users} users, {priceFor(data.currentPlan, data.term)} a {data.term}.
            The term ends {formatDisplayDate(data.endDate)}.
          </Text>
        ) : (
          <Text>Free trial. Choose a plan to keep using the service.</Text>
        )}
      </Card>
      {canChooseTerm && (
        <div>
          <Text id="term-label" fw={600} mb={4}>
            Billing term
          </Text>
          <SegmentedControl
            aria-labelledby="term-label"
            value={term}
            onChange={(value) => setTerm(value)}
            data={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: 'Yearly' },
            ]}
          />
        </div>
      )}
      <Radio.Group label="Plan" value={planCode} onChange={setPlanCode}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
          {data.options.map((plan) => (
            <Radio.Card key={plan.code} value={plan.code} p="md" radius="md" aria-label={plan.name}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={700}>{plan.name}</Text>
                  <Text size="sm">
                    {plan.computers} computers, {plan.users} users
                  </Text>
                  <Text size="sm">
                    {priceFor(plan, term)} a {term}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Card withBorder padding="lg" component="section" aria-labelledby="amount-title">
        <Title order={3} id="amount-title" mb="sm">
          Amount
        </Title>
        <Preview planCode={planCode} term={term} />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="payment-title">
        <Stack gap="sm">
          <Title order={3} id="payment-title">
            Payment
          </Title>
          <Radio.Group
            aria-labelledby="payment-title"
            value={method}
            onChange={(value) => setPayment(value)}
          >
            <Stack gap="xs">
              {data.card && (
                <Radio
                  value="onFile"
                  label={`Card on file: ${formatCardSummary(data.card.brand, data.card.last4)}`}
                />
              )}
              <Radio value="newCard" label="A new credit card" />
              {!data.isTrial && <Radio value="invoice" label="Pay by invoice (due in 30 days)" />}
            </Stack>
          </Radio.Group>
          {method === 'newCard' && (
            <Stack gap="sm" maw={520}>
              <CardFields form={cardForm} />
            </Stack>
          )}
          {failure && (
            <Alert color="red.9" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <ServerActionButton onClick={submit} loading={upgrade.isPending} disabled={!planCode}>
              {method === 'invoice' ? 'Upgrade and send invoice' : 'Pay and upgrade'}
            </ServerActionButton>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
