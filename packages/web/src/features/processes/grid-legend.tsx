import { Group, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './process-grid.module.css';

const STATES = ['done', 'overdue', 'inactive'] as const;

/** What the cell colours and the comment marker mean. */
export const GridLegend = () => {
  const { t } = useTranslation('processes');
  return (
    <Group gap="md" wrap="wrap" aria-label={t('legend.label')} role="group">
      {STATES.map((state) => (
        <Group key={state} gap={6} wrap="nowrap">
          <span className={classes.legendSwatch} data-state={state} aria-hidden />
          <Text size="xs" c="dimmed">
            {t(`legend.${state}`)}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <IconMessageCircle size={14} color="var(--mantine-color-blue-filled)" aria-hidden />
        <Text size="xs" c="dimmed">
          {t('legend.comment')}
        </Text>
      </Group>
    </Group>
  );
};
