import { Notification } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNewVersionStore } from './new-version-store';
import { ReloadButton } from './reload-button';

/** SPEC §4: when the server serves a newer build, ask the user to reload with F5. */
export const NewVersionNotice = () => {
  const { t } = useTranslation();
  const isAvailable = useNewVersionStore((state) => state.isAvailable);
  if (!isAvailable) return null;
  return (
    <Notification
      icon={<IconRefresh size={18} />}
      title={t('newVersion.title')}
      withCloseButton={false}
      role="alert"
      style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 400, maxWidth: 380 }}
    >
      {t('newVersion.text')} {t('newVersion.whatsNew')}
      <ReloadButton size="xs" mt="xs">
        {t('newVersion.reload')}
      </ReloadButton>
    </Notification>
  );
};
