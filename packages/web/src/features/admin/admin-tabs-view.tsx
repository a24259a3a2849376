import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components';
import { AccountingSettings } from './accounting-settings';
import {
  ADMIN_TABS,
  type AdminTab,
  type AdminTabValue,
  DEFAULT_ADMIN_TAB,
  isAdminTab,
  TAB_PARAM,
} from './admin-tabs';
import { MessagesTab } from './messages-tab';
import { ServerLogsTab } from './server-logs-tab';

type ModuleTabs = Partial<Record<AdminTabValue, ReactNode>>;

const TabContent = ({
  tab,
  logsPath,
  moduleTabs,
}: {
  tab: AdminTab;
  logsPath: string;
  moduleTabs: ModuleTabs;
}) => {
  const { t } = useTranslation('admin');
  const fromModule = moduleTabs[tab.value];
  if (fromModule) return fromModule;
  switch (tab.content) {
    case 'accounting':
      return <AccountingSettings />;
    case 'messages':
      return <MessagesTab />;
    case 'server-logs':
      return <ServerLogsTab logsPath={logsPath} />;
    case 'planned':
      return (
        <EmptyState
          icon={<IconHourglassHigh size={30} />}
          title={t(`tabs.${tab.key}`)}
          description={t(`planned.${tab.key}`)}
        />
      );
  }
};

/** The tabs; the open one lives in `?tab=` so a reload or a shared link opens the same tab. */
export const AdminTabs = ({ logsPath, moduleTabs }: { logsPath: string; moduleTabs: ModuleTabs }) => {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(TAB_PARAM);
  const active = isAdminTab(requested) ? requested : DEFAULT_ADMIN_TAB;
  // Sixteen tabs read best as a column beside the content; on narrow screens they wrap above it.
  const isWide = useMediaQuery('(min-width: 62em)');

  const select = (value: string | null) => {
    if (!value) return;
    // Replace, not push: switching tabs should not fill the Back button's history.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs
      value={active}
      onChange={select}
      orientation={isWide ? 'vertical' : 'horizontal'}
      // Only the open tab is mounted, so hidden tabs ask the server for nothing.
      keepMounted={false}
      styles={isWide ? { tabLabel: { textAlign: 'left' } } : undefined}
    >
      <Tabs.List aria-label={t('tabsLabel')} mb={isWide ? undefined : 'md'}>
        {ADMIN_TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(`tabs.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ADMIN_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pl={isWide ? 'lg' : undefined} style={{ minWidth: 0 }}>
          <TabContent tab={tab} logsPath={logsPath} moduleTabs={moduleTabs} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
