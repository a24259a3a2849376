import type { TaskDto, TaskEntityType } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABOVE_PHONES, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useTaskPushes, useTasks } from '@/lib/api/tasks';
import { TaskDialog } from './task-dialog';
import { TaskDrawer } from './task-drawer';
import { DoneToggle, TaskDate, TaskTypeBadge } from './task-parts';
import { useTaskActions } from './use-task-actions';

const PAGE_SIZE = 10;

export type EntityTasksProps = {
  entityType: TaskEntityType;
  entityId: string;
  /** How the record reads in a new task ("1042 Skole Lørenskog"). */
  entityLabel: string;
};

/**
 * The tasks of one project or offer (the project dialog's Tasks tab): pending ones, or the done ones,
 * marked done and undone in place; a row opens the task drawer, "New task" the dialog with the record
 * filled in.
 */
export const EntityTasks = ({ entityType, entityId, entityLabel }: EntityTasksProps) => {
  const { t } = useTranslation('tasks');
  const paging = usePagingTexts();
  useTaskPushes();
  const actions = useTaskActions();
  const [isShowingDone, setShowingDone] = useState(false);
  const [page, setPage] = useState(1);
  const [openTask, setOpenTask] = useState<TaskDto | null>(null);
  const [isCreating, setCreating] = useState(false);
  const tasks = useTasks({ filter: isShowingDone ? 'done' : 'all', entityId, page, pageSize: PAGE_SIZE });
  const today = osloDateOf(new Date());

  return (
    <Stack gap="sm" data-entity-tasks={entityId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Switch
          label={t('entityTasks.showDone')}
          checked={isShowingDone}
          onChange={(event) => {
            setShowingDone(event.currentTarget.checked);
            setPage(1);
          }}
        />
        {actions.mayWrite && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('page.new')}
          </Button>
        )}
      </Group>
      <DataTable<TaskDto>
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        minHeight={tasks.data?.items.length ? undefined : 120}
        fetching={areRowsLoading(tasks)}
        records={tasks.data?.items ?? []}
        totalRecords={tasks.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t(isShowingDone ? 'entityTasks.emptyDone' : 'entityTasks.empty')}
        {...paging}
        onRowClick={({ record }) => setOpenTask(record)}
        rowStyle={() => ({ cursor: 'pointer' })}
        customRowAttributes={(record) => ({ 'data-task-id': record.id })}
        columns={[
          {
            accessor: 'isDone',
            title: '',
            width: isShowingDone ? 110 : 56,
            render: (task) => <DoneToggle task={task} actions={actions} />,
          },
          {
            accessor: 'name',
            title: t('columns.name'),
            render: (task) => (
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {task.name}
                </Text>
                <TaskTypeBadge type={task.type} />
              </Group>
            ),
          },
          {
            accessor: 'date',
            title: t('columns.date'),
            render: (task) => <TaskDate task={task} today={today} />,
          },
          {
            accessor: 'assigneeName',
            title: t('columns.assignee'),
            render: (task) => task.assigneeName ?? '',
            ...ABOVE_PHONES,
          },
        ]}
      />
      <TaskDrawer taskId={openTask?.id ?? null} task={openTask} onClose={() => setOpenTask(null)} />
      <TaskDialog
        opened={isCreating}
        onClose={() => setCreating(false)}
        defaults={{
          entityType,
          entityId,
          entityLabel,
          type: entityType === 'serviceItem' ? 'service-item' : entityType,
        }}
      />
    </Stack>
  );
};
