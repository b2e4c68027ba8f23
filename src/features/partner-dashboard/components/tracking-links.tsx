import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { PartnerUserInfo } from '../../../domain/api/session';
import { CopyField } from '../../../ui/copy-field';

/** The four tracking links: referral and bounty, for the remote-access and helpdesk products. */
export function TrackingLinks({ info }: { info: PartnerUserInfo }) {
  const links = [
    { label: 'Remote access referral link', value: info.link },
    { label: 'Remote access bounty link', value: info.bountyLink },
    { label: 'Helpdesk referral link', value: info.hdLink },
    { label: 'Helpdesk bounty link', value: info.bountyHdLink },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="links-title">
      <Title order={2} size="h3" id="links-title">
        Your tracking links
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Share these links: sign-ups through them are credited to you.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {links.map((link) => (
          <CopyField key={link.label} label={link.label} value={link.value} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
