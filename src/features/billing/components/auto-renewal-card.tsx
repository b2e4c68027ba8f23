import { Card, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { notifications } from '@mantine/notifications';
import type { BillingInfo } from '../../../domain/api/billing';
import { formatDisplayDate } from '../../../domain/dates';
import { OFFLINE_ACTION_HINT, useIsOnline } from '../../../offline/online-status';
import { useEnableAutoRenewal, useUpdateRenewDetails } from '../api/auto-renewal';

/**
 * Auto-renewal: the switch, and while it is on, the renewal term and date. Turning it off asks
 * first (the subscription then ends with the term); with it off the card says when it ends.
 */
export function AutoRenewalCard({ info }: { info: BillingInfo }) {
  const enable = useEnableAutoRenewal();
  const term = useUpdateRenewDetails();
  // Not buttons, so not ServerActionButton: turned off offline, the switch saying why.
  const isOnline = useIsOnline();
  const notify = (result: { text: string }) =>
    notifications.show({ color: 'teal', message: result.text, autoClose: 5000 });
  const endDate = formatDisplayDate(info.endDate);

  const switchTo = (isOn: boolean) => {
    if (isOn) {
      enable.mutate(true, { onSuccess: notify });
      return;
    }
    openConfirmModal({
      title: 'Turn off auto-renewal?',
      children: (
        <Text size="sm">
          Your subscription will not renew. It ends on {endDate}, and your computers and users lose
          access then unless you turn auto-renewal back on or renew.
        </Text>
      ),
      labels: { confirm: 'Turn off auto-renewal', cancel: 'Keep it on' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => enable.mutate(false, { onSuccess: notify }),
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="renewal-title">
      <Stack gap="sm">
        <Title order={3} id="renewal-title">
          Auto-renewal
        </Title>
        <Switch
          label="Renew my subscription automatically"
          checked={info.autoRenew}
          disabled={enable.isPending || info.isTrial || !isOnline}
          description={isOnline ? undefined : OFFLINE_ACTION_HINT}
          onChange={(event) => switchTo(event.currentTarget.checked)}
        />
        {info.isTrial ? (
          <Text size="sm" c="dimmed">
            Auto-renewal starts with your first paid plan.
          </Text>
        ) : info.autoRenew ? (
          <>
            <Text size="sm" id="renew-term-label">
              Renew for
            </Text>
            <SegmentedControl
              aria-labelledby="renew-term-label"
              value={info.renewTerm}
              disabled={term.isPending || !isOnline}
              data={[
                { value: 'month', label: 'A month' },
                { value: 'year', label: 'A year' },
              ]}
              onChange={(value) => term.mutate(value, { onSuccess: notify })}
            />
            <Text size="sm" c="dimmed">
              Next renewal on {endDate}.
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Auto-renewal is off: your subscription ends on {endDate}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
