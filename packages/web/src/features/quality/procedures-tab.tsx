import { PROCEDURE_CATEGORIES, type ProcedureDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Badge, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABOVE_PHONES, errorMessageOf, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { ProcedureDialog } from './procedure-dialog';
import { useProcedures } from './quality-api';
import { QualitySearchInput } from './quality-parts';

const PAGE_SIZE = 20;

/**
 * The procedures (issue 16): number, title, category, owner, current version, review date (flagged
 * when passed) and whether the reader has confirmed the current version; paged on the server.
 */
export const ProceduresTab = () => {
  const { t } = useTranslation('quality');
  const paging = usePagingTexts();
  const mayManage = useCan('quality.manage');
  const [category, setCategory] = useState<string | null>(null);
  const [isUnreadOnly, setUnreadOnly] = useState(false);
  const [isReviewDueOnly, setReviewDueOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | 'new' | null>(null);
  const procedures = useProcedures({
    category: (category ?? undefined) as never,
    unread: isUnreadOnly ? 'true' : undefined,
    reviewDue: isReviewDueOnly ? 'true' : undefined,
    search: debouncedSearch || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const reset = () => setPage(1);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <QualitySearchInput
          placeholder={t('filters.procedureSearch')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            reset();
          }}
        />
        <Select
          label={t('filters.category')}
          placeholder={t('filters.any')}
          clearable
          value={category}
          onChange={(value) => {
            setCategory(value);
            reset();
          }}
          data={PROCEDURE_CATEGORIES.map((value) => ({ value, label: t(`procedureCategories.${value}`) }))}
          w={{ base: '100%', xs: 180 }}
        />
        <Switch
          label={t('filters.unread')}
          checked={isUnreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.currentTarget.checked);
            reset();
          }}
          mb={8}
        />
        <Switch
          label={t('filters.reviewDue')}
          checked={isReviewDueOnly}
          onChange={(event) => {
            setReviewDueOnly(event.currentTarget.checked);
            reset();
          }}
          mb={8}
        />
        {mayManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened('new')} ml="auto">
            {t('procedures.new')}
          </Button>
        )}
      </Group>
      {procedures.isError ? (
        <Alert color="red">{errorMessageOf(procedures.error)}</Alert>
      ) : (
        <DataTable<ProcedureDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={procedures.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(procedures)}
          records={procedures.data?.items ?? []}
          totalRecords={procedures.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('procedures.empty')}
          {...paging}
          onRowClick={({ record }) => setOpened(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-procedure-number': record.number,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setOpened(record.id);
            },
          })}
          columns={[
            { accessor: 'number', title: t('columns.number'), width: 70 },
            {
              accessor: 'title',
              title: t('columns.title'),
              render: (procedure) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {procedure.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`procedureCategories.${procedure.category}`)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'currentVersion',
              title: t('columns.version'),
              render: (procedure) =>
                t('procedures.versionOf', {
                  version: procedure.currentVersion.versionNumber,
                  date: formatDate(procedure.currentVersion.effectiveDate),
                }),
              ...ABOVE_PHONES,
            },
            {
              accessor: 'isAcknowledgedByMe',
              title: t('columns.read'),
              render: (procedure) =>
                procedure.isAcknowledgedByMe ? (
                  <Badge color="green" variant="light">
                    {t('procedures.read')}
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light">
                    {t('procedures.unread')}
                  </Badge>
                ),
            },
            {
              accessor: 'acknowledgedCount',
              title: t('columns.readers'),
              render: (procedure) => `${procedure.acknowledgedCount} / ${procedure.memberCount}`,
              ...ABOVE_PHONES,
            },
            {
              accessor: 'reviewDate',
              title: t('columns.review'),
              render: (procedure) =>
                procedure.reviewDate ? (
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{formatDate(procedure.reviewDate)}</Text>
                    {procedure.isReviewDue && (
                      <Badge size="xs" color="red">
                        {t('procedures.reviewDue')}
                      </Badge>
                    )}
                  </Group>
                ) : (
                  ''
                ),
              ...ABOVE_PHONES,
            },
            {
              accessor: 'ownerName',
              title: t('columns.owner'),
              render: (p) => p.ownerName ?? '',
              ...ABOVE_PHONES,
            },
          ]}
        />
      )}
      <ProcedureDialog procedureId={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
};
