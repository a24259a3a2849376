import type { ProcessColumnDto, ProcessEntryDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components';

export type ProjectProcessTabProps = {
  entries: ProcessEntryDto[];
  columns: ProcessColumnDto[] | undefined;
  isLoading: boolean;
};

/**
 * The project's process cells (SPEC §3 process entry), read-only: the process grid is where they
 * are edited, with its delivery-week and date rules.
 */
export const ProjectProcessTab = ({ entries, columns, isLoading }: ProjectProcessTabProps) => {
  const { t, i18n } = useTranslation('projects');
  if (isLoading) return <Loader aria-label={t('dialog.loading')} />;
  const byId = new Map((columns ?? []).map((column) => [column.id, column]));
  const rows = entries
    .map((entry) => ({ entry, column: byId.get(entry.processColumnId) }))
    .sort(
      (a, b) =>
        (a.column?.position ?? Number.MAX_SAFE_INTEGER) - (b.column?.position ?? Number.MAX_SAFE_INTEGER),
    );
  const nameOf = (column: ProcessColumnDto | undefined) =>
    column ? (i18n.language === 'nb' ? column.nameNo : column.nameEn) : t('process.unknownColumn');

  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('process.readOnly')}
      </Alert>
      {rows.length === 0 ? (
        <EmptyState title={t('process.emptyTitle')} description={t('process.emptyText')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('process.column')}</Table.Th>
                <Table.Th>{t('process.date')}</Table.Th>
                <Table.Th>{t('process.active')}</Table.Th>
                <Table.Th>{t('process.noteDates')}</Table.Th>
                <Table.Th>{t('process.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ entry, column }) => (
                <Table.Tr key={entry.id}>
                  <Table.Td fw={500}>{nameOf(column)}</Table.Td>
                  <Table.Td>{formatDate(entry.date)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={entry.isActive ? 'blue' : 'gray'}>
                      {t(entry.isActive ? 'process.isActive' : 'process.isInactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {Object.entries(entry.noteDates)
                        .filter(([, date]) => Boolean(date))
                        .map(([type, date]) => (
                          <Text size="sm" key={type}>
                            {t(`process.noteType.${type}`)}: {formatDate(date)}
                          </Text>
                        ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{entry.comment}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
};
