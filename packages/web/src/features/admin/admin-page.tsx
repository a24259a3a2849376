import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
import { useAuthStore } from '@/lib/store/auth-store';
import { type AdminTabValue, adminTabsFor } from './admin-tabs';
import { AdminTabs } from './admin-tabs-view';

export type AdminPageProps = {
  /** Where "Open the server log" leads; the app passes its route table's path. */
  logsPath?: string;
  /** Tabs other features fill (the app composes them, since features don't import each other). */
  moduleTabs?: Partial<Record<AdminTabValue, ReactNode>>;
};

/** SPEC §2 /admin: the admin tabs, each for whoever holds its permission (administrators hold all). */
export const AdminPage = ({ logsPath = '/logs', moduleTabs = {} }: AdminPageProps) => {
  const { t } = useTranslation('admin');
  const user = useAuthStore((state) => state.user);
  const tabs = adminTabsFor(user);
  return (
    <Stack gap={0}>
      <PageHeader title={t('nav:admin')} />
      {tabs.length > 0 ? (
        <AdminTabs tabs={tabs} logsPath={logsPath} moduleTabs={moduleTabs} />
      ) : (
        <Alert icon={<IconLock size={18} />} color="gray" title={t('adminOnlyTitle')}>
          {t('adminOnly')}
        </Alert>
      )}
    </Stack>
  );
};
