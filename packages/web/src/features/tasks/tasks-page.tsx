import { TASK_FILTERS, type TaskDto, type TaskFilter } from '@karm/domain/contract';
import { formatDateTime, osloDateOf } from '@karm/domain/rules';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ABOVE_PHONES,
  ExportMenu,
  errorMessageOf,
  ON_WIDE_SCREENS,
  PageHeader,
  usePagingTexts,
} from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useTaskPushes, useTasks } from '@/lib/api/tasks';
import { useCan } from '@/lib/permissions';
import { useSearchParam } from '@/lib/use-search-param';
import { TaskDialog } from './task-dialog';
import { TaskDrawer } from './task-drawer';
import { DoneToggle, type EntityHref, TaskDate, TaskEntity, TaskTypeBadge } from './task-parts';
import { useTaskActions } from './use-task-actions';

export const TASKS_PAGE_SIZE = 20;

const isFilter = (value: string | null): value is TaskFilter => TASK_FILTERS.includes(value as TaskFilter);

/**
 * SPEC §2 /tasks: the company's tasks paged on the server, filtered mine, all, overdue or done and
 * searched; marking done and undoing from the list (SPEC §4); a row opens the task drawer, "New task"
 * the task dialog. A technician sees and marks their own; readers read only.
 */
export const TasksPage = ({ entityHref }: { entityHref?: EntityHref }) => {
  const { t } = useTranslation('tasks');
  const paging = usePagingTexts();
  useTaskPushes();
  const mayReadAll = useCan('tasks.read', 'tasks.write');
  const actions = useTaskActions();
  const [filterParam, setFilter] = useSearchParam('filter');
  const filter: TaskFilter = isFilter(filterParam) ? filterParam : mayReadAll ? 'all' : 'mine';
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openTask, setOpenTask] = useState<TaskDto | null>(null);
  // `?open=<id>` (the calendar's link to a task) opens that task's drawer.
  const [openParam, setOpenParam] = useSearchParam('open');
  const [isCreating, setCreating] = useState(false);
  const listFilters = { filter, search: debouncedSearch || undefined };
  const tasks = useTasks({ ...listFilters, page, pageSize: TASKS_PAGE_SIZE });
  const today = osloDateOf(new Date());

  const open = (task: TaskDto) => setOpenTask(task);

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Group gap="xs">
            <ExportMenu list="tasks" filters={listFilters} />
            {actions.mayWrite && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                {t('page.new')}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="tasks-filter-label">
            {t('filters.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="tasks-filter-label"
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            data={TASK_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          />
        </Stack>
        <TextInput
          label={t('page.search')}
          placeholder={t('page.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      {tasks.isError ? (
        <Alert color="red">{errorMessageOf(tasks.error)}</Alert>
      ) : (
        <DataTable<TaskDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={tasks.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(tasks)}
          records={tasks.data?.items ?? []}
          totalRecords={tasks.data?.total ?? 0}
          recordsPerPage={TASKS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t(`page.empty.${filter}`)}
          {...paging}
          onRowClick={({ record }) => open(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-task-id': record.id,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') open(record);
            },
          })}
          columns={[
            {
              accessor: 'isDone',
              title: <VisuallyHidden>{t('columns.done')}</VisuallyHidden>,
              width: filter === 'done' ? 110 : 56,
              render: (task) => <DoneToggle task={task} actions={actions} />,
            },
            {
              accessor: 'name',
              title: t('columns.name'),
              render: (task) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500} td={task.isDone ? 'line-through' : undefined}>
                    {task.name}
                  </Text>
                  <Group gap={4}>
                    <TaskTypeBadge type={task.type} />
                  </Group>
                </Stack>
              ),
            },
            {
              accessor: 'entityId',
              title: t('columns.entity'),
              render: (task) => <TaskEntity task={task} entityHref={entityHref} />,
              ...ABOVE_PHONES,
            },
            {
              accessor: 'date',
              title: filter === 'done' ? t('columns.doneAt') : t('columns.date'),
              render: (task) =>
                filter === 'done' && task.doneAt ? (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(task.doneAt)}
                  </Text>
                ) : (
                  <TaskDate task={task} today={today} />
                ),
            },
            {
              accessor: 'description',
              title: t('columns.description'),
              render: (task) => (
                <Text size="sm" lineClamp={2}>
                  {task.description}
                </Text>
              ),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'immediateAction',
              title: t('columns.immediateAction'),
              render: (task) => (
                <Text size="sm" lineClamp={2}>
                  {task.immediateAction}
                </Text>
              ),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'assigneeName',
              title: t('columns.assignee'),
              render: (task) => task.assigneeName ?? '',
              ...ABOVE_PHONES,
            },
          ]}
        />
      )}
      <TaskDrawer
        taskId={openTask?.id ?? openParam ?? null}
        task={openTask}
        onClose={() => {
          setOpenTask(null);
          setOpenParam(null);
        }}
        entityHref={entityHref}
      />
      <TaskDialog opened={isCreating} onClose={() => setCreating(false)} />
    </Stack>
  );
};
