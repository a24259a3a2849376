import {
  SERVICE_ROW_TYPES,
  SERVICE_TEMPLATE_LIMITS,
  type ServiceRowDto,
  type ServiceRowType,
} from '@karm/domain/contract';
import { messageKeyToI18n, rowTypeTakesAnswers, validateUrl } from '@karm/domain/rules';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconPaperclip,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, useConfirm } from '@/components';
import { downloadThroughLink } from '@/lib/download-links';
import { AnswersEditor } from './answers-editor';
import { InlineText } from './inline-text';
import {
  copyServiceRow,
  deleteServiceEntity,
  updateServiceEntity,
  uploadServiceFile,
  useServiceFunctions,
} from './service-templates-api';
import type { DragHandle } from './sortable-list';
import type { useTemplateAction } from './use-template-action';

type Act = ReturnType<typeof useTemplateAction>;
type RowChanges = Partial<Pick<ServiceRowDto, 'name' | 'type' | 'note' | 'url' | 'fileId' | 'functionId'>>;

const FunctionSelect = ({
  row,
  onChange,
}: {
  row: ServiceRowDto;
  onChange: (functionId: string | null) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const functions = useServiceFunctions();
  return (
    <Select
      size="xs"
      label={t('rows.function')}
      placeholder={t('rows.noFunction')}
      clearable
      searchable
      maw={320}
      data={(functions.data?.groups ?? []).map((group) => ({
        group: group.name,
        items: group.functions.map((fn) => ({ value: fn.id, label: fn.name })),
      }))}
      value={row.functionId}
      onChange={onChange}
    />
  );
};

/** The row's attachment: upload, open, remove (the file goes once nothing uses it). */
const RowFile = ({
  row,
  isReadOnly,
  onChange,
}: {
  row: ServiceRowDto;
  isReadOnly: boolean;
  onChange: (fileId: string | null) => Promise<unknown>;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const [isUploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      await onChange((await uploadServiceFile(file)).id);
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" fw={500}>
        {t('rows.file')}
      </Text>
      {row.fileId ? (
        <Anchor
          size="xs"
          component="button"
          type="button"
          onClick={() =>
            void downloadThroughLink({ kind: 'file', id: row.fileId ?? '' }, row.fileName ?? 'file').catch(
              notifyError,
            )
          }
        >
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={12} />
            {row.fileName ?? t('rows.fileUnnamed')}
          </Group>
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed">
          {t('rows.noFile')}
        </Text>
      )}
      {!isReadOnly && (
        <FileButton onChange={(file) => void pick(file)}>
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="light"
              loading={isUploading}
              leftSection={<IconUpload size={12} />}
            >
              {row.fileId ? t('rows.replaceFile') : t('rows.uploadFile')}
            </Button>
          )}
        </FileButton>
      )}
      {!isReadOnly && row.fileId && (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={t('rows.removeFile')}
          onClick={() => void onChange(null)}
        >
          <IconX size={12} />
        </ActionIcon>
      )}
    </Group>
  );
};

/**
 * One row of a group: name and type always, the rest (note, link, attachment, function, answers)
 * when opened. A new type without answers takes the row's answers away, asked first; the whole
 * template is read again after a type change (SPEC §4).
 */
export const RowEditor = ({
  row,
  handle,
  isReadOnly,
  act,
  onAnswersReordered,
}: {
  row: ServiceRowDto;
  handle: DragHandle;
  isReadOnly: boolean;
  act: Act;
  onAnswersReordered: (ids: string[]) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const { t: tValidation } = useTranslation();
  const confirm = useConfirm();
  // A row of an answer type without answers yet opens, so its answers can be added at once.
  const [isOpen, setOpen] = useState(rowTypeTakesAnswers(row.type) && row.answers.length === 0);
  const update = (changes: RowChanges) =>
    act(() => updateServiceEntity({ entity: 'row', id: row.id, version: row.version, changes }));

  const changeType = async (type: ServiceRowType) => {
    if (type === row.type) return;
    if (row.answers.length > 0 && !rowTypeTakesAnswers(type)) {
      const isConfirmed = await confirm({
        title: t('rows.typeChangeTitle'),
        message: t('rows.typeChangeMessage', { count: row.answers.length, type: t(`rowTypes.${type}`) }),
        confirmLabel: t('rows.typeChangeConfirm'),
      });
      if (!isConfirmed) return;
    }
    if (rowTypeTakesAnswers(type)) setOpen(true);
    await update({ type });
  };
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('rows.deleteTitle'),
      message: t('rows.deleteMessage', { name: row.name }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed)
      await act(() => deleteServiceEntity({ entity: 'row', id: row.id, version: row.version }), t('deleted'));
  };
  return (
    <Paper withBorder radius="sm" p={6} data-row={row.name}>
      <Stack gap={6}>
        <Group gap={6} wrap="wrap" align="center">
          {handle}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={isOpen ? t('rows.close', { name: row.name }) : t('rows.open', { name: row.name })}
            aria-expanded={isOpen}
            onClick={() => setOpen((open) => !open)}
          >
            {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
          <InlineText
            label={t('rows.name')}
            value={row.name}
            isRequired
            maxLength={SERVICE_TEMPLATE_LIMITS.name}
            size="xs"
            style={{ flex: 1, minWidth: 170 }}
            onSave={(name) => update({ name })}
          />
          <NativeSelect
            aria-label={t('rows.type', { name: row.name })}
            size="xs"
            w={150}
            data={SERVICE_ROW_TYPES.map((type) => ({ value: type, label: t(`rowTypes.${type}`) }))}
            value={row.type}
            onChange={(event) => void changeType(event.currentTarget.value as ServiceRowType)}
          />
          {!isReadOnly && (
            <Group gap={0} wrap="nowrap">
              <Tooltip label={t('rows.copy', { name: row.name })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('rows.copy', { name: row.name })}
                  onClick={() => void act(() => copyServiceRow({ id: row.id }), t('copied'))}
                >
                  <IconCopy size={14} />
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('rows.delete', { name: row.name })}
                onClick={() => void remove()}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {/* The details mount only while open: a template of forty rows stays light to draw. */}
        {isOpen && (
          <Stack gap={6} pl={{ base: 0, sm: 34 }}>
            <InlineText
              label={t('rows.note')}
              hideLabel={false}
              value={row.note}
              isMultiline
              maxLength={SERVICE_TEMPLATE_LIMITS.note}
              size="xs"
              onSave={(note) => update({ note })}
            />
            <InlineText
              label={t('rows.url')}
              hideLabel={false}
              placeholder="https://"
              value={row.url}
              maxLength={SERVICE_TEMPLATE_LIMITS.url}
              size="xs"
              validate={(url) => {
                const problem = validateUrl(url);
                return problem ? tValidation(messageKeyToI18n(problem)) : null;
              }}
              onSave={(url) => update({ url })}
            />
            <RowFile row={row} isReadOnly={isReadOnly} onChange={(fileId) => update({ fileId })} />
            <FunctionSelect row={row} onChange={(functionId) => void update({ functionId })} />
            {rowTypeTakesAnswers(row.type) && (
              <AnswersEditor row={row} isReadOnly={isReadOnly} act={act} onReordered={onAnswersReordered} />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
