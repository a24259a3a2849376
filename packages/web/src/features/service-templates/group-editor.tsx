import {
  DEFAULT_SERVICE_ROW_TYPE,
  SERVICE_GROUP_TYPES,
  SERVICE_ROW_TYPES,
  SERVICE_TEMPLATE_LIMITS,
  type ServiceGroupDto,
  type ServiceGroupType,
  type ServiceRowType,
} from '@karm/domain/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components';
import { InlineText } from './inline-text';
import { RowEditor } from './row-editor';
import {
  copyServiceGroup,
  createServiceEntity,
  deleteServiceEntity,
  reorderServiceRows,
  updateServiceEntity,
} from './service-templates-api';
import { type DragHandle, SortableList } from './sortable-list';
import type { useTemplateAction } from './use-template-action';

type Act = ReturnType<typeof useTemplateAction>;

/** A new row at the end of the group: a name and a type. */
const AddRow = ({ group, act }: { group: ServiceGroupDto; act: Act }) => {
  const { t } = useTranslation('serviceTemplates');
  const [name, setName] = useState('');
  const [type, setType] = useState<ServiceRowType>(DEFAULT_SERVICE_ROW_TYPE);
  const add = async () => {
    if (!name.trim()) return;
    const saved = await act(
      () => createServiceEntity({ entity: 'row', groupId: group.id, name: name.trim(), type }),
      t('rows.added'),
    );
    if (saved) setName('');
  };
  return (
    <Group gap={6} wrap="wrap">
      <TextInput
        aria-label={t('rows.newName', { group: group.name })}
        placeholder={t('rows.newPlaceholder')}
        size="xs"
        style={{ flex: 1 }}
        miw={160}
        maxLength={SERVICE_TEMPLATE_LIMITS.name}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      <NativeSelect
        aria-label={t('rows.newType', { group: group.name })}
        size="xs"
        w={150}
        data={SERVICE_ROW_TYPES.map((value) => ({ value, label: t(`rowTypes.${value}`) }))}
        value={type}
        onChange={(event) => setType(event.currentTarget.value as ServiceRowType)}
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        disabled={!name.trim()}
        onClick={() => void add()}
      >
        {t('rows.add')}
      </Button>
    </Group>
  );
};

/**
 * One group of the template: its name, type and info in place, its rows in order (dragged by their
 * handles), copy and delete; a checkbox picks it for deleting several groups at once.
 */
export const GroupEditor = ({
  group,
  handle,
  isReadOnly,
  isSelected,
  onSelect,
  act,
  onRowsReordered,
  onAnswersReordered,
}: {
  group: ServiceGroupDto;
  handle: DragHandle;
  isReadOnly: boolean;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  act: Act;
  onRowsReordered: (ids: string[]) => void;
  onAnswersReordered: (rowId: string, ids: string[]) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const update = (changes: Partial<Pick<ServiceGroupDto, 'name' | 'typeGroup' | 'info'>>) =>
    act(() => updateServiceEntity({ entity: 'group', id: group.id, version: group.version, changes }));
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteMessage', { name: group.name, count: group.rows.length }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed) {
      await act(
        () => deleteServiceEntity({ entity: 'group', id: group.id, version: group.version }),
        t('deleted'),
      );
    }
  };
  const reorderRows = (ids: string[]) => {
    onRowsReordered(ids);
    void act(() => reorderServiceRows({ groupId: group.id, ids }), t('reordered'));
  };
  return (
    <Card withBorder padding="sm" radius="md" mb="sm" data-group={group.name}>
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap" align="center">
          {handle}
          {!isReadOnly && (
            <Checkbox
              aria-label={t('groups.select', { name: group.name })}
              checked={isSelected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
            />
          )}
          <Badge variant="light" color="gray" size="sm">
            {group.position + 1}
          </Badge>
          <InlineText
            label={t('groups.name')}
            value={group.name}
            isRequired
            maxLength={SERVICE_TEMPLATE_LIMITS.name}
            fw={600}
            style={{ flex: 1, minWidth: 0 }}
            onSave={(name) => update({ name })}
          />
          {!isReadOnly && (
            <Group gap={0} wrap="nowrap">
              <Tooltip label={t('groups.copy', { name: group.name })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('groups.copy', { name: group.name })}
                  onClick={() => void act(() => copyServiceGroup({ id: group.id }), t('copied'))}
                >
                  <IconCopy size={16} />
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('groups.delete', { name: group.name })}
                onClick={() => void remove()}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <Group gap="xs" wrap="wrap" align="flex-start">
          <NativeSelect
            label={t('groups.typeGroup')}
            size="xs"
            w={170}
            data={SERVICE_GROUP_TYPES.map((value) => ({ value, label: t(`groupTypes.${value}`) }))}
            value={group.typeGroup}
            onChange={(event) => void update({ typeGroup: event.currentTarget.value as ServiceGroupType })}
          />
          <InlineText
            label={t('groups.info')}
            hideLabel={false}
            value={group.info}
            isMultiline
            maxLength={SERVICE_TEMPLATE_LIMITS.info}
            size="xs"
            style={{ flex: 1 }}
            miw={200}
            onSave={(info) => update({ info })}
          />
        </Group>
        {group.rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('rows.none')}
          </Text>
        )}
        <Stack gap={6}>
          <SortableList items={group.rows} isDisabled={isReadOnly} onReorder={reorderRows}>
            {(row, rowHandle) => (
              <RowEditor
                row={row}
                handle={rowHandle}
                isReadOnly={isReadOnly}
                act={act}
                onAnswersReordered={(ids) => onAnswersReordered(row.id, ids)}
              />
            )}
          </SortableList>
        </Stack>
        {!isReadOnly && <AddRow group={group} act={act} />}
      </Stack>
    </Card>
  );
};
