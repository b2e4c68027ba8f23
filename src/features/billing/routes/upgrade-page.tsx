import {
  Alert,
  Badge,
  Card,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Plan, Term, UpgradeDetails } from '../../../domain/api/billing';
import { formatCardSummary, formatMoney } from '../../../domain/formats';
import { formatDisplayDate } from '../../../domain/dates';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useContinueUpgrade } from '../api/continue-upgrade';
import { useUpgradeDetails } from '../api/upgrade-details';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { showServerFieldError } from '../../../ui/form-server-error';
import { CardFields, emptyCard, validateCard, type CardValues } from '../../../ui/card-fields';
import { ServerActionButton } from '../../../ui/server-action-button';
import { UpgradePreview } from '../components/upgrade-preview';
import { UpgradeReviewModal, type UpgradeReview } from '../components/upgrade-review-modal';

type Payment = 'onFile' | 'newCard' | 'invoice';

const priceFor = (plan: Plan, term: Term) =>
  formatMoney(term === 'year' ? plan.yearlyPriceMinor : plan.monthlyPriceMinor, plan.currency);

/** The words for how an upgrade is paid, shown in the review step. */
function paymentText(method: Payment, card: UpgradeDetails['card'], newCardNumber: string) {
  if (method === 'invoice') return 'Invoice, due in 30 days';
  if (method === 'onFile' && card) return formatCardSummary(card.brand, card.last4);
  const digits = newCardNumber.replace(/\D/g, '');
  return `New card ending in ${digits.slice(-4)}`;
}

/**
 * /account/upgrade: choose a higher plan (the current one is marked, and chosen only to change
 * its term), see the prorated amount with tax, then review plan, amount and payment before paying.
 */
export function UpgradePage() {
  useDocumentTitle('Upgrade');
  const navigate = useNavigate();
  const details = useUpgradeDetails();
  const upgrade = useContinueUpgrade();
  const [planCode, choosePlan] = useState('');
  const [chosenTerm, setTerm] = useState<Term | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [review, setReview] = useState<UpgradeReview | null>(null);
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
  const currentCode = data.currentPlan?.code;
  // The current plan on its current term is what the account already has.
  const isCurrent = (plan: Plan, onTerm: Term) => plan.code === currentCode && onTerm === data.term;
  const chosen = data.options.find((plan) => plan.code === planCode && !isCurrent(plan, term));
  // A new choice starts clean: an old refusal does not linger next to it.
  const change = (apply: () => void) => {
    upgrade.reset();
    apply();
  };

  const startReview = () => {
    if (!chosen) return;
    if (method === 'newCard' && cardForm.validate().hasErrors) {
      focusFirstInvalid(document.getElementById('payment-section'));
      return;
    }
    upgrade.reset();
    setReview({
      plan: chosen,
      term,
      paymentText: paymentText(method, data.card, cardForm.getValues().cardNumber),
      isInvoice: method === 'invoice',
      isNewCard: method === 'newCard',
    });
  };

  // What the review showed is what is paid for, even if the plans refresh meanwhile.
  const submit = () => {
    if (!review) return;
    const { plan } = review;
    const values = cardForm.getValues();
    upgrade.mutate(
      {
        planCode: plan.code,
        term: review.term,
        payment: review.isInvoice ? 'invoice' : 'card',
        card: review.isNewCard
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
          setReview(null);
          // An earlier submission (another tab, a retried request) already made this change:
          // show its outcome, the plan in force and its invoice, not a refusal.
          if (isApiError(error) && error.description === 'PLAN_ALREADY_SUBSCRIBED') {
            notifications.show({
              color: 'teal',
              message: `Your account is already on ${plan.name}: an earlier request upgraded it.`,
              autoClose: 5000,
            });
            void navigate('/invoice');
            return;
          }
          showServerFieldError(cardForm, error);
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
            onChange={(value) => change(() => setTerm(value))}
            data={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: 'Yearly' },
            ]}
          />
        </div>
      )}
      <Radio.Group
        label="Plan"
        value={chosen ? planCode : ''}
        onChange={(value) => change(() => choosePlan(value))}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
          {data.options.map((plan) => {
            const isYours = isCurrent(plan, term);
            return (
              <Radio.Card
                key={plan.code}
                value={plan.code}
                p="md"
                radius="md"
                aria-label={isYours ? `${plan.name} (your current plan)` : plan.name}
                disabled={isYours}
                opacity={isYours ? 0.75 : 1}
              >
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator disabled={isYours} />
                  <div>
                    <Group gap="xs">
                      <Text fw={700}>{plan.name}</Text>
                      {plan.code === currentCode && (
                        <Badge variant="light" size="sm">
                          Current plan
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">
                      {plan.computers} computers, {plan.users} users
                    </Text>
                    <Text size="sm">
                      {priceFor(plan, term)} a {term}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <Card withBorder padding="lg" component="section" aria-labelledby="amount-title">
        <Title order={3} id="amount-title" mb="sm">
          Amount
        </Title>
        <UpgradePreview planCode={chosen?.code ?? ''} term={term} />
      </Card>
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby="payment-title"
        id="payment-section"
      >
        <Stack gap="sm">
          <Title order={3} id="payment-title">
            Payment
          </Title>
          <Radio.Group
            aria-labelledby="payment-title"
            value={method}
            onChange={(value) => change(() => setPayment(value))}
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
            <ServerActionButton onClick={startReview} disabled={!chosen}>
              Review upgrade
            </ServerActionButton>
          </Group>
        </Stack>
      </Card>
      <UpgradeReviewModal
        review={review}
        isPending={upgrade.isPending}
        onConfirm={submit}
        onClose={() => setReview(null)}
      />
    </Stack>
  );
}
