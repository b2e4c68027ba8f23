import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate } from 'react-router-dom';
import { formatDisplayDate } from '../../../domain/dates';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { paths } from '../../../lib/paths';
import { DetailList } from '../../../ui/detail-list';
import { PageLoader } from '../../../ui/page-loader';
import { QueryState, useQueryFallback } from '../../../offline/query-state';
import { useShownQuery } from '../../../offline/shown-query';
import { useDashboardSummary } from '../api/dashboard-summary';
import { usePartnerUserInfo } from '../api/user-info';
import type { PartnerUserInfo } from '../../../domain/api/session';
import { CommissionChart } from '../components/commission-chart';
import { PeriodFiguresCard } from '../components/period-figures';
import { TrackingLinks } from '../components/tracking-links';

/** Where the figures will be, while they load. */
function FiguresLoading() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading your figures">
      <Skeleton h={160} radius="md" />
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

/** /partner/dashboard: only approved partners see it; everyone else gets the approval status. */
export function PartnerDashboardPage() {
  const { productName } = usePublicConfig();
  const userInfo = usePartnerUserInfo();
  // The figures are asked for as soon as the answer is in, before the page is drawn.
  const isApproved = userInfo.data?.rpcPartnerInfo.accountStatus === 'APPROVED';
  const summary = useDashboardSummary(isApproved);
  // The greeting (the page's largest text) is drawn at once, the rest in a transition.
  const shownInfo = useShownQuery(userInfo).data;
  useDocumentTitle(`Dashboard | ${productName} Partner`);

  const fallback = useQueryFallback(userInfo, <PageLoader label="Loading your dashboard" />);
  if (userInfo.data === undefined) return fallback;

  const info = userInfo.data;
  const partner = info.rpcPartnerInfo;
  if (partner.accountStatus !== 'APPROVED') return <Navigate to={paths.partnerApproval} replace />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Welcome, {partner.contactPerson || info.username}</Title>
        <Text c="dimmed">{partner.companyName}</Text>
      </div>
      {shownInfo === undefined ? (
        <FiguresLoading />
      ) : (
        <DashboardBody info={shownInfo} summary={summary} />
      )}
    </Stack>
  );
}

/** The tracking links, the figures with their chart, and the partner account's details. */
function DashboardBody({
  info,
  summary,
}: {
  info: PartnerUserInfo;
  summary: ReturnType<typeof useDashboardSummary>;
}) {
  const partner = info.rpcPartnerInfo;
  return (
    <>
      <TrackingLinks info={info} />
      <QueryState query={summary} loading={<FiguresLoading />}>
        {(figures) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <PeriodFiguresCard
                title="This month"
                figures={figures.month}
                currency={figures.currency}
              />
              <PeriodFiguresCard
                title="This quarter"
                figures={figures.quarter}
                currency={figures.currency}
              />
            </SimpleGrid>
            <CommissionChart summary={figures} />
          </>
        )}
      </QueryState>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="acct-title">
        <Title order={2} size="h3" id="acct-title" mb="md">
          Partner account
        </Title>
        <DetailList
          items={[
            { label: 'Partner ID', value: partner.partnerId },
            { label: 'Email', value: partner.emailId },
            { label: 'Partner type', value: partner.partnerType || '—' },
            { label: 'Payout PayPal email', value: partner.paypalEmailId || 'Not set' },
            { label: 'Partner since', value: formatDisplayDate(partner.creationDate) || '—' },
          ]}
        />
      </Card>
    </>
  );
}
