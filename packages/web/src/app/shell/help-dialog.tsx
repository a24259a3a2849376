import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { AppDialog } from '@/components';
import { HELP_SCREEN_TITLE_KEYS, ScreenHelp } from '@/features/help';
import { helpAdminHref, helpScreenOf } from '../help-screens';

/** SPEC §2 header "Help": the help of the screen the user is on, and the shortcuts every screen shares. */
export const HelpDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const matches = useMatches();
  // The deepest matched route is the screen; its id is its name in the route table.
  const screen = helpScreenOf(matches.at(-1)?.id);
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={
        screen ? t('help:dialog.screen', { screen: t(HELP_SCREEN_TITLE_KEYS[screen]) }) : t('header.help')
      }
      size="lg"
    >
      <Stack>
        <ScreenHelp screen={screen} editHref={helpAdminHref} onNavigate={onClose} />
        <Divider />
        <Text size="sm" c="dimmed">
          {t('header.helpShortcuts')}
        </Text>
      </Stack>
    </AppDialog>
  );
};
