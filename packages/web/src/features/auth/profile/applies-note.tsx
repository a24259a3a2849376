import { Group, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * When a section's changes take effect, said where the change is made (SPEC §2 asks for a note;
 * most of the profile applies at once, and each section says so or says what else is true).
 */
export const AppliesNote = ({ children }: { children: ReactNode }) => (
  <Group gap={6} wrap="nowrap" align="flex-start" mb="sm">
    <IconBolt size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  </Group>
);
