import type { PlannerDto, PlanOverbookingDetails } from '@karm/domain/contract';
import {
  ABSENCE_KINDS,
  type AbsenceKind,
  DAY_PARTS,
  type DayPart,
  formatDate,
  type PlanSubject,
} from '@karm/domain/rules';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  errorMessageOf,
  notifyError,
  notifySuccess,
  ServiceItemSelect,
  useConfirm,
} from '@/components';
import { useActiveProjects } from '@/lib/api/projects';
import { planRefusalOf, useAddPlan } from './plan-mutations';
import { type CellRef, currentCell, type PlannerView } from './planner-model';
import { daysSign } from './planner-row';
import { clearPlannerSelection } from './use-planner-selection';

type Kind = PlanSubject['kind'];

/** At most this many options drawn in a picker at once; typing narrows them. */
const PICKER_LIMIT = 60;

/** Who and when an overbooking would hit, and how many days that day would hold, for the question. */
const overbookingLines = (planner: PlannerDto, details: PlanOverbookingDetails) => {
  const nameOf = new Map(planner.employees.map((employee) => [employee.id, employee.name]));
  return details.cells.map(
    (cell) => `${nameOf.get(cell.employeeId) ?? ''}, ${formatDate(cell.date)}: ${daysSign(cell.quarters)}`,
  );
};

/**
 * SPEC §2 planner dialogs: book the selected cells with a project (searchable, the company's active
 * projects), a service item (found on the server), a task or an absence (holiday, sick, course) for ¼, ½ or a whole day — all cells in one
 * `plan:add`. A day that would hold more than a whole day asks "book anyway?" first; cells another
 * leader changed meanwhile are shown fresh and the person books again.
 */
export const BookDialog = ({
  planner,
  view,
  selected,
  onClose,
}: {
  planner: PlannerDto;
  view: PlannerView;
  selected: readonly CellRef[];
  onClose: () => void;
}) => {
  const { t } = useTranslation('planner');
  const confirm = useConfirm();
  const addPlan = useAddPlan();
  const activeProjects = useActiveProjects();
  const [kind, setKind] = useState<Kind>('project');
  const [projectId, setProjectId] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [serviceItemId, setServiceItemId] = useState<string | null>(null);
  const [absence, setAbsence] = useState<AbsenceKind>('holiday');
  const [dayPart, setDayPart] = useState<DayPart>(4);
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const projectOptions = useMemo(() => {
    const byId = new Map<string, { number: number; name: string }>();
    for (const project of activeProjects.data ?? []) byId.set(project.id, project);
    for (const project of planner.projects) if (!byId.has(project.id)) byId.set(project.id, project);
    return [...byId.entries()]
      .sort(([, a], [, b]) => a.number - b.number)
      .map(([id, project]) => ({ value: id, label: `${project.number} – ${project.name}` }));
  }, [activeProjects.data, planner.projects]);
  const taskOptions = planner.tasks
    .filter((task) => !task.isDone)
    .map((task) => ({
      value: task.id,
      label: `${task.name} · ${formatDate(task.date)}${task.assigneeName ? ` · ${task.assigneeName}` : ''}`,
    }));

  const subject = (): PlanSubject | null => {
    if (kind === 'project') return projectId ? { kind, projectId } : null;
    if (kind === 'task') return taskId ? { kind, taskId } : null;
    if (kind === 'serviceItem') return serviceItemId ? { kind, serviceItemId } : null;
    return { kind, absence };
  };

  const nameOf = new Map(planner.employees.map((employee) => [employee.id, employee.name]));
  const names = [...new Set(selected.map((cell) => cell.employeeId))].map((id) => nameOf.get(id) ?? '');
  const people =
    names.length <= 3
      ? names.join(', ')
      : t('book.andOthers', { names: names.slice(0, 3).join(', '), count: names.length - 3 });

  const book = async () => {
    const chosen = subject();
    setMissing(chosen === null);
    if (!chosen) return;
    setProblem(null);
    const send = (isOverbookingConfirmed: boolean) =>
      addPlan.mutateAsync({
        // Each cell at the version this screen shows: a cell booked meanwhile refuses the whole request.
        cells: selected.map((cell) => ({ ...cell, version: currentCell(view, cell).version })),
        subject: chosen,
        dayPart,
        isOverbookingConfirmed,
      });
    try {
      try {
        await send(false);
      } catch (error) {
        const refusal = planRefusalOf(error);
        if (refusal?.reason !== 'overbooked') throw error;
        const lines = overbookingLines(planner, refusal);
        const isConfirmed = await confirm({
          title: t('book.overbookedTitle'),
          message: (
            <Stack gap={4}>
              <Text size="sm">{t('book.overbookedQuestion', { count: lines.length })}</Text>
              {lines.slice(0, 8).map((line) => (
                <Text key={line} size="sm" fw={600}>
                  {line}
                </Text>
              ))}
              {lines.length > 8 && <Text size="sm">{t('book.andMore', { count: lines.length - 8 })}</Text>}
            </Stack>
          ),
          confirmLabel: t('book.bookAnyway'),
          color: 'orange',
        });
        if (!isConfirmed) return;
        await send(true);
      }
      clearPlannerSelection();
      notifySuccess(t('book.done', { count: selected.length }));
      onClose();
    } catch (error) {
      if (planRefusalOf(error)?.reason === 'stale') setProblem(t('book.stale'));
      else {
        setProblem(errorMessageOf(error));
        notifyError(error, { title: t('book.failed') });
      }
    }
  };

  return (
    <AppDialog
      opened
      size="md"
      title={t('book.title', { count: selected.length })}
      onClose={onClose}
      onCancel={onClose}
      onSave={book}
      saving={addPlan.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('book.summary', { count: selected.length, people })}
        </Text>
        {problem && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setMissing(false);
          }}
          data={[
            { value: 'project', label: t('book.kind.project') },
            { value: 'serviceItem', label: t('book.kind.serviceItem') },
            { value: 'task', label: t('book.kind.task') },
            { value: 'absence', label: t('book.kind.absence') },
          ]}
          aria-label={t('book.kindLabel')}
          fullWidth
        />
        {kind === 'project' && (
          <Select
            label={t('book.project')}
            placeholder={t('book.projectPlaceholder')}
            data={projectOptions}
            value={projectId}
            onChange={setProjectId}
            searchable
            limit={PICKER_LIMIT}
            nothingFoundMessage={activeProjects.isLoading ? t('book.loadingProjects') : t('book.noProject')}
            error={missing ? t('validation:required') : undefined}
            withAsterisk
            data-autofocus
          />
        )}
        {kind === 'serviceItem' && (
          <ServiceItemSelect
            label={t('book.serviceItem')}
            placeholder={t('book.serviceItemPlaceholder')}
            nothingFound={t('book.noServiceItem')}
            value={serviceItemId}
            onChange={(id) => setServiceItemId(id)}
            error={missing ? t('validation:required') : undefined}
            withAsterisk
          />
        )}
        {kind === 'task' && (
          <Select
            label={t('book.task')}
            placeholder={t('book.taskPlaceholder')}
            data={taskOptions}
            value={taskId}
            onChange={setTaskId}
            searchable
            limit={PICKER_LIMIT}
            nothingFoundMessage={t('book.noTask')}
            error={missing ? t('validation:required') : undefined}
            withAsterisk
          />
        )}
        {kind === 'absence' && (
          <SegmentedControl
            value={absence}
            onChange={(value) => setAbsence(value as AbsenceKind)}
            data={ABSENCE_KINDS.map((value) => ({ value, label: t(`absence.${value}`) }))}
            aria-label={t('book.absence')}
            fullWidth
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('book.dayPart')}
          </Text>
          <SegmentedControl
            value={String(dayPart)}
            onChange={(value) => setDayPart(Number(value) as DayPart)}
            data={DAY_PARTS.map((part) => ({ value: String(part), label: t(`dayPart.${part}`) }))}
            aria-label={t('book.dayPart')}
            fullWidth
          />
        </Stack>
      </Stack>
    </AppDialog>
  );
};
