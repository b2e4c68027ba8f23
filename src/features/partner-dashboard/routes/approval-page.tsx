import { Card, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { usePartnerUserInfo } from '../api/user-info';
import { ApprovalMessage } from '../components/approval-message';
import { ApprovalSteps } from '../components/approval-steps';

/** /partner/approvalPage: where a partner's application stands, from user_info. */
export function PartnerApprovalPage() {
  const { productName, supportEmail } = usePublicConfig();
  const userInfo = usePartnerUserInfo();
  useDocumentTitle(`Application status | ${productName} Partner`);

  const fallback = useQueryFallback(
    userInfo,
    <PageLoader label="Loading your application status" />,
  );
  if (userInfo.data === undefined) return fallback;

  const info = userInfo.data;
  const partner = info.rpcPartnerInfo;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>Application status</Title>
        <Text c="dimmed">
          Partner ID {partner.partnerId}
          {partner.companyName ? ` · ${partner.companyName}` : ''}
        </Text>
      </div>
      <ApprovalMessage info={info} supportEmail={supportEmail} />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="steps-title">
        <Title order={2} size="h3" id="steps-title" mb="md">
          Your progress
        </Title>
        <ApprovalSteps
          status={partner.accountStatus}
          creationDate={partner.creationDate}
          w9Date={partner.w9Date}
        />
      </Card>
    </Stack>
  );
}
