import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons and menus shown on the right. */
  actions?: ReactNode;
};

/** The top of every screen: its title (the page's one h1, sized like h2), a subtitle and actions. */
export const PageHeader = ({ title, subtitle, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
    {actions && (
      <Group gap="xs" data-page-actions>
        {actions}
      </Group>
    )}
  </Group>
);
