import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { usePublicConfig } from '../lib/config/public-config-context';
import { AppFooter } from './app-footer';

/** The signed-out page frame of the reseller pages: forgot and reset password, signup, links. */
export function AuthFrame({
  title,
  subtitle,
  children,
  after,
  width = 440,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  after?: ReactNode;
  /** The column's width in px; a long form gets more. */
  width?: number;
}) {
  const { productName } = usePublicConfig();
  useEffect(() => {
    document.title = `${title} | ${productName} Bulk Reseller`;
  }, [productName, title]);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" px="md" py="sm">
        <Text fw={700} size="lg">
          {productName}
        </Text>
      </Box>
      <Container component="main" size={width} w="100%" py="xl" style={{ flex: 1 }}>
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          {children}
        </Paper>
        {after}
      </Container>
      <AppFooter />
    </Box>
  );
}
