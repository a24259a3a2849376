import type { ServerLogDto } from '@karm/domain/contract';
import { LOG_COMMENT_MAX_LENGTH } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Badge, Checkbox, Code, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess } from '@/components';
import { ApiError } from '@/lib/http';
import { LEVEL_COLOURS } from './log-texts';
import { useHandleLog } from './logs-api';

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

const stackOf = (error: unknown) =>
  error && typeof error === 'object' && 'stack' in error && typeof error.stack === 'string'
    ? error.stack
    : null;

/** The "log edit" dialog (SPEC §2): every field of an entry, and marking it handled with a comment. */
export const LogEditDialog = ({ entry, onClose }: { entry: ServerLogDto; onClose: () => void }) => {
  const { t } = useTranslation();
  const [isHandled, setHandled] = useState(entry.handledAt !== null);
  const [comment, setComment] = useState(entry.handledComment ?? '');
  const handle = useHandleLog();
  const stack = stackOf(entry.error);

  const save = async () => {
    try {
      await handle.mutateAsync({ id: entry.id, version: entry.version, handled: isHandled, comment });
      notifySuccess(t(isHandled ? 'logs.markedHandled' : 'logs.reopened'));
      onClose();
    } catch (error) {
      notifyError(
        error instanceof ApiError && error.code === 'CONFLICT' ? t('logs.changedElsewhere') : error,
      );
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('logs.entry')} size="lg" onCancel={onClose} onSave={save}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('logs.time')}>{formatDateTime(entry.createdAt)}</Field>
          <Field label={t('logs.level')}>
            <Badge color={LEVEL_COLOURS[entry.level] ?? 'gray'}>{t(`logs.levels.${entry.level}`)}</Badge>
          </Field>
          <Field label={t('logs.source')}>{t(`logs.sources.${entry.source}`)}</Field>
          <Field label={t('logs.user')}>{entry.userName ?? '–'}</Field>
          <Field label={t('logs.action')}>{entry.action}</Field>
        </SimpleGrid>
        <Field label={t('logs.message')}>{entry.message}</Field>
        {stack && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('logs.stack')}
            </Text>
            <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
              {stack}
            </Code>
          </Stack>
        )}
        {entry.data !== null && entry.data !== undefined && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('logs.data')}
            </Text>
            <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
              {JSON.stringify(entry.data, null, 2)}
            </Code>
          </Stack>
        )}
        {entry.handledAt && entry.handledBy && (
          <Text size="sm" c="dimmed">
            {t('logs.handledByOn', {
              name: entry.handledBy.displayName,
              time: formatDateTime(entry.handledAt),
            })}
          </Text>
        )}
        <Group>
          <Checkbox
            label={t('logs.markHandled')}
            checked={isHandled}
            onChange={(event) => setHandled(event.currentTarget.checked)}
          />
        </Group>
        <Textarea
          label={t('logs.comment')}
          rows={2}
          maxLength={LOG_COMMENT_MAX_LENGTH}
          disabled={!isHandled}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </Stack>
    </AppDialog>
  );
};
