import type { ProcessColumnDto } from '@karm/domain/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifyError, notifySuccess, useConfirm } from '@/components';
import {
  useDeleteProcessColumn,
  useDeleteSubProcess,
  useProcessColumns,
  useProcessPushes,
  useReorderProcessColumns,
} from '@/lib/api/processes';
import { nameIn } from './process-cell-state';
import { ProcessColumnDialog } from './process-column-dialog';
import { SubProcessDialog } from './sub-process-dialog';

type Editing = { column?: ProcessColumnDto } | null;

/** The column ids with one moved a step up (-1) or down (+1). */
const moved = (columns: readonly ProcessColumnDto[], index: number, step: -1 | 1) => {
  const ids = columns.map((column) => column.id);
  const target = index + step;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
};

type ColumnCardProps = {
  column: ProcessColumnDto;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddSub: () => void;
  onDeleteSub: (sub: ProcessColumnDto['subProcesses'][number]) => void;
};

const ColumnCard = ({
  column,
  isFirst,
  isLast,
  isBusy,
  onMove,
  onEdit,
  onDelete,
  onAddSub,
  onDeleteSub,
}: ColumnCardProps) => {
  const { t, i18n } = useTranslation('processes');
  const name = nameIn(i18n.language, column);
  return (
    <Paper withBorder p="sm" component="li" data-column-id={column.id} aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" w={24}>
              {column.position}
            </Text>
            <ColorSwatch color={column.color} size={16} aria-hidden />
            <Text fw={600}>
              {column.nameNo} / {column.nameEn}
            </Text>
            <Badge variant="outline" color="gray" size="sm">
              {column.key}
            </Badge>
            <Badge variant="light" size="sm">
              {t(`types.${column.type}`)}
            </Badge>
            {column.invoice && (
              <Badge variant="light" color="teal" size="sm">
                {t('admin.invoiceBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('admin.weeks', { factor: column.factor, min: column.min, max: column.max })}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="sm">{t('admin.subProcesses')}</Text>
            {column.subProcesses.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('admin.noSubProcesses')}
              </Text>
            )}
            {column.subProcesses.map((sub) => (
              <Badge
                key={sub.id}
                variant="default"
                size="lg"
                style={{ textTransform: 'none' }}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.deleteSubProcessOf', { name: nameIn(i18n.language, sub) })}
                    onClick={() => onDeleteSub(sub)}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                }
              >
                {sub.nameNo} / {sub.nameEn} · {t(`types.${sub.type}`)}
              </Badge>
            ))}
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={onAddSub}
            >
              {t('admin.addSubProcess')}
            </Button>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('admin.moveUp')}>
            <ActionIcon
              variant="default"
              aria-label={t('admin.moveUpOf', { name })}
              disabled={isFirst || isBusy}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('admin.moveDown')}>
            <ActionIcon
              variant="default"
              aria-label={t('admin.moveDownOf', { name })}
              disabled={isLast || isBusy}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('admin.edit')}>
            <ActionIcon variant="default" aria-label={t('admin.editOf', { name })} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('admin.delete')}>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={t('admin.deleteOf', { name })}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
};

/**
 * The admin "process" tab (SPEC §2, §5): the process columns in grid order — move up or down, create,
 * edit and delete (asked first) — and each column's sub-processes (add, delete asked first).
 */
export const ProcessColumnsAdmin = () => {
  const { t, i18n } = useTranslation('processes');
  useProcessPushes();
  const columnsQuery = useProcessColumns();
  const reorder = useReorderProcessColumns();
  const deleteColumn = useDeleteProcessColumn();
  const deleteSub = useDeleteSubProcess();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [subFor, setSubFor] = useState<ProcessColumnDto | null>(null);
  const columns = columnsQuery.data ?? [];

  const move = async (index: number, step: -1 | 1) => {
    try {
      await reorder.mutateAsync(moved(columns, index, step));
      notifySuccess(t('admin.reordered'));
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (column: ProcessColumnDto) => {
    const name = nameIn(i18n.language, column);
    const isSure = await confirm({
      title: t('admin.deleteColumnTitle'),
      message: t('admin.deleteColumnConfirm', { name }),
      confirmLabel: t('admin.delete'),
    });
    if (!isSure) return;
    try {
      await deleteColumn.mutateAsync(column.id);
      notifySuccess(t('admin.columnDeleted', { name }));
    } catch (error) {
      notifyError(error);
    }
  };

  const removeSub = async (sub: ProcessColumnDto['subProcesses'][number]) => {
    const name = nameIn(i18n.language, sub);
    const isSure = await confirm({
      title: t('admin.deleteSubProcessTitle'),
      message: t('admin.deleteSubProcessConfirm', { name }),
      confirmLabel: t('admin.delete'),
    });
    if (!isSure) return;
    try {
      await deleteSub.mutateAsync(sub.id);
      notifySuccess(t('admin.subProcessDeleted', { name }));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('admin.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('admin.subtitle')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('admin.newColumn')}
        </Button>
      </Group>
      {columnsQuery.isError ? (
        <Alert color="red" variant="light" title={t('admin.loadFailed')}>
          {errorMessageOf(columnsQuery.error)}
        </Alert>
      ) : columnsQuery.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('page.loading')} />
        </Group>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('admin.title')}
        >
          {columns.map((column, index) => (
            <ColumnCard
              key={column.id}
              column={column}
              isFirst={index === 0}
              isLast={index === columns.length - 1}
              isBusy={reorder.isPending}
              onMove={(step) => void move(index, step)}
              onEdit={() => setEditing({ column })}
              onDelete={() => void remove(column)}
              onAddSub={() => setSubFor(column)}
              onDeleteSub={(sub) => void removeSub(sub)}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <ProcessColumnDialog
          key={editing.column?.id ?? 'new'}
          opened
          onClose={() => setEditing(null)}
          column={editing.column}
        />
      )}
      {subFor && <SubProcessDialog key={subFor.id} opened onClose={() => setSubFor(null)} column={subFor} />}
    </Stack>
  );
};
