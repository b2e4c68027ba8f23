import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Plan, Term } from '../../../domain/api/billing';
import { DetailList } from '../../../ui/detail-list';
import { ServerActionButton } from '../../../ui/server-action-button';
import { UpgradePreview } from './upgrade-preview';

export interface UpgradeReview {
  plan: Plan;
  term: Term;
  /** How it is paid, in words: "Visa ending in 4242", "Invoice, due in 30 days". */
  paymentText: string;
  isInvoice: boolean;
  isNewCard: boolean;
}

/**
 * The last step before money moves: plan, term, the prorated amount with its tax, and how it is
 * paid, with one button that charges (loading while the call runs, so it cannot be sent twice).
 */
export function UpgradeReviewModal({
  review,
  isPending,
  onConfirm,
  onClose,
}: {
  review: UpgradeReview | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={review !== null}
      onClose={isPending ? () => undefined : onClose}
      title="Review your upgrade"
      size="md"
      centered
    >
      {review && (
        <Stack gap="md">
          <DetailList
            items={[
              { label: 'Plan', value: review.plan.name },
              {
                label: 'Includes',
                value: `${String(review.plan.computers)} computers, ${String(review.plan.users)} users`,
              },
              { label: 'Billing term', value: review.term === 'year' ? 'Yearly' : 'Monthly' },
              { label: 'Payment', value: review.paymentText },
            ]}
          />
          <UpgradePreview planCode={review.plan.code} term={review.term} />
          {review.isInvoice && (
            <Text size="sm" c="dimmed">
              The plan changes now; the invoice is e-mailed and due in 30 days.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              Back
            </Button>
            <ServerActionButton onClick={onConfirm} loading={isPending} data-autofocus>
              {review.isInvoice ? 'Upgrade and send invoice' : 'Pay and upgrade'}
            </ServerActionButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
