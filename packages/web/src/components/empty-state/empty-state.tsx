import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** @default an inbox icon */
  icon?: ReactNode;
  title: ReactNode;
  /** One sentence saying what will appear here. */
  description: ReactNode;
  /** Optional actions, e.g. an "Add" button. */
  children?: ReactNode;
};

/** What a screen shows while it has nothing to list yet. Texts come translated from the caller. */
export const EmptyState = ({ icon, title, description, children }: EmptyStateProps) => (
  <Stack align="center" gap="xs" py="xl" px="md" ta="center" data-empty-state>
    <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
      {icon ?? <IconInbox size={30} />}
    </ThemeIcon>
    <Title order={3} size="h4">
      {title}
    </Title>
    <Text c="dimmed" maw={480}>
      {description}
    </Text>
    {children}
  </Stack>
);
