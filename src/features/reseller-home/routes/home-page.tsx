import { Alert, Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { isTrialExpired } from '../../../domain/trial';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { paths } from '../../../lib/paths';
import { DetailList } from '../../../ui/detail-list';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useResellerUserInfo } from '../api/user-info';
import { PlanCard } from '../components/plan-card';
import { QuickActions, UsageCard } from '../components/usage-card';
import { can, roleOfFlags } from '../../../domain/api/roles';

function roleLabel(info: { is_admin: boolean; is_sub_admin: boolean }): string {
  if (info.is_admin) return 'Administrator';
  if (info.is_sub_admin) return 'Sub-administrator';
  return 'User';
}

/** /home: the reseller's landing screen after sign-in. */
export function ResellerHomePage() {
  const { productName, supportEmail } = usePublicConfig();
  const userInfo = useResellerUserInfo();
  useDocumentTitle(`Home | ${productName} Bulk Reseller`);

  const fallback = useQueryFallback(userInfo, <PageLoader label="Loading your account" />);
  if (userInfo.data === undefined) return fallback;

  const info = userInfo.data;
  const isExpired = isTrialExpired(info);
  const name = info.firstname || info.username;
  const role = roleOfFlags(info);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Welcome, {name}</Title>
        {info.company_name && <Text c="dimmed">{info.company_name}</Text>}
      </div>
      {isExpired && (
        <Alert color="red" variant="light" title="Your free trial has expired" role="status">
          To keep using {productName}, choose a plan:{' '}
          <Anchor component={Link} to={paths.upgrade}>
            upgrade now
          </Anchor>
          , or contact us at {supportEmail}.
        </Alert>
      )}
      <QuickActions role={role} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {can(role, 'computers.manage') && <UsageCard />}
        <PlanCard info={info} isExpired={isExpired} />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="me-title">
          <Title order={2} size="h3" id="me-title" mb="md">
            Signed in as
          </Title>
          <DetailList
            items={[
              { label: 'Name', value: `${info.firstname} ${info.lastname}`.trim() || '—' },
              { label: 'Email', value: info.email || info.username },
              { label: 'Role', value: roleLabel(info) },
            ]}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
