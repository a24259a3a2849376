import type { PlannerDto, TaskDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, List, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, errorMessageOf, notifySuccess } from '@/components';
import { planRefusalOf, usePushOffPlan } from './plan-mutations';
import { type CellRef, currentCell, type PlannerLookup, type PlannerView } from './planner-model';
import { clearPlannerSelection } from './use-planner-selection';

/**
 * "Push off" (SPEC §4): a project's bookings on the selected cells move to each employee's next free
 * working day up to the last shown day; those that find none become tasks on their day, which the
 * dialog then lists so the person knows what to plan by hand.
 */
export const PushOffDialog = ({
  planner,
  view,
  lookup,
  selected,
  projectIds,
  onClose,
}: {
  planner: PlannerDto;
  view: PlannerView;
  lookup: PlannerLookup;
  selected: readonly CellRef[];
  /** The projects booked on the selected cells. */
  projectIds: readonly string[];
  onClose: () => void;
}) => {
  const { t } = useTranslation('planner');
  const pushOff = usePushOffPlan();
  const [projectId, setProjectId] = useState<string | null>(projectIds.length === 1 ? projectIds[0]! : null);
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [madeTasks, setMadeTasks] = useState<TaskDto[] | null>(null);
  const until = planner.days.at(-1)?.date ?? '';
  const labelOf = (id: string) => {
    const project = lookup.projects.get(id);
    return project ? `${project.number} – ${project.name}` : id;
  };

  const push = async () => {
    setMissing(projectId === null);
    if (!projectId) return;
    setProblem(null);
    const cells = selected
      .map((cell) => currentCell(view, cell))
      .filter((cell) =>
        cell.bookings.some((booking) => booking.kind === 'project' && booking.projectId === projectId),
      )
      .map(({ employeeId, date, version }) => ({ employeeId, date, version }));
    try {
      const change = await pushOff.mutateAsync({ projectId, cells, until });
      clearPlannerSelection();
      if (change.tasks.length === 0) {
        notifySuccess(t('pushOff.done', { count: cells.length }));
        onClose();
        return;
      }
      notifySuccess(t('pushOff.doneWithTasks', { count: change.tasks.length }));
      setMadeTasks(change.tasks);
    } catch (error) {
      setProblem(planRefusalOf(error)?.reason === 'stale' ? t('book.stale') : errorMessageOf(error));
    }
  };

  if (madeTasks) {
    return (
      <AppDialog opened size="md" title={t('pushOff.tasksTitle')} onClose={onClose} onCancel={onClose}>
        <Stack gap="sm">
          <Alert color="violet" icon={<IconListCheck size={18} />} role="status">
            {t('pushOff.tasksText', { count: madeTasks.length, until: formatDate(until) })}
          </Alert>
          <List spacing={4} data-made-tasks>
            {madeTasks.map((task) => (
              <List.Item key={task.id}>
                {t('pushOff.taskLine', {
                  name: task.name,
                  employee: task.assigneeName ?? t('grid.nobody'),
                  date: formatDate(task.date),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      opened
      size="md"
      title={t('pushOff.title')}
      onClose={onClose}
      onCancel={onClose}
      onSave={push}
      saving={pushOff.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t('pushOff.explain', { until: formatDate(until) })}</Text>
        {problem && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Select
          label={t('pushOff.project')}
          data={projectIds.map((id) => ({ value: id, label: labelOf(id) }))}
          value={projectId}
          onChange={setProjectId}
          error={missing ? t('validation:required') : undefined}
          withAsterisk
          data-autofocus
        />
      </Stack>
    </AppDialog>
  );
};
