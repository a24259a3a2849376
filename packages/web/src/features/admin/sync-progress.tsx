import type { SyncRunDto } from '@karm/domain/contract';
import { Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderedKinds, SyncStatusBadge, useSyncTexts } from './sync-texts';

const PROGRESS_COLOURS = { running: 'blue', succeeded: 'green', failed: 'red' } as const;

/** Percent done, or null while the total is unknown (the bar then runs as an animated stripe). */
const percentOf = ({ status, progress }: SyncRunDto) => {
  if (status !== 'running') return 100;
  if (progress.total === null) return null;
  return progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
};

/** The live state of a sync, fed by `accounting:sync-progress` pushes. */
export const SyncProgress = ({ run }: { run: SyncRunDto }) => {
  const { t } = useTranslation('admin');
  const texts = useSyncTexts();
  const isRunning = run.status === 'running';
  const percent = percentOf(run);
  const kinds = orderedKinds(run.counts);

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('accounting.progress.title')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {isRunning ? t('accounting.progress.running') : t('accounting.progress.lastRun')}
          </Text>
          <SyncStatusBadge status={run.status} />
        </Group>
        <Text size="sm" data-phase={run.progress.phase}>
          {t('accounting.progress.phaseLabel', { phase: texts.phase(run.progress.phase) })}
        </Text>
        <Progress
          value={percent ?? 100}
          animated={percent === null}
          striped={percent === null}
          color={PROGRESS_COLOURS[run.status]}
          aria-label={t('accounting.progress.title')}
          data-indeterminate={percent === null || undefined}
        />
        {isRunning && (
          <Text size="xs" c="dimmed">
            {run.progress.total === null
              ? t('accounting.progress.done', { count: run.progress.done })
              : t('accounting.progress.doneOfTotal', { done: run.progress.done, total: run.progress.total })}
          </Text>
        )}
        {kinds.length > 0 && (
          <Table withTableBorder fz="sm" aria-label={t('accounting.progress.countsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounting.progress.kind')}</Table.Th>
                <Table.Th ta="right">{t('accounting.progress.created')}</Table.Th>
                <Table.Th ta="right">{t('accounting.progress.updated')}</Table.Th>
                <Table.Th ta="right">{t('accounting.progress.unchanged')}</Table.Th>
                <Table.Th ta="right">{t('accounting.progress.conflicts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kinds.map((kind) => {
                const counts = run.counts[kind]!;
                return (
                  <Table.Tr key={kind}>
                    <Table.Td>{texts.kind(kind)}</Table.Td>
                    <Table.Td ta="right">{counts.created}</Table.Td>
                    <Table.Td ta="right">{counts.updated}</Table.Td>
                    <Table.Td ta="right">{counts.unchanged}</Table.Td>
                    <Table.Td ta="right">{counts.conflicts ?? 0}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {run.errors.length > 0 && (
          <Text size="sm" c="red">
            {t('accounting.progress.errors', { count: run.errors.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
