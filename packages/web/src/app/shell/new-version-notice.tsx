import { Button, Notification } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadToNewVersion } from '@/lib/service-worker';
import { useNewVersionStore } from './new-version-store';

/** SPEC §4: when the server serves a newer build, ask the user to reload with F5. */
export const NewVersionNotice = () => {
  const { t } = useTranslation();
  const isAvailable = useNewVersionStore((state) => state.isAvailable);
  // Fetching the new build into the installed client can take a moment.
  const [isReloading, setReloading] = useState(false);
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
      <Button
        size="xs"
        mt="xs"
        loading={isReloading}
        onClick={() => {
          setReloading(true);
          void reloadToNewVersion();
        }}
      >
        {t('newVersion.reload')}
      </Button>
    </Notification>
  );
};
