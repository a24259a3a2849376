import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog, ReleaseNotesList } from '@/components';
import { RUNNING_VERSION } from '@/lib/app-version';
import { RELEASE_NOTES } from '@/lib/changelog';

/**
 * SPEC §2 dialog "release notes": what changed in each version (CHANGELOG.md, embedded by the build),
 * newest first. The changelog is written in English; the Norwegian introduction says so.
 */
export const ReleaseNotesDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation('help');
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('releaseNotes.title')} size="lg">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('releaseNotes.intro')} {t('releaseNotes.running', { version: RUNNING_VERSION })}
        </Text>
        <ReleaseNotesList notes={RELEASE_NOTES} />
      </Stack>
    </AppDialog>
  );
};
