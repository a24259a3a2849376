import { Group, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export type SectionHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons and badges shown on the right (they wrap below on a narrow screen). */
  actions?: ReactNode;
  /** The heading level: a section of a screen is an h2, a part of a section an h3. @default 2 */
  order?: TitleOrder;
  /** For a form or table named by its section (`aria-labelledby`). */
  titleId?: string;
};

/** The top of a section inside a screen (a tab's content, a card): a small title and a dimmed line. */
export const SectionHeader = ({ title, description, actions, order = 2, titleId }: SectionHeaderProps) => (
  <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
    <div style={{ flex: '1 1 320px', minWidth: 0 }}>
      <Title id={titleId} order={order} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </div>
    {actions && <Group gap="xs">{actions}</Group>}
  </Group>
);
