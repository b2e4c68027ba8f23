import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { usePartnerStatus } from '../api/user-info';
import { reportPaths } from '../components/report-urls';

/** /partner/newcommissionreport (COMMISSION_REPORT): the report tabs around the chosen report. */
export function CommissionReportLayout() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Commission reports | ${productName} Partner`);
  const location = useLocation();
  const navigate = useNavigate();
  const status = usePartnerStatus().data?.rpcPartnerInfo.accountStatus;
  const tab = location.pathname.includes('/referral')
    ? 'referral'
    : location.pathname.includes('/bounty')
      ? 'bounty'
      : 'overview';
  // Reports are for approved partners; anyone else sees where the application stands.
  if (status !== undefined && status !== 'APPROVED') {
    return <Navigate to="/partner/approvalPage" replace />;
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Commission reports</Title>
        <Text c="dimmed">Bounty and referral commissions for both products.</Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => {
          void navigate(
            value === 'bounty'
              ? reportPaths.bounty
              : value === 'referral'
                ? reportPaths.referral
                : reportPaths.root,
          );
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="bounty">Bounty</Tabs.Tab>
          <Tabs.Tab value="referral">Referral</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
