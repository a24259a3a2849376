import {
  SERVICE_TEMPLATE_LIMITS,
  type ServiceGroupDto,
  type ServiceTemplateFullDto,
} from '@karm/domain/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconCopy, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifyError, notifySuccess, ReadOnlyFieldset, useConfirm } from '@/components';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useIsPhone } from '@/lib/use-is-phone';
import { ChecklistPreview } from './checklist-preview';
import { GroupEditor } from './group-editor';
import { InlineText } from './inline-text';
import {
  copyServiceTemplate,
  createServiceEntity,
  deleteServiceGroups,
  deleteServiceTemplate,
  reorderServiceGroups,
  serviceTemplateKeys,
  storeTemplate,
  updateServiceEntity,
  useFullServiceTemplate,
  useServiceTemplatePushes,
} from './service-templates-api';
import { SortableList } from './sortable-list';
import { useTemplateAction } from './use-template-action';

const byIds = <Item extends { id: string }>(items: Item[], ids: string[]) =>
  ids
    .flatMap((id) => items.filter((item) => item.id === id))
    .map((item, position) => ({ ...item, position }));

/** Shows a new order at once, before the server has answered (its answer, or a reload, follows). */
const useOptimisticOrder = (templateId: string) => {
  const queryClient = useQueryClient();
  const change = (update: (template: ServiceTemplateFullDto) => ServiceTemplateFullDto) =>
    queryClient.setQueryData<ServiceTemplateFullDto>(serviceTemplateKeys.full(templateId), (template) =>
      template ? update(template) : template,
    );
  const mapGroup = (
    template: ServiceTemplateFullDto,
    groupId: string,
    update: (group: ServiceGroupDto) => ServiceGroupDto,
  ) => ({
    ...template,
    groups: template.groups.map((group) => (group.id === groupId ? update(group) : group)),
  });
  return {
    groups: (ids: string[]) => change((template) => ({ ...template, groups: byIds(template.groups, ids) })),
    rows: (groupId: string, ids: string[]) =>
      change((template) =>
        mapGroup(template, groupId, (group) => ({ ...group, rows: byIds(group.rows, ids) })),
      ),
    answers: (groupId: string, rowId: string, ids: string[]) =>
      change((template) =>
        mapGroup(template, groupId, (group) => ({
          ...group,
          rows: group.rows.map((row) =>
            row.id === rowId ? { ...row, answers: byIds(row.answers, ids) } : row,
          ),
        })),
      ),
  };
};

const AddGroup = ({
  template,
  act,
}: {
  template: ServiceTemplateFullDto;
  act: ReturnType<typeof useTemplateAction>;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const [name, setName] = useState('');
  const add = async () => {
    if (!name.trim()) return;
    const saved = await act(
      () => createServiceEntity({ entity: 'group', templateId: template.id, name: name.trim() }),
      t('groups.added'),
    );
    if (saved) setName('');
  };
  return (
    <Group gap="xs" wrap="wrap">
      <TextInput
        aria-label={t('groups.newName')}
        placeholder={t('groups.newPlaceholder')}
        style={{ flex: 1 }}
        miw={180}
        maxLength={SERVICE_TEMPLATE_LIMITS.name}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      <Button leftSection={<IconPlus size={16} />} disabled={!name.trim()} onClick={() => void add()}>
        {t('groups.add')}
      </Button>
    </Group>
  );
};

/** The template's own fields, its version and use, copy and delete. */
const TemplateHeader = ({
  template,
  isReadOnly,
  act,
  onCopied,
  onDeleted,
}: {
  template: ServiceTemplateFullDto;
  isReadOnly: boolean;
  act: ReturnType<typeof useTemplateAction>;
  onCopied: (id: string) => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const update = (changes: { name?: string; info?: string }) =>
    act(() =>
      updateServiceEntity({ entity: 'template', id: template.id, version: template.version, changes }),
    );
  const copy = async () => {
    const copied = await act(() => copyServiceTemplate({ id: template.id }), t('templates.copied'));
    if (copied) onCopied(copied.id);
  };
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('templates.deleteTitle'),
      message: t('templates.deleteMessage', { name: template.name }),
      confirmLabel: t('delete'),
    });
    if (!isConfirmed) return;
    try {
      await deleteServiceTemplate({ id: template.id, version: template.version });
      notifySuccess(t('templates.deleted', { name: template.name }));
      onDeleted();
    } catch (error) {
      const details =
        error instanceof ApiError ? (error.details as { reason?: string; count?: number }) : undefined;
      notifyError(
        details?.reason === 'templateInUse' ? t('templates.inUse', { count: details.count ?? 0 }) : error,
      );
    }
  };
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <InlineText
          label={t('templates.name')}
          value={template.name}
          isRequired
          maxLength={SERVICE_TEMPLATE_LIMITS.name}
          size="md"
          fw={600}
          onSave={(name) => update({ name })}
        />
        <InlineText
          label={t('templates.info')}
          hideLabel={false}
          value={template.info}
          isMultiline
          maxLength={SERVICE_TEMPLATE_LIMITS.info}
          onSave={(info) => update({ info })}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge
              variant="light"
              color={template.purpose === 'checklist' ? 'grape' : 'teal'}
              data-template-purpose
            >
              {t(`templates.purposeOne.${template.purpose}`)}
            </Badge>
            <Badge variant="light" data-template-version>
              {t('templates.version', { version: template.version })}
            </Badge>
            <Tooltip label={t('templates.usageHint')} multiline w={260}>
              <Badge variant="light" color={template.usage > 0 ? 'blue' : 'gray'} data-template-usage>
                {t('templates.usage', { count: template.usage })}
              </Badge>
            </Tooltip>
          </Group>
          {!isReadOnly && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCopy size={14} />}
                onClick={() => void copy()}
              >
                {t('templates.copy')}
              </Button>
              <Tooltip
                label={t('templates.inUse', { count: template.usage })}
                disabled={template.usage === 0}
                multiline
                w={260}
              >
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={template.usage > 0}
                  onClick={() => void remove()}
                >
                  {t('templates.delete')}
                </Button>
              </Tooltip>
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

/**
 * The template editor (SPEC §2 /admin/service-template): the template as a tree — groups, rows,
 * answers — ordered by dragging or with the keyboard, each field edited in place, and beside it the
 * checklist as a technician will see it. Read only for those who may not change templates.
 */
export const TemplateEditor = ({
  templateId,
  onBack,
  onOpen,
}: {
  templateId: string;
  onBack: () => void;
  onOpen: (id: string) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const mayWrite = useCan('service-templates.write');
  const isReadOnly = !mayWrite;
  const isPhone = useIsPhone();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  useServiceTemplatePushes();
  const query = useFullServiceTemplate(templateId);
  const act = useTemplateAction(templateId);
  const optimistic = useOptimisticOrder(templateId);
  const [selected, setSelected] = useState<string[]>([]);
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const template = query.data;

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={onBack}
      w="fit-content"
      px={4}
    >
      {t('templates.all')}
    </Button>
  );
  if (query.isPending) return <Loader />;
  if (!template) {
    return (
      <Stack>
        {back}
        <LoadFailedAlert
          title={t('templates.loadFailed')}
          error={query.error}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }
  const deleteSelected = async () => {
    const groups = template.groups.filter((group) => selected.includes(group.id));
    const isConfirmed = await confirm({
      title: t('groups.deleteSelectedTitle'),
      message: t('groups.deleteSelectedMessage', {
        count: groups.length,
        names: groups.map((group) => group.name).join(', '),
      }),
      confirmLabel: t('delete'),
    });
    if (!isConfirmed) return;
    try {
      for (const changed of await deleteServiceGroups(groups.map((group) => group.id))) {
        await storeTemplate(queryClient, changed);
      }
      setSelected([]);
      notifySuccess(t('groups.deletedSelected', { count: groups.length }));
    } catch (error) {
      notifyError(error);
    }
  };
  const reorderGroups = (ids: string[]) => {
    optimistic.groups(ids);
    void act(() => reorderServiceGroups({ templateId: template.id, ids }), t('reordered'));
  };

  const editor = (
    <ReadOnlyFieldset readOnly={isReadOnly}>
      <Stack gap="sm">
        <TemplateHeader
          template={template}
          isReadOnly={isReadOnly}
          act={act}
          onCopied={onOpen}
          onDeleted={onBack}
        />
        {selected.length > 0 && !isReadOnly && (
          <Alert color="red" variant="light">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{t('groups.selected', { count: selected.length })}</Text>
              <Group gap="xs">
                <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                  {t('cancel')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => void deleteSelected()}
                >
                  {t('groups.deleteSelected', { count: selected.length })}
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        {template.groups.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('groups.none')}
          </Text>
        )}
        <div data-groups>
          <SortableList items={template.groups} isDisabled={isReadOnly} onReorder={reorderGroups}>
            {(group, handle) => (
              <GroupEditor
                group={group}
                handle={handle}
                isReadOnly={isReadOnly}
                isSelected={selected.includes(group.id)}
                onSelect={(isSelected) =>
                  setSelected((current) =>
                    isSelected ? [...current, group.id] : current.filter((id) => id !== group.id),
                  )
                }
                act={act}
                onRowsReordered={(ids) => optimistic.rows(group.id, ids)}
                onAnswersReordered={(rowId, ids) => optimistic.answers(group.id, rowId, ids)}
              />
            )}
          </SortableList>
        </div>
        {!isReadOnly && <AddGroup template={template} act={act} />}
      </Stack>
    </ReadOnlyFieldset>
  );
  const preview = <ChecklistPreview template={template} />;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        {back}
        {isReadOnly && (
          <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
            {t('readOnly')}
          </Badge>
        )}
      </Group>
      {isPhone ? (
        <>
          <SegmentedControl
            fullWidth
            value={view}
            onChange={(value) => setView(value as 'edit' | 'preview')}
            data={[
              { value: 'edit', label: t('view.edit') },
              { value: 'preview', label: t('view.preview') },
            ]}
          />
          {view === 'edit' ? editor : preview}
        </>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>{editor}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <div style={{ position: 'sticky', top: 70, maxHeight: 'calc(100dvh - 90px)', overflowY: 'auto' }}>
              {preview}
            </div>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
