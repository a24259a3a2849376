import { HELP_MARKDOWN_MAX_LENGTH, type HelpTextDto } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifySuccess, useConfirm, useRecordQuestions } from '@/components';
import { ApiError } from '@/lib/http';
import { useResetHelpText, useSaveHelpText } from './help-api';
import { HelpHtml } from './help-html';
import { useHelpPreview } from './use-help-preview';

/** What an administrator has typed but not saved, with the version of the text it started from. */
export type HelpDraft = { markdown: string; version: number };

const SOURCE_COLOURS = { company: 'blue', default: 'gray', none: 'yellow' } as const;

type HelpTextEditorProps = {
  text: HelpTextDto;
  draft: HelpDraft | undefined;
  /** A new draft, or null once the text is saved or the draft given up. */
  onDraft: (draft: HelpDraft | null) => void;
  /** Fetches every text again (after a conflict, when the user wants the newer one). */
  onReload: () => Promise<unknown>;
  screenTitle: string;
  languageName: string;
};

/** One screen's text in one language: the Markdown beside its preview, saved or reset with a toast. */
export const HelpTextEditor = ({
  text,
  draft,
  onDraft,
  onReload,
  screenTitle,
  languageName,
}: HelpTextEditorProps) => {
  const { t } = useTranslation('help');
  const confirm = useConfirm();
  const questions = useRecordQuestions('help');
  const save = useSaveHelpText();
  const reset = useResetHelpText();
  const [error, setError] = useState<string | null>(null);
  const markdown = draft?.markdown ?? text.markdown;
  const isDirty = draft !== undefined && draft.markdown !== text.markdown;
  const preview = useHelpPreview(markdown, isDirty ? null : text.html);
  const isTooLong = markdown.length > HELP_MARKDOWN_MAX_LENGTH;

  const edit = (next: string) => {
    setError(null);
    onDraft({ markdown: next, version: draft?.version ?? text.version });
  };

  /** A conflict asks whether to take the newer text (SPEC §4); otherwise the error shows at the field. */
  const handleFailure = async (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'CONFLICT') {
      if (await questions.wantsNewerVersion()) {
        await onReload();
        onDraft(null);
      }
      return;
    }
    setError(errorMessageOf(failure));
  };

  const submit = async () => {
    if (markdown.trim() === '') {
      setError(t('validation:required'));
      return;
    }
    try {
      await save.mutateAsync({
        screen: text.screen,
        locale: text.locale,
        version: draft?.version ?? text.version,
        markdown,
      });
      onDraft(null);
      notifySuccess(t('admin.saved'));
    } catch (failure) {
      await handleFailure(failure);
    }
  };

  const returnToDefault = async () => {
    const isReset = text.hasDefault;
    const names = { screen: screenTitle, language: languageName };
    const isConfirmed = await confirm({
      title: t(isReset ? 'admin.resetTitle' : 'admin.removeTitle'),
      message: t(isReset ? 'admin.resetMessage' : 'admin.removeMessage', names),
      confirmLabel: t(isReset ? 'admin.reset' : 'admin.remove'),
    });
    if (!isConfirmed) return;
    try {
      await reset.mutateAsync({ screen: text.screen, locale: text.locale, version: text.version });
      onDraft(null);
      setError(null);
      notifySuccess(t(isReset ? 'admin.resetDone' : 'admin.removed'));
    } catch (failure) {
      await handleFailure(failure);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={SOURCE_COLOURS[text.source]} variant="light">
          {t(`admin.source.${text.source}`)}
        </Badge>
        {text.updatedAt && (
          <Text size="sm" c="dimmed">
            {t('admin.changedBy', {
              date: formatDateTime(text.updatedAt),
              name: text.updatedBy?.displayName || '—',
            })}
          </Text>
        )}
        {isDirty && (
          <Badge color="orange" variant="dot">
            {t('admin.unsaved')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Textarea
          label={t('admin.markdown')}
          description={t('admin.markdownHint')}
          value={markdown}
          onChange={(event) => edit(event.currentTarget.value)}
          error={
            error ?? (isTooLong ? t('validation:tooLong', { max: HELP_MARKDOWN_MAX_LENGTH }) : undefined)
          }
          // A fixed height the user can drag, beside a preview that grows with the text.
          rows={16}
          resize="vertical"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          spellCheck
        />
        <Stack gap={4}>
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={500}>
              {t('admin.preview')}
            </Text>
            {preview.isUpdating && <Loader size="xs" aria-hidden />}
          </Group>
          <Text size="xs" c="dimmed">
            {t('admin.previewHint')}
          </Text>
          <Paper withBorder p="md" radius="sm" mih={200} aria-label={t('admin.preview')} role="region">
            {preview.isError ? (
              <Text size="sm" c="red">
                {t('admin.previewFailed')}
              </Text>
            ) : preview.html ? (
              <HelpHtml html={preview.html} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('admin.previewEmpty')}
              </Text>
            )}
          </Paper>
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap-reverse">
        <Text size="xs" c={isTooLong ? 'red' : 'dimmed'}>
          {t('admin.length', { count: markdown.length, max: HELP_MARKDOWN_MAX_LENGTH })}
        </Text>
        <Group gap="xs">
          {text.source === 'company' && (
            <Button
              variant="default"
              color="red"
              onClick={() => void returnToDefault()}
              loading={reset.isPending}
            >
              {t(text.hasDefault ? 'admin.reset' : 'admin.remove')}
            </Button>
          )}
          <Button onClick={() => void submit()} disabled={!isDirty || isTooLong} loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};
