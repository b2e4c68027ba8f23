import { Badge, Card, Group, Title } from '@mantine/core';
import type { ResellerUserInfo } from '../../../domain/api/session';
import { SUBSCRIPTION_TYPE_FREE_TRIAL } from '../../../domain/constants';
import { formatDisplayDate } from '../../../domain/dates';
import { DetailList, type DetailItem } from '../../../ui/detail-list';
import { accountStatusLabel, subscriptionTypeLabel } from './account-labels';

function trialDaysText(daysLeft: string): string {
  return daysLeft === '1' ? '1 day' : `${daysLeft} days`;
}

/** Plan, subscription kind, trial days, account status and the subscription period. */
export function PlanCard({ info, isExpired }: { info: ResellerUserInfo; isExpired: boolean }) {
  const { subscription_info: subscription } = info;
  const isTrial = subscription.type === SUBSCRIPTION_TYPE_FREE_TRIAL;
  const items: DetailItem[] = [
    { label: 'Plan', value: subscription.plan_name },
    { label: 'Subscription', value: subscriptionTypeLabel(subscription.type) },
    ...(isTrial
      ? [{ label: 'Trial days left', value: trialDaysText(subscription.trialDaysLeft || '0') }]
      : []),
    { label: 'Account status', value: accountStatusLabel(info.account_status) },
    { label: 'Start date', value: formatDisplayDate(info.startDate) || '—' },
    { label: isTrial ? 'Trial ends' : 'End date', value: formatDisplayDate(info.endDate) || '—' },
  ];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="plan-title">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="plan-title">
          Your plan
        </Title>
        {isTrial && (
          <Badge color={isExpired ? 'red' : 'blue'} variant="light">
            {isExpired ? 'Trial expired' : 'Free trial'}
          </Badge>
        )}
      </Group>
      <DetailList items={items} />
    </Card>
  );
}
