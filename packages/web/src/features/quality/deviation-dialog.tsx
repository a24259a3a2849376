import {
  ACTION_KINDS,
  DEVIATION_CATEGORIES,
  DEVIATION_SEVERITIES,
  DEVIATION_STATUSES,
  type DeviationCreateInput,
  type DeviationDto,
  type DeviationStatus,
  deviationCreateSchema,
  QUALITY_LIMITS,
} from '@karm/domain/contract';
import { formatDateTime, formatNok, isStatusChangeAllowed, osloDateOf } from '@karm/domain/rules';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  DateInput,
  HistoryTimeline,
  notifyError,
  notifySuccess,
  useRecordQuestions,
} from '@/components';
import { applyServerFieldErrors, changedValues, translateMessage, useContractForm } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/lib/store/auth-store';
import { PicturesField, ProjectPicker } from './deviation-fields';
import {
  createDeviation,
  deviationQueryOptions,
  updateDeviation,
  useDeviationHistory,
  useQualityMutation,
  useQualityPeople,
} from './quality-api';

type ActionValues = {
  id?: string;
  description: string;
  kind: (typeof ACTION_KINDS)[number];
  responsibleId: string | null;
  dueDate: string | null;
  isDone: boolean;
};

type FormValues = Omit<Required<DeviationCreateInput>, 'actions'> & {
  actions: ActionValues[];
  status: DeviationStatus;
};

const valuesOf = (deviation: DeviationDto): FormValues => ({
  title: deviation.title,
  description: deviation.description,
  category: deviation.category,
  severity: deviation.severity,
  date: deviation.date,
  projectId: deviation.projectId,
  product: deviation.product,
  supplier: deviation.supplier,
  pictureIds: deviation.pictureIds,
  handlerId: deviation.handlerId,
  rootCause: deviation.rootCause,
  costOre: deviation.costOre,
  status: deviation.status,
  actions: deviation.actions.map((action) => ({
    id: action.id,
    description: action.description,
    kind: action.kind,
    responsibleId: action.responsibleId,
    dueDate: action.dueDate,
    isDone: action.isDone,
  })),
});

const newValues = (today: string, defaults: DeviationDialogProps['defaults']): FormValues => ({
  title: '',
  description: '',
  category: 'product',
  severity: 'medium',
  date: today,
  projectId: defaults?.projectId ?? null,
  product: '',
  supplier: '',
  pictureIds: [],
  handlerId: null,
  rootCause: '',
  costOre: 0,
  status: 'open',
  actions: [],
});

export type DeviationDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The deviation to open; null for a new one. */
  deviation: DeviationDto | null;
  /** A new deviation's project (and how it is named, so the picker shows it). */
  defaults?: { projectId?: string; projectLabel?: string };
};

/**
 * SPEC §2 "deviation view" (issue 16): what happened and where it came from (project, product,
 * supplier, pictures), who handles it, its status, root cause, cost, corrective and preventive
 * actions, and its history. A reporter without `deviations.handle` reads it after reporting; the
 * case handler works on their own.
 */
export const DeviationDialog = ({ opened, ...props }: DeviationDialogProps) =>
  opened ? <DeviationDialogWindow key={props.deviation?.id ?? 'new'} {...props} /> : null;

const DeviationDialogWindow = ({
  onClose,
  deviation: given,
  defaults,
}: Omit<DeviationDialogProps, 'opened'>) => {
  const { t } = useTranslation('quality');
  const { t: tAll } = useTranslation();
  const questions = useRecordQuestions('quality');
  const queryClient = useQueryClient();
  const people = useQualityPeople();
  const userId = useAuthStore((state) => state.user?.id);
  const mayHandle = useCan('deviations.handle');
  const mayReport = useCan('deviations.report');
  const [deviation, setDeviation] = useState<DeviationDto | null>(given);
  const [tab, setTab] = useState<string>('details');
  const form = useContractForm<FormValues>(
    deviationCreateSchema,
    deviation ? valuesOf(deviation) : newValues(osloDateOf(new Date()), defaults),
  );
  const history = useDeviationHistory(deviation?.id ?? null);
  const create = useQualityMutation(createDeviation);
  const update = useQualityMutation(updateDeviation);
  const isOwn = deviation !== null && deviation.handlerId === userId;
  const mayEdit = deviation === null ? mayReport : mayHandle || (isOwn && mayReport);
  const values = form.getValues();
  const isClosed = deviation?.status === 'closed' && values.status === 'closed';
  const isLocked = !mayEdit || isClosed;
  const peopleData = (people.data ?? []).map((person) => ({ value: person.id, label: person.name }));

  const adopt = (fresh: DeviationDto) => {
    const next = valuesOf(fresh);
    setDeviation(fresh);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const save = async () => {
    if (form.validate().hasErrors) {
      setTab('details');
      return;
    }
    try {
      if (!deviation) {
        const { status: _status, ...input } = form.getValues();
        const created = await create.mutateAsync(input);
        notifySuccess(t('toast.created', { number: created.number }));
        onClose();
        return;
      }
      const changes = changedValues(valuesOf(deviation), form.getValues());
      if (Object.keys(changes).length === 0) {
        notifySuccess(t('toast.noChanges'));
        return;
      }
      const saved = await update.mutateAsync({ id: deviation.id, version: deviation.version, changes });
      adopt(saved);
      notifySuccess(t('toast.saved', { number: saved.number }));
    } catch (error) {
      if (deviation && error instanceof ApiError && error.code === 'CONFLICT') {
        if (await questions.wantsNewerVersion()) {
          adopt(await queryClient.fetchQuery(deviationQueryOptions(deviation.id)));
          notifySuccess(t('toast.retrieved'));
        }
      } else if (applyServerFieldErrors(form, error)) {
        const fields = Object.keys(form.errors);
        setTab(
          fields.some((field) => field.startsWith('actions')) && !fields.includes('rootCause')
            ? 'actions'
            : 'details',
        );
      } else notifyError(error);
    }
  };

  const statusOptions = DEVIATION_STATUSES.filter(
    (status) => !deviation || isStatusChangeAllowed(deviation.status, status),
  ).map((status) => ({ value: status, label: t(`statuses.${status}`) }));
  const setAction = (index: number, patch: Partial<ActionValues>) =>
    form.setFieldValue(
      'actions',
      values.actions.map((action, at) => (at === index ? { ...action, ...patch } : action)),
    );
  const actionsError = form.errors.actions;

  return (
    <AppDialog
      opened
      size="xl"
      title={
        deviation
          ? t('dialog.title', { number: deviation.number, title: deviation.title })
          : t('dialog.newTitle')
      }
      readOnly={!mayEdit}
      onClose={() => void questions.closeUnlessKept(form.isDirty(), onClose)}
      onCancel={() => questions.closeUnlessKept(form.isDirty(), onClose)}
      onSave={save}
      saving={create.isPending || update.isPending}
    >
      <Tabs value={tab} onChange={(next) => next && setTab(next)}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="details">{t('dialog.details')}</Tabs.Tab>
          <Tabs.Tab value="actions">
            {t('dialog.actions')} ({values.actions.length})
          </Tabs.Tab>
          {deviation && <Tabs.Tab value="history">{t('dialog.history')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack gap="sm">
            {isClosed && <Alert color="green">{t('dialog.closedHint')}</Alert>}
            {deviation && (
              <Text size="xs" c="dimmed">
                {t('dialog.reported', {
                  name: deviation.reportedByName ?? '',
                  at: formatDateTime(deviation.reportedAt),
                })}
              </Text>
            )}
            <TextInput
              label={t('fields.title')}
              required
              maxLength={QUALITY_LIMITS.title}
              data-autofocus
              disabled={isLocked}
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t('fields.category')}
                allowDeselect={false}
                disabled={isLocked}
                data={DEVIATION_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
                {...form.getInputProps('category')}
              />
              <Select
                label={t('fields.severity')}
                allowDeselect={false}
                disabled={isLocked}
                data={DEVIATION_SEVERITIES.map((value) => ({ value, label: t(`severities.${value}`) }))}
                {...form.getInputProps('severity')}
              />
              <DateInput
                label={t('fields.date')}
                required
                disabled={isLocked}
                value={values.date || null}
                onChange={(date) => form.setFieldValue('date', date ?? '')}
                error={form.getInputProps('date').error}
              />
            </SimpleGrid>
            <Textarea
              label={t('fields.description')}
              minRows={3}
              autosize
              maxRows={10}
              maxLength={QUALITY_LIMITS.text}
              disabled={isLocked}
              {...form.getInputProps('description')}
            />
            <ProjectPicker
              value={values.projectId}
              label={
                deviation?.projectId
                  ? `${deviation.projectNumber} ${deviation.projectName}`
                  : (defaults?.projectLabel ?? null)
              }
              onChange={(id) => form.setFieldValue('projectId', id)}
              error={form.getInputProps('projectId').error}
              disabled={isLocked}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('fields.product')}
                description={t('fields.productHint')}
                maxLength={QUALITY_LIMITS.origin}
                disabled={isLocked}
                {...form.getInputProps('product')}
              />
              <TextInput
                label={t('fields.supplier')}
                maxLength={QUALITY_LIMITS.origin}
                disabled={isLocked}
                {...form.getInputProps('supplier')}
              />
            </SimpleGrid>
            <PicturesField
              value={values.pictureIds}
              onChange={(ids) => form.setFieldValue('pictureIds', ids)}
              disabled={isLocked}
            />
            {form.errors.pictureIds && (
              <Text c="red" size="sm">
                {translateMessage(tAll, String(form.errors.pictureIds))}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t('fields.handler')}
                placeholder={t('fields.nobody')}
                searchable
                clearable
                disabled={isLocked || !mayHandle}
                data={peopleData}
                {...form.getInputProps('handlerId')}
              />
              {deviation && (
                <Select
                  label={t('fields.status')}
                  allowDeselect={false}
                  disabled={!mayEdit}
                  data={statusOptions}
                  {...form.getInputProps('status')}
                />
              )}
              <NumberInput
                label={t('fields.cost')}
                suffix=" kr"
                min={0}
                decimalScale={2}
                thousandSeparator=" "
                decimalSeparator=","
                disabled={isLocked}
                value={values.costOre / 100}
                onChange={(value) => form.setFieldValue('costOre', Math.round(Number(value || 0) * 100))}
                error={form.getInputProps('costOre').error}
              />
            </SimpleGrid>
            <Textarea
              label={t('fields.rootCause')}
              description={t('fields.rootCauseHint')}
              minRows={2}
              autosize
              maxLength={QUALITY_LIMITS.text}
              disabled={isLocked}
              {...form.getInputProps('rootCause')}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="actions">
          <Stack gap="sm">
            {actionsError && <Alert color="red">{translateMessage(tAll, String(actionsError))}</Alert>}
            {values.actions.length === 0 && <Text c="dimmed">{t('actions.none')}</Text>}
            {values.actions.map((action, index) => (
              <Paper key={action.id ?? `new-${index}`} withBorder p="sm" data-action-index={index}>
                <Stack gap="xs">
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1 }}
                      label={t('actions.description')}
                      required
                      maxLength={QUALITY_LIMITS.text}
                      disabled={isLocked}
                      {...form.getInputProps(`actions.${index}.description`)}
                    />
                    {!isLocked && (
                      <ActionIcon
                        mt={26}
                        color="red"
                        variant="subtle"
                        aria-label={t('actions.remove')}
                        onClick={() =>
                          form.setFieldValue(
                            'actions',
                            values.actions.filter((_, at) => at !== index),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                    <Select
                      label={t('actions.kind')}
                      allowDeselect={false}
                      disabled={isLocked}
                      data={ACTION_KINDS.map((value) => ({ value, label: t(`actionKinds.${value}`) }))}
                      {...form.getInputProps(`actions.${index}.kind`)}
                    />
                    <Select
                      label={t('actions.responsible')}
                      placeholder={t('fields.nobody')}
                      searchable
                      clearable
                      disabled={isLocked}
                      data={peopleData}
                      {...form.getInputProps(`actions.${index}.responsibleId`)}
                    />
                    <DateInput
                      label={t('actions.dueDate')}
                      disabled={isLocked}
                      value={action.dueDate}
                      onChange={(date) => setAction(index, { dueDate: date })}
                      error={form.getInputProps(`actions.${index}.dueDate`).error}
                    />
                  </SimpleGrid>
                  <Checkbox
                    label={t('actions.done')}
                    disabled={isLocked}
                    checked={action.isDone}
                    onChange={(event) => setAction(index, { isDone: event.currentTarget.checked })}
                  />
                </Stack>
              </Paper>
            ))}
            {!isLocked && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() =>
                    form.setFieldValue('actions', [
                      ...values.actions,
                      {
                        description: '',
                        kind: 'corrective',
                        responsibleId: null,
                        dueDate: null,
                        isDone: false,
                      },
                    ])
                  }
                >
                  {t('actions.add')}
                </Button>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        {deviation && (
          <Tabs.Panel value="history">
            <HistoryTimeline
              entries={(history.data ?? []).map((entry) => ({
                id: entry.id,
                at: entry.at,
                userName: entry.userName,
                title: t(`history.${entry.action}`, { defaultValue: entry.action }),
                changes: Object.entries(entry.changes).map(([field, change]) => ({
                  field,
                  from: shownValue(field, change.from, people.data),
                  to: shownValue(field, change.to, people.data),
                })),
              }))}
              fieldLabel={(field) => t(`historyFields.${field}`, { defaultValue: field })}
              formatValue={(field, value) =>
                field === 'status'
                  ? t(`statuses.${value}`)
                  : field === 'severity'
                    ? t(`severities.${value}`)
                    : field === 'category'
                      ? t(`categories.${value}`)
                      : undefined
              }
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </AppDialog>
  );
};

/** A history value as people read it: names for people, kroner for cost, lists joined. */
const shownValue = (field: string, value: unknown, people: { id: string; name: string }[] | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'handlerId') return people?.find((person) => person.id === value)?.name ?? String(value);
  if (field === 'costOre' && typeof value === 'number') return formatNok(value);
  if (field === 'pictureIds' && Array.isArray(value)) return String(value.length);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};
