import type { HelpScreen } from '@karm/domain/contract';
import { localeOrDefault } from '@karm/domain/i18n';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '@/components';
import { useCan } from '@/lib/permissions';
import { useHelpPushes, useScreenHelp } from './help-api';
import { HelpHtml } from './help-html';

export type ScreenHelpProps = {
  /** The screen the user is on; null where no screen has help (a page that does not exist). */
  screen: HelpScreen | null;
  /** Where an administrator writes this screen's help (the app passes its admin route). */
  editHref: (screen: HelpScreen) => string;
  /** Called when a link leads away, so the dialog can close. */
  onNavigate: () => void;
};

/**
 * The Help dialog's content: the current screen's text in the reader's language (the company's own,
 * else Karm's built-in one), or plainly that there is none yet — with a way to write it for an admin.
 */
export const ScreenHelp = ({ screen, editHref, onNavigate }: ScreenHelpProps) => {
  const { t, i18n } = useTranslation('help');
  const mayWriteHelp = useCan('help.manage');
  const help = useScreenHelp(screen, localeOrDefault(i18n.language));
  useHelpPushes();

  const editLink = (label: string) =>
    mayWriteHelp && screen ? (
      <Anchor component={Link} to={editHref(screen)} onClick={onNavigate} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconPencil size={14} />
          {label}
        </Group>
      </Anchor>
    ) : null;

  if (screen && help.isPending) return <Loader size="sm" aria-label={t('dialog.loading')} />;
  if (screen && help.isError) {
    return (
      <Alert color="red" variant="light" title={t('dialog.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessageOf(help.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void help.refetch()}>
            {t('dialog.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!screen || !help.data || help.data.source === 'none') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title={t('dialog.none')}>
        {mayWriteHelp && screen && (
          <Stack gap={6} align="flex-start">
            <Text size="sm">{t('dialog.noneAdmin')}</Text>
            {editLink(t('dialog.write'))}
          </Stack>
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <HelpHtml html={help.data.html} />
      {editLink(t('dialog.edit'))}
    </Stack>
  );
};
