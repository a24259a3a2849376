import '@mantine/charts/styles.css';
import { SimpleGrid, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
// Imported by path, not through the barrel: the charts library stays out of every screen's bundle.
import { PieChartDialog, type PieContent } from '@/components/pie-chart-dialog/pie-chart-dialog';
import { useCan } from '@/lib/permissions';
import { AlertsWidget } from './alerts-widget';
import { AnniversariesWidget } from './anniversaries-widget';
import { ChangesWidget } from './changes-widget';
import { CompletionWidget } from './completion-widget';
import type { DashboardLinks } from './dashboard-links';
import { ProjectStatusWidget } from './project-status-widget';
import { useDashboardPushes } from './use-dashboard';
import { WorkStatusWidget } from './work-status-widget';

export type DashboardPageProps = {
  links: DashboardLinks;
  /** The "today's messages" card, which the messages module provides. */
  messagesWidget: ReactNode;
};

/**
 * SPEC §1 and §2 `/`: the dashboard. Each widget is a card that asks for its own figures (all at
 * once, each with its own loading state) and links to the list behind them; a widget whose list the
 * user may not read is not shown. Cards stack on a phone.
 */
export const DashboardPage = ({ links, messagesWidget }: DashboardPageProps) => {
  const { t } = useTranslation('dashboard');
  useDashboardPushes();
  const [pie, setPie] = useState<PieContent | null>(null);
  const readsProjects = useCan('projects.read', 'projects.read-own');
  const readsAllProjects = useCan('projects.read');
  const readsPlanner = useCan('planner.read');
  const readsDashboard = useCan('dashboard.read');
  return (
    <Stack gap={0}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {/* Cards keep their own height: a short card beside a tall one is not stretched empty. */}
      <SimpleGrid
        cols={{ base: 1, md: 2, xl: 3 }}
        spacing="md"
        verticalSpacing="md"
        style={{ alignItems: 'start' }}
      >
        {messagesWidget}
        {readsProjects && <CompletionWidget links={links} onShowPie={setPie} />}
        {readsProjects && <ProjectStatusWidget links={links} onShowPie={setPie} />}
        {readsPlanner && <WorkStatusWidget links={links} onShowPie={setPie} />}
        {readsDashboard && <AnniversariesWidget />}
        {readsDashboard && <AlertsWidget links={links} />}
        {readsAllProjects && <ChangesWidget links={links} />}
      </SimpleGrid>
      <PieChartDialog content={pie} onClose={() => setPie(null)} />
    </Stack>
  );
};
