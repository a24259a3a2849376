import {
  PROCEDURE_CATEGORIES,
  type ProcedureCategory,
  type ProcedureDetailDto,
  QUALITY_LIMITS,
} from '@karm/domain/contract';
import { formatDate, formatDateTime, osloDateOf } from '@karm/domain/rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconEdit, IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DateInput, notifyError, notifySuccess, useRecordQuestions } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import {
  acknowledgeProcedure,
  createProcedure,
  publishProcedureVersion,
  updateProcedure,
  useProcedure,
  useQualityMutation,
  useQualityPeople,
} from './quality-api';
import { RichTextEditor, RichTextView } from './rich-text-editor';

type Mode = 'view' | 'details' | 'publish';

type Draft = {
  title: string;
  category: ProcedureCategory;
  ownerId: string | null;
  reviewDate: string | null;
  html: string;
  effectiveDate: string;
  reason: string;
};

const draftOf = (procedure: ProcedureDetailDto | undefined, today: string): Draft => ({
  title: procedure?.title ?? '',
  category: procedure?.category ?? 'production',
  ownerId: procedure?.ownerId ?? null,
  reviewDate: procedure?.reviewDate ?? null,
  html: procedure?.html ?? '',
  effectiveDate: today,
  reason: '',
});

/**
 * SPEC §2 "procedure view" (issue 16): the current text, rendered from the server's sanitised HTML;
 * "I have read it" for the current version; who has and has not read it; the versions. The quality
 * managers write a new procedure, change its details and publish a new version (everyone is asked
 * to read it again).
 */
export const ProcedureDialog = ({
  procedureId,
  onClose,
}: {
  procedureId: string | null;
  onClose: () => void;
}) =>
  procedureId ? (
    <ProcedureDialogWindow key={procedureId} procedureId={procedureId} onClose={onClose} />
  ) : null;

const ProcedureDialogWindow = ({ procedureId, onClose }: { procedureId: string; onClose: () => void }) => {
  const { t } = useTranslation('quality');
  const { t: tAll } = useTranslation();
  const questions = useRecordQuestions('quality');
  const isNew = procedureId === 'new';
  const [createdId, setCreatedId] = useState<string | null>(null);
  const id = isNew ? createdId : procedureId;
  const procedure = useProcedure(id);
  const mayManage = useCan('quality.manage');
  const people = useQualityPeople();
  const today = osloDateOf(new Date());
  const [mode, setMode] = useState<Mode>(isNew ? 'publish' : 'view');
  const [draft, setDraft] = useState<Draft>(() => draftOf(undefined, today));
  const [isDirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useQualityMutation(createProcedure);
  const update = useQualityMutation(updateProcedure);
  const publish = useQualityMutation(publishProcedureVersion);
  const acknowledge = useQualityMutation(acknowledgeProcedure);
  const current = procedure.data;

  const edit = (patch: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...patch }));
    setDirty(true);
  };
  const start = (next: Mode) => {
    setDraft(draftOf(current, today));
    setErrors({});
    setDirty(false);
    setMode(next);
  };
  const errorOf = (field: string) => (errors[field] ? translateMessage(tAll, errors[field]) : undefined);

  const save = async () => {
    setErrors({});
    try {
      if (!current) {
        const created = await create.mutateAsync(draft);
        setCreatedId(created.id);
        notifySuccess(t('toast.procedureCreated', { number: created.number }));
      } else if (mode === 'details') {
        await update.mutateAsync({
          id: current.id,
          version: current.version,
          changes: {
            title: draft.title,
            category: draft.category,
            ownerId: draft.ownerId,
            reviewDate: draft.reviewDate,
          },
        });
        notifySuccess(t('toast.procedureSaved'));
      } else {
        const saved = await publish.mutateAsync({
          id: current.id,
          version: current.version,
          html: draft.html,
          effectiveDate: draft.effectiveDate,
          reason: draft.reason,
        });
        notifySuccess(t('toast.published', { version: saved.currentVersion.versionNumber }));
      }
      setDirty(false);
      setMode('view');
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else if (error instanceof ApiError && error.code === 'CONFLICT') {
        notifyError(t('toast.procedureConflict'));
        await procedure.refetch();
        setMode('view');
      } else notifyError(error);
    }
  };

  const read = async () => {
    if (!current) return;
    try {
      await acknowledge.mutateAsync({ id: current.id, versionNumber: current.currentVersion.versionNumber });
      notifySuccess(t('toast.acknowledged'));
    } catch (error) {
      notifyError(error);
      void procedure.refetch();
    }
  };

  const isEditing = mode !== 'view';
  const title = current
    ? t('procedureDialog.title', { number: current.number, title: current.title })
    : t('procedureDialog.newTitle');

  return (
    <AppDialog
      opened
      size="xl"
      title={title}
      onClose={() => void questions.closeUnlessKept(isDirty, onClose)}
      onCancel={
        isEditing && current ? () => setMode('view') : () => questions.closeUnlessKept(isDirty, onClose)
      }
      onSave={isEditing ? save : undefined}
      saving={create.isPending || update.isPending || publish.isPending}
    >
      {!isNew && !current ? (
        procedure.isError ? (
          <Alert color="red">{translateMessage(tAll, String(procedure.error))}</Alert>
        ) : (
          <Loader />
        )
      ) : isEditing ? (
        <Stack gap="sm">
          {(mode === 'details' || !current) && (
            <>
              <TextInput
                label={t('fields.title')}
                required
                data-autofocus
                maxLength={QUALITY_LIMITS.title}
                value={draft.title}
                onChange={(event) => edit({ title: event.currentTarget.value })}
                error={errorOf('title')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t('fields.category')}
                  allowDeselect={false}
                  value={draft.category}
                  onChange={(value) => value && edit({ category: value as ProcedureCategory })}
                  data={PROCEDURE_CATEGORIES.map((value) => ({
                    value,
                    label: t(`procedureCategories.${value}`),
                  }))}
                />
                <Select
                  label={t('fields.owner')}
                  placeholder={t('fields.nobody')}
                  clearable
                  searchable
                  value={draft.ownerId}
                  onChange={(value) => edit({ ownerId: value })}
                  data={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
                  error={errorOf('ownerId')}
                />
                <DateInput
                  label={t('fields.reviewDate')}
                  value={draft.reviewDate}
                  onChange={(value) => edit({ reviewDate: value })}
                  error={errorOf('reviewDate')}
                />
              </SimpleGrid>
            </>
          )}
          {mode === 'publish' && (
            <>
              {current && <Alert color="blue">{t('procedureDialog.publishHint')}</Alert>}
              <RichTextEditor
                label={t('fields.text')}
                value={draft.html}
                onChange={(html) => edit({ html })}
                error={errorOf('html')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <DateInput
                  label={t('fields.effectiveDate')}
                  required
                  value={draft.effectiveDate}
                  onChange={(value) => edit({ effectiveDate: value ?? '' })}
                  error={errorOf('effectiveDate')}
                />
                <Textarea
                  label={t('fields.reason')}
                  required={Boolean(current)}
                  autosize
                  minRows={1}
                  maxLength={QUALITY_LIMITS.text}
                  value={draft.reason}
                  onChange={(event) => edit({ reason: event.currentTarget.value })}
                  error={errorOf('reason')}
                />
              </SimpleGrid>
            </>
          )}
        </Stack>
      ) : (
        current && (
          <ProcedureView
            procedure={current}
            mayManage={mayManage}
            onEdit={start}
            onRead={read}
            isReading={acknowledge.isPending}
          />
        )
      )}
    </AppDialog>
  );
};

const ProcedureView = ({
  procedure,
  mayManage,
  onEdit,
  onRead,
  isReading,
}: {
  procedure: ProcedureDetailDto;
  mayManage: boolean;
  onEdit: (mode: Mode) => void;
  onRead: () => void;
  isReading: boolean;
}) => {
  const { t } = useTranslation('quality');
  const unread = procedure.acknowledgements.filter((person) => person.acknowledgedAt === null);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge variant="light">{t(`procedureCategories.${procedure.category}`)}</Badge>
          <Text size="sm">
            {t('procedures.versionOf', {
              version: procedure.currentVersion.versionNumber,
              date: formatDate(procedure.currentVersion.effectiveDate),
            })}
          </Text>
          {procedure.ownerName && (
            <Text size="sm" c="dimmed">
              {t('procedureDialog.owner', { name: procedure.ownerName })}
            </Text>
          )}
          {procedure.reviewDate && (
            <Badge color={procedure.isReviewDue ? 'red' : 'gray'} variant="light">
              {t('procedureDialog.review', { date: formatDate(procedure.reviewDate) })}
            </Badge>
          )}
        </Group>
        {mayManage && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} />}
              onClick={() => onEdit('details')}
            >
              {t('procedureDialog.editDetails')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFilePlus size={14} />}
              onClick={() => onEdit('publish')}
            >
              {t('procedureDialog.newVersion')}
            </Button>
          </Group>
        )}
      </Group>
      {procedure.isAcknowledgedByMe ? (
        <Alert color="green" icon={<IconCheck size={16} />}>
          {t('procedureDialog.youHaveRead', { version: procedure.currentVersion.versionNumber })}
        </Alert>
      ) : (
        <Alert color="orange">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {t('procedureDialog.pleaseRead', { version: procedure.currentVersion.versionNumber })}
            </Text>
            <Button size="xs" onClick={onRead} loading={isReading} leftSection={<IconCheck size={14} />}>
              {t('procedureDialog.acknowledge')}
            </Button>
          </Group>
        </Alert>
      )}
      <Tabs defaultValue="text">
        <Tabs.List mb="sm">
          <Tabs.Tab value="text">{t('procedureDialog.text')}</Tabs.Tab>
          <Tabs.Tab value="readers">
            {t('procedureDialog.readers', {
              count: procedure.acknowledgedCount,
              total: procedure.memberCount,
            })}
          </Tabs.Tab>
          <Tabs.Tab value="versions">{t('procedureDialog.versions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="text">
          <RichTextView html={procedure.html} />
        </Tabs.Panel>
        <Tabs.Panel value="readers">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4}>
              <Text fw={500} size="sm">
                {t('procedureDialog.haveRead')}
              </Text>
              {procedure.acknowledgements
                .filter((person) => person.acknowledgedAt !== null)
                .map((person) => (
                  <Text key={person.userId} size="sm" data-read-by={person.name}>
                    {person.name} · {formatDateTime(person.acknowledgedAt ?? '')}
                  </Text>
                ))}
            </Stack>
            <Stack gap={4}>
              <Text fw={500} size="sm">
                {t('procedureDialog.notRead')}
              </Text>
              {unread.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('procedureDialog.everyone')}
                </Text>
              )}
              {unread.map((person) => (
                <Text key={person.userId} size="sm" c="dimmed" data-not-read-by={person.name}>
                  {person.name}
                </Text>
              ))}
            </Stack>
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="versions">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.version')}</Table.Th>
                <Table.Th>{t('fields.effectiveDate')}</Table.Th>
                <Table.Th>{t('fields.reason')}</Table.Th>
                <Table.Th>{t('procedureDialog.publishedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {procedure.versions.map((version) => (
                <Table.Tr key={version.versionNumber}>
                  <Table.Td>{version.versionNumber}</Table.Td>
                  <Table.Td>{formatDate(version.effectiveDate)}</Table.Td>
                  <Table.Td>{version.reason}</Table.Td>
                  <Table.Td>{version.createdByName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
