import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';
import type { BillingInfo } from '../../../domain/api/billing';
import { formatMoney, formatCardSummary, formatTaxLine } from '../../../domain/formats';
import { formatDisplayDate } from '../../../domain/dates';
import { messages } from '../../../domain/messages';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { DetailList } from '../../../ui/detail-list';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useBillingInfo } from '../api/billing-info';
import { usePayPendingCharge } from '../api/pay-pending';
import { AutoRenewalCard } from '../components/auto-renewal-card';
import { BillingAddressModal } from '../components/billing-address-modal';
import { TaxIdForm } from '../components/tax-id-form';
import { UpdateCardModal } from '../components/update-card-modal';
import { ServerActionButton } from '../../../ui/server-action-button';

function PendingCharges({ info }: { info: BillingInfo }) {
  const pay = usePayPendingCharge();
  if (info.pendingCharges.length === 0) return null;
  const isPastDue = info.pendingCharges.some((charge) => charge.isPastDue);
  const failure = pay.error ? (isApiError(pay.error) ? pay.error.message : GENERIC_ERROR_TEXT) : '';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="pending-title">
      <Stack gap="sm">
        <Title order={3} id="pending-title">
          Pending charges
        </Title>
        {isPastDue && (
          <Alert color="red.9" variant="light" role="alert">
            {messages['account.due.apply.charges']}
          </Alert>
        )}
        {info.pendingCharges.map((charge) => (
          <Group key={charge.id} justify="space-between" wrap="wrap">
            <Text>{charge.description}</Text>
            <Text fw={700}>{formatMoney(charge.amountMinor, charge.currency)}</Text>
            <Text size="sm" c="dimmed" w="100%">
              Due {formatDisplayDate(charge.dueAt)}
            </Text>
          </Group>
        ))}
        {failure && (
          <Alert color="red.9" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <ServerActionButton
            loading={pay.isPending}
            disabled={!info.card}
            onClick={() =>
              pay.mutate(undefined, {
                onSuccess: (result) =>
                  notifications.show({ color: 'teal', message: result.text, autoClose: 5000 }),
              })
            }
          >
            Pay {formatMoney(info.pendingTotalMinor, info.currency)} now
          </ServerActionButton>
          <Text size="sm" c="dimmed">
            Charged to the card on file. A declined card? Update the card first.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** /account/billingInfo: pending charges, card on file, billing address, tax and renewal. */
export function BillingInfoPage() {
  useDocumentTitle('Billing information');
  const billing = useBillingInfo();
  const [isCardOpen, card] = useDisclosure(false);
  const [isAddressOpen, address] = useDisclosure(false);
  const fallback = useQueryFallback(billing, <PageLoader label="Loading billing information" />);
  if (billing.data === undefined) return fallback;
  const info = billing.data;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h1">
          Billing information
        </Title>
        <Group gap="md">
          <Anchor component={Link} to="/invoice">
            Invoices
          </Anchor>
          <Anchor component={Link} to="/transactions/preview">
            Transactions
          </Anchor>
          <Anchor component={Link} to="/account/upgrade">
            Upgrade
          </Anchor>
        </Group>
      </Group>
      <PendingCharges info={info} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="card-title">
          <Stack gap="sm">
            <Title order={3} id="card-title">
              Credit card
            </Title>
            {info.card ? (
              <DetailList
                items={[
                  { label: 'Card', value: formatCardSummary(info.card.brand, info.card.last4) },
                  {
                    label: 'Expires',
                    value: `${String(info.card.expMonth).padStart(2, '0')}/${String(info.card.expYear)}`,
                  },
                ]}
              />
            ) : (
              <Text>No card on file.</Text>
            )}
            <Group>
              <ServerActionButton variant="default" onClick={card.open}>
                {info.card ? 'Update card' : 'Add card'}
              </ServerActionButton>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="address-title">
          <Stack gap="sm">
            <Title order={3} id="address-title">
              Billing address
            </Title>
            <DetailList
              items={[
                { label: 'Company', value: info.companyName },
                { label: 'Address', value: info.address1 || '—' },
                {
                  label: 'City, state, zip',
                  value: [info.city, info.state, info.zip].filter(Boolean).join(', ') || '—',
                },
                { label: 'Country', value: info.countryName },
              ]}
            />
            <Group>
              <ServerActionButton variant="default" onClick={address.open}>
                Edit address
              </ServerActionButton>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="plan-title">
          <Title order={3} id="plan-title" mb="sm">
            Plan
          </Title>
          <DetailList
            items={[
              { label: 'Plan', value: info.plan ? info.plan.name : 'Free trial' },
              {
                label: 'Price',
                value: info.plan
                  ? `${formatMoney(info.term === 'year' ? info.plan.yearlyPriceMinor : info.plan.monthlyPriceMinor, info.plan.currency)} a ${info.term}`
                  : '—',
              },
              { label: 'Current term ends', value: formatDisplayDate(info.endDate) },
            ]}
          />
        </Card>
        <AutoRenewalCard info={info} />
        <Card withBorder padding="lg" component="section" aria-labelledby="tax-title">
          <Stack gap="sm">
            <Title order={3} id="tax-title">
              Tax
            </Title>
            <Text>{info.tax.type ? formatTaxLine(info.tax.label, info.tax.rateBp) : 'None'}</Text>
            {(info.tax.type === 'vat' || info.tax.type === 'gst') && <TaxIdForm info={info} />}
          </Stack>
        </Card>
      </SimpleGrid>
      <UpdateCardModal info={info} opened={isCardOpen} onClose={card.close} />
      <BillingAddressModal
        key={`${info.address1}|${info.zip}|${info.country}`}
        info={info}
        opened={isAddressOpen}
        onClose={address.close}
      />
    </Stack>
  );
}
