import { Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usageText, type HomeSummary } from '../../../domain/api/reseller-home';
import { can, type ResellerRole } from '../../../domain/api/roles';
import { paths } from '../../../lib/paths';
import { QueryState } from '../../../offline/query-state';
import { useHomeSummary } from '../api/home-summary';

function UsageRow({
  label,
  usage,
}: {
  label: string;
  usage: { used: number; limit: number | null };
}) {
  const percent = usage.limit ? Math.min(100, (usage.used / usage.limit) * 100) : 0;
  const isFull = usage.limit !== null && usage.used >= usage.limit;
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" data-testid={`usage-${label.toLowerCase()}`}>
          {usageText(usage)}
        </Text>
      </Group>
      {usage.limit !== null && (
        <Progress
          value={percent}
          color={isFull ? 'red.8' : 'blue'}
          aria-label={`${label} used: ${usageText(usage)}`}
          mt={4}
        />
      )}
    </div>
  );
}

function Usage({ summary }: { summary: HomeSummary }) {
  return (
    <Stack gap="md">
      <UsageRow label="Computers" usage={summary.computers} />
      <UsageRow label="Users" usage={summary.users} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Online computers
        </Text>
        <Text size="sm" data-testid="usage-online">
          {summary.onlineComputers}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The card while its figures load: the same rows at the same height, so the cards below it do not
 * move when the figures arrive (a layout shift on a phone, where the cards stack).
 */
function UsageLoading() {
  const row = (label: string) => (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
      <Skeleton height={8} mt={4} radius="xl" />
    </div>
  );
  return (
    <Stack gap="md">
      {row('Computers')}
      {row('Users')}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Online computers
        </Text>
        <Skeleton height={12} width={24} />
      </Group>
    </Stack>
  );
}

/** Computers and users used against the plan's limits, and how many computers are online. */
export function UsageCard() {
  const summary = useHomeSummary(true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="usage-title">
      <Title order={2} size="h3" id="usage-title" mb="md">
        Plan usage
      </Title>
      <QueryState query={summary} loading={<UsageLoading />}>
        {(data) => <Usage summary={data} />}
      </QueryState>
    </Card>
  );
}

/** Links to what a manager does most; each shown only to a role that may do it. */
export function QuickActions({ role }: { role: ResellerRole }) {
  const actions = [
    ...(can(role, 'users.manage')
      ? [{ label: 'Add user', to: `${paths.homeUsers}?add=user` }]
      : []),
    ...(can(role, 'computers.manage')
      ? [{ label: 'Add computer', to: `${paths.homeComputers}?add=computer` }]
      : []),
    ...(can(role, 'billing') ? [{ label: 'Invoices', to: paths.invoices }] : []),
  ];
  if (actions.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="actions-title">
      <Title order={2} size="h3" id="actions-title" mb="md">
        Quick actions
      </Title>
      <Group gap="sm">
        {actions.map((action) => (
          <Button key={action.label} component={Link} to={action.to} variant="default">
            {action.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
