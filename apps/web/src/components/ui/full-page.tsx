import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NativeLanguageSwitcher } from './native-language-switcher';

/** Layout of the full-page routes (no top bar or side menu): brand, language, centred content. */
export function FullPage({ children, width = 440, framed = true }: { children: ReactNode; width?: number; framed?: boolean }) {
  return (
    // Long words (an e-mail address, a file name) wrap instead of being cut on a phone.
    <Box mih="100vh" bg="gray.0" py="xl" px="md" style={{ overflowWrap: 'anywhere' }}>
      <Container size={width} p={0}>
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label="Ouvrage">
            <Text fw={800} size="xl" c="ouvrage.7">
              Ouvrage
            </Text>
          </Anchor>
          <NativeLanguageSwitcher compact />
        </Group>
        {framed ? (
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
        ) : (
          children
        )}
      </Container>
    </Box>
  );
}
