import { Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconChecklist, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components';
import { useSearchParam } from '@/lib/use-search-param';
import { ChecklistsList } from './checklists-tab';
import { DeviationsTab } from './deviations-tab';
import { ParetoTab } from './pareto-tab';
import { ProceduresTab } from './procedures-tab';
import { useQualityPushes } from './quality-api';

const TABS = ['deviations', 'procedures', 'checklists', 'pareto'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** The deviation list behind one Pareto bar: the list's own filters. */
export type DeviationListFilter = {
  product?: string;
  supplier?: string;
  category?: string;
  from?: string;
  to?: string;
};

/**
 * SPEC §2 `/quality` (drawer "Quality control", issue 16): deviations, procedures, checklists run on
 * projects, and the Pareto chart of deviations by product, supplier and category.
 */
export const QualityPage = ({ projectHref }: { projectHref?: (id: string) => string }) => {
  const { t } = useTranslation('quality');
  useQualityPushes();
  const [tabParam, setTab] = useSearchParam('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'deviations';
  return (
    <Stack gap="sm">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Tabs value={tab} onChange={(next) => next && setTab(next)} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="deviations" leftSection={<IconAlertTriangle size={16} />}>
            {t('tabs.deviations')}
          </Tabs.Tab>
          <Tabs.Tab value="procedures" leftSection={<IconFileText size={16} />}>
            {t('tabs.procedures')}
          </Tabs.Tab>
          <Tabs.Tab value="checklists" leftSection={<IconChecklist size={16} />}>
            {t('tabs.checklists')}
          </Tabs.Tab>
          <Tabs.Tab value="pareto" leftSection={<IconChartBar size={16} />}>
            {t('tabs.pareto')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deviations">
          <DeviationsTab projectHref={projectHref} />
        </Tabs.Panel>
        <Tabs.Panel value="procedures">
          <ProceduresTab />
        </Tabs.Panel>
        <Tabs.Panel value="checklists">
          <ChecklistsList projectHref={projectHref} />
        </Tabs.Panel>
        <Tabs.Panel value="pareto">
          <ParetoTab projectHref={projectHref} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
