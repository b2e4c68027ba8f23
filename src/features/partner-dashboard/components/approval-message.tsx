import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { PartnerUserInfo } from '../../../domain/api/session';
import { paths } from '../../../lib/paths';

interface Message {
  title: string;
  color: string;
  missing: string;
  next: string[];
}

function messageFor(info: PartnerUserInfo, supportEmail: string): Message {
  const partner = info.rpcPartnerInfo;
  const email = partner.emailId;
  switch (partner.accountStatus) {
    case 'W9_PENDING':
      return {
        title: 'Your W-9 tax form is missing',
        color: 'orange',
        missing: 'Your signed W-9 tax form. We can only review your application once we have it.',
        next: [
          'Fill in and sign the W-9 tax form.',
          `Our partner team then reviews your application and e-mails you at ${email}.`,
          `Need help? Write to ${supportEmail}.`,
        ],
      };
    case 'APPROVAL_PENDING':
      return {
        title: 'Your application is being reviewed',
        color: 'blue',
        missing: 'Nothing. We have your application and your W-9 tax form.',
        next: [
          `Our partner team reviews your application and e-mails you at ${email} with the decision.`,
          'Once you are approved, signing in takes you to your dashboard with your four tracking links.',
          `Questions in the meantime? Write to ${supportEmail}.`,
        ],
      };
    case 'REJECTED':
      return {
        title: 'Your application was not approved',
        color: 'red',
        missing: partner.rejectionReason || 'No reason was recorded for this decision.',
        next: [
          `If your details have changed or you think this is a mistake, write to ${supportEmail}.`,
        ],
      };
    case 'CANCELLED':
      return {
        title: 'This partner account is cancelled',
        color: 'red',
        missing: 'The account is no longer active.',
        next: [`To reopen it, write to ${supportEmail}.`],
      };
    case 'APPROVED':
      return {
        title: 'Your partner account is approved',
        color: 'teal',
        missing: 'Nothing.',
        next: ['Your dashboard and tracking links are ready.'],
      };
  }
}

/** Says plainly what is missing and what happens next, for the partner's current status. */
export function ApprovalMessage({
  info,
  supportEmail,
}: {
  info: PartnerUserInfo;
  supportEmail: string;
}) {
  const message = messageFor(info, supportEmail);
  const isApproved = info.rpcPartnerInfo.accountStatus === 'APPROVED';
  return (
    <Alert color={message.color} variant="light" title={message.title} role="status">
      <Stack gap="sm">
        <div>
          <Text fw={700} size="sm">
            What is missing
          </Text>
          <Text size="sm">{message.missing}</Text>
        </div>
        <div>
          <Text fw={700} size="sm">
            What happens next
          </Text>
          <List size="sm" spacing={4}>
            {message.next.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </div>
        {isApproved && (
          <Button component={Link} to={paths.partnerDashboard} w="fit-content">
            Go to your dashboard
          </Button>
        )}
        {info.rpcPartnerInfo.accountStatus === 'W9_PENDING' && (
          <Button component={Link} to={paths.partnerSignupW9} w="fit-content">
            Fill in the W-9 form
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
