import { CHECKLIST_STATUSES, type ChecklistDto, type ChecklistStatus } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ABOVE_PHONES, errorMessageOf, ON_WIDE_SCREENS, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import { ChecklistDialog } from './checklist-dialog';
import { StartChecklistDialog } from './checklist-start-dialog';
import { useChecklists, useChecklistTemplates } from './checklists-api';
import { ProjectPicker } from './deviation-fields';
import { backToFirstPage, QualitySearchInput } from './quality-parts';

export const CHECKLISTS_PAGE_SIZE = 20;

const STATUS_COLOURS: Record<ChecklistStatus, string> = { open: 'blue', completed: 'green' };

export const ChecklistStatusBadge = ({ status }: { status: ChecklistStatus }) => {
  const { t } = useTranslation('quality');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`checklists.statuses.${status}`)}
    </Badge>
  );
};

/** The process step's name in the reader's language. */
export const useStepName = () => {
  const { i18n } = useTranslation();
  return (run: Pick<ChecklistDto, 'stepNameNo' | 'stepNameEn'>) =>
    (i18n.language.startsWith('nb') ? run.stepNameNo : run.stepNameEn) ?? '';
};

export type ChecklistsListProps = {
  projectHref?: (id: string) => string;
  /** A project's own list: its checklists only, and a new run starts on it. */
  project?: { id: string; label: string };
  /** Leaves out the filter fields (a project's own short list). */
  isCompact?: boolean;
};

/**
 * The checklist runs (issue 16), paged and filtered on the server: project, status, template and
 * search; a row opens the checklist view dialog, "Run checklist" starts one on a project.
 */
export const ChecklistsList = ({ projectHref, project, isCompact }: ChecklistsListProps) => {
  const { t } = useTranslation('quality');
  const paging = usePagingTexts();
  const stepName = useStepName();
  const mayRun = useCan('checklists.run');
  const templates = useChecklistTemplates();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const checklists = useChecklists({
    projectId: project?.id ?? projectId ?? undefined,
    status: (status as ChecklistStatus | null) ?? undefined,
    templateId: templateId ?? undefined,
    search: debouncedSearch || undefined,
    page,
    pageSize: CHECKLISTS_PAGE_SIZE,
  });
  const filtered = backToFirstPage(setPage);

  return (
    <Stack gap="sm">
      {!isCompact && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <QualitySearchInput
            placeholder={t('checklists.searchPlaceholder')}
            value={search}
            onChange={filtered(setSearch)}
          />
          <div style={{ minWidth: 220 }}>
            <ProjectPicker value={projectId} label={null} onChange={filtered(setProjectId)} />
          </div>
          <Select
            label={t('filters.status')}
            placeholder={t('filters.any')}
            clearable
            value={status}
            onChange={filtered(setStatus)}
            data={CHECKLIST_STATUSES.map((value) => ({ value, label: t(`checklists.statuses.${value}`) }))}
            w={{ base: '47%', xs: 160 }}
          />
          <Select
            label={t('checklists.template')}
            placeholder={t('filters.any')}
            clearable
            value={templateId}
            onChange={filtered(setTemplateId)}
            data={(templates.data?.items ?? []).map((template) => ({
              value: template.id,
              label: template.name,
            }))}
            w={{ base: '47%', xs: 220 }}
          />
          {mayRun && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setStarting(true)} ml="auto">
              {t('checklists.new')}
            </Button>
          )}
        </Group>
      )}
      {isCompact && mayRun && (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setStarting(true)}>
            {t('checklists.new')}
          </Button>
        </Group>
      )}
      {checklists.isError ? (
        <Alert color="red">{errorMessageOf(checklists.error)}</Alert>
      ) : (
        <DataTable<ChecklistDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={checklists.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(checklists)}
          records={checklists.data?.items ?? []}
          totalRecords={checklists.data?.total ?? 0}
          recordsPerPage={CHECKLISTS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('checklists.empty')}
          {...paging}
          onRowClick={({ record }) => setOpenedId(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-checklist-number': record.number,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setOpenedId(record.id);
            },
          })}
          columns={[
            { accessor: 'number', title: t('columns.number'), width: 70, ...ABOVE_PHONES },
            {
              accessor: 'name',
              title: t('checklists.name'),
              render: (run) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {run.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      stepName(run),
                      t('checklists.progress', { answered: run.answeredCount, total: run.itemCount }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'status',
              title: t('columns.status'),
              render: (run) => (
                <Group gap={4}>
                  <ChecklistStatusBadge status={run.status} />
                  {run.notOkCount > 0 && (
                    <Badge color="red" variant="outline">
                      {t('checklists.notOkCount', { count: run.notOkCount })}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'projectNumber',
              title: t('columns.project'),
              hidden: Boolean(project),
              render: (run) =>
                projectHref ? (
                  <Anchor
                    component={Link}
                    to={projectHref(run.projectId)}
                    size="sm"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {run.projectNumber} {run.projectName}
                  </Anchor>
                ) : (
                  <Text size="sm">{`${run.projectNumber ?? ''} ${run.projectName ?? ''}`}</Text>
                ),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'startedAt',
              title: t('checklists.started'),
              render: (run) => <Text size="sm">{formatDate(run.startedAt)}</Text>,
              ...ABOVE_PHONES,
            },
            {
              accessor: 'completedAt',
              title: t('checklists.completed'),
              render: (run) =>
                run.completedAt ? (
                  <Text size="sm">{`${formatDate(run.completedAt)} · ${run.signedName ?? ''}`}</Text>
                ) : null,
              ...ON_WIDE_SCREENS,
            },
          ]}
        />
      )}
      <ChecklistDialog checklistId={openedId} onClose={() => setOpenedId(null)} />
      <StartChecklistDialog
        opened={isStarting}
        project={project}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          setStarting(false);
          setOpenedId(id);
        }}
      />
    </Stack>
  );
};
