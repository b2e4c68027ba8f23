import { Box, Text } from '@mantine/core';
import { usePublicConfig } from '../lib/config/public-config-context';

/** The copyright line every screen ends with (spec section 1). */
export function AppFooter() {
  const { productName } = usePublicConfig();
  return (
    <Box component="footer" py="md" px="md" ta="center">
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {productName}. All rights reserved.
      </Text>
    </Box>
  );
}
