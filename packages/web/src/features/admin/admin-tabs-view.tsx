import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components';
import { useSearchParam } from '@/lib/use-search-param';
import { AccountingSettings } from './accounting-settings';
import { type AdminTab, type AdminTabValue, TAB_PARAM } from './admin-tabs';
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

/**
 * The tabs the user may use (at least one); the open one lives in `?tab=` so a reload or a shared
 * link opens the same tab.
 */
export const AdminTabs = ({
  tabs,
  logsPath,
  moduleTabs,
}: {
  tabs: readonly AdminTab[];
  logsPath: string;
  moduleTabs: ModuleTabs;
}) => {
  const { t } = useTranslation('admin');
  const [requested, setTab] = useSearchParam(TAB_PARAM);
  const active: AdminTabValue =
    tabs.find((tab) => tab.value === requested)?.value ?? (tabs[0]?.value as AdminTabValue);
  // Sixteen tabs read best as a column beside the content; on narrow screens they wrap above it.
  const isWide = useMediaQuery('(min-width: 62em)');

  const select = (value: string | null) => {
    if (value) setTab(value);
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
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(`tabs.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pl={isWide ? 'lg' : undefined} style={{ minWidth: 0 }}>
          <TabContent tab={tab} logsPath={logsPath} moduleTabs={moduleTabs} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
