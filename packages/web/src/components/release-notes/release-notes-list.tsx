import { formatDate, type ReleaseNote } from '@karm/domain/rules';
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Versions with their changes, newest first, as the release notes dialog and the download page show them. */
export const ReleaseNotesList = ({ notes }: { notes: readonly ReleaseNote[] }) => {
  const { t } = useTranslation('help');
  if (notes.length === 0) return <Text>{t('releaseNotes.empty')}</Text>;
  return (
    <Stack gap="lg">
      {notes.map((note) => (
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
  );
};
