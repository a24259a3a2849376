import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the profile page. */
export const ProfileSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="lg">
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);
