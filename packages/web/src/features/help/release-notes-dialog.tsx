import { formatDate } from '@karm/domain/rules';
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components';
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
        {RELEASE_NOTES.length === 0 && <Text>{t('releaseNotes.empty')}</Text>}
        {RELEASE_NOTES.map((note) => (
          <Stack
            key={note.version}
            gap="xs"
            component="section"
            aria-label={t('releaseNotes.version', { version: note.version })}
          >
            <div>
              <Title order={3} size="h4">
                {t('releaseNotes.version', { version: note.version })}
              </Title>
              {note.date && (
                <Text size="sm" c="dimmed">
                  {t('releaseNotes.released', { date: formatDate(note.date) })}
                </Text>
              )}
            </div>
            {note.sections.map((section) => (
              <div key={section.title}>
                <Text fw={600} size="sm">
                  {section.kind ? t(`releaseNotes.kinds.${section.kind}`) : section.title}
                </Text>
                <List size="sm" spacing={4}>
                  {section.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
        ))}
      </Stack>
    </AppDialog>
  );
};
