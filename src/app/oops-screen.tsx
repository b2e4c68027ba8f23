import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { firstScreenMessages, interpolate } from '../domain/messages-first-screen';
import { usePublicConfig } from '../lib/config/public-config-context';
import { paths } from '../lib/paths';
import { isSignedIn } from '../lib/session/signed-in';
import { AppFooter } from '../ui/app-footer';

/** The full-page "Oops!" layout shared by the error and link-expired screens (spec section 2). */
export function OopsScreen({ title, detail }: { title: string; detail?: string }) {
  const { productName } = usePublicConfig();
  useDocumentTitle(`${title} | ${productName}`);
  const homePath = isSignedIn('reseller') ? paths.home : paths.resellerLogin;

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container component="main" size="sm" py={80} style={{ flex: 1 }}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1}>{title}</Title>
          {detail && (
            <Text size="lg" role="status">
              {detail}
            </Text>
          )}
          <Anchor component={Link} to={homePath} fw={600}>
            {interpolate(firstScreenMessages['error.screen.back'], { product: productName })}
          </Anchor>
        </Stack>
      </Container>
      <AppFooter />
    </Box>
  );
}
