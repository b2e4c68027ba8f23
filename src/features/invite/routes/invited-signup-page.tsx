import { Box, Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useSearchParams } from 'react-router-dom';
import { errorCodes } from '../../../domain/api/envelope';
import { invitationLinkParams } from '../../../domain/api/invite';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { isApiError } from '../../../lib/http/api-error';
import { paths } from '../../../lib/paths';
import { AppFooter } from '../../../ui/app-footer';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useInvitationCheck } from '../api/check-invitation';
import { InvitedSignupForm } from '../components/invited-signup-form';

const FEATURES = [
  [
    'Remote control',
    'Take complete control of the configured Macs, PCs, and Linux machines over the internet at any time',
  ],
  [
    'User management',
    'Create user accounts within the main account and manage them via a centralized console',
  ],
  [
    'Security',
    'Access is secured with TLSv 1.2/AES 256 encryption. Set a unique Personal Key for computers as additional security.',
  ],
] as const;

/** /reseller/addUser: the invited-user signup (spec section 2). */
export function InvitedSignupPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Create your account | ${productName}`);
  const [params] = useSearchParams();
  const adminName = params.get(invitationLinkParams.adminName) ?? '';
  const email = params.get(invitationLinkParams.email) ?? '';
  const uniqueId = params.get(invitationLinkParams.uniqueId) ?? '';
  const allotedComputers = params.get(invitationLinkParams.allotedComputer) ?? '';
  const check = useInvitationCheck(uniqueId, email);
  const checkFallback = useQueryFallback(check, <PageLoader label="Checking your invitation" />);

  const isLinkBad =
    uniqueId === '' ||
    email === '' ||
    (isApiError(check.error) &&
      (check.error.description === errorCodes.EXPIRED_LINK ||
        check.error.description === errorCodes.VALIDATION_FAILED));
  if (isLinkBad) return <Navigate to={paths.linkExpired} replace />;

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" px="md" py="sm">
        <Text fw={700} size="lg">
          {productName}
        </Text>
      </Box>
      <Container component="main" size={1000} w="100%" py="xl" style={{ flex: 1 }}>
        <Title order={1} size="h2" mb="lg" style={{ overflowWrap: 'anywhere' }}>
          {adminName} has invited you to create a {productName} account
        </Title>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
            <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
              {check.data === undefined ? (
                checkFallback
              ) : (
                <InvitedSignupForm
                  uniqueId={uniqueId}
                  email={email}
                  allotedComputers={allotedComputers}
                  productName={productName}
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
            <Stack gap="md" component="section" aria-label={`Why ${productName}`}>
              <List spacing="md">
                {FEATURES.map(([title, text]) => (
                  <List.Item key={title}>
                    <Text fw={700}>{title}</Text>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <AppFooter />
    </Box>
  );
}
