import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { defaultViewPath, reportPaths } from '../components/report-urls';

const cards = [
  {
    title: 'Bounty',
    text: 'A fixed amount for each referred customer’s first payment, by date range.',
    to: reportPaths.bounty,
  },
  {
    title: 'Referral by date',
    text: 'Every referral and bounty commission of a product, by date range.',
    to: reportPaths.referral,
  },
  {
    title: 'Remote access, quarterly',
    text: 'Referral commissions per customer for a quarter.',
    to: defaultViewPath('rpc', 'quarterly'),
  },
  {
    title: 'Remote access, monthly',
    text: 'Referral commissions per customer for a range of months.',
    to: defaultViewPath('rpc', 'monthly'),
  },
  {
    title: 'Helpdesk, quarterly',
    text: 'Referral commissions per customer for a quarter.',
    to: defaultViewPath('hd', 'quarterly'),
  },
  {
    title: 'Helpdesk, monthly',
    text: 'Referral commissions per customer for a range of months.',
    to: defaultViewPath('hd', 'monthly'),
  },
];

/** The reports' index: what each report shows, one tap away. */
export function ReportsOverviewPage() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.title} withBorder radius="md" padding="md">
          <Title order={2} size="h4">
            <Anchor component={Link} to={card.to}>
              {card.title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {card.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
