import { Tabs } from '@mantine/core';
import { IconAdjustments, IconListCheck, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components';
import { FunctionsAdmin } from './functions-admin';
import { GlobalAnswersAdmin } from './global-answers-admin';
import { TemplateEditor } from './template-editor';
import { TemplateList } from './template-list';

/** The search parameters of the screen: the open tab, and the template open in the editor. */
export const SERVICE_TEMPLATE_PARAMS = { tab: 'tab', template: 'template' } as const;
const TABS = ['templates', 'global-answers', 'functions'] as const;
type Tab = (typeof TABS)[number];

/** Where a template's editor is: this screen with the template open (`?template=<id>`). */
export const serviceTemplateHref = (path: string, id: string) =>
  `${path}?${SERVICE_TEMPLATE_PARAMS.template}=${encodeURIComponent(id)}`;

/**
 * SPEC §2 /admin/service-template (route ServiceTemplate): the templates (list, or one open in the
 * editor), the global answer sets and the function lists, each a tab kept in the address.
 */
export const ServiceTemplatePage = () => {
  const { t } = useTranslation('serviceTemplates');
  const [params, setParams] = useSearchParams();
  const requested = params.get(SERVICE_TEMPLATE_PARAMS.tab);
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'templates';
  const templateId = params.get(SERVICE_TEMPLATE_PARAMS.template);
  const show = (next: { tab?: Tab; template?: string | null }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next.tab) updated.set(SERVICE_TEMPLATE_PARAMS.tab, next.tab);
      if (next.template === null) updated.delete(SERVICE_TEMPLATE_PARAMS.template);
      else if (next.template) updated.set(SERVICE_TEMPLATE_PARAMS.template, next.template);
      return updated;
    });
  return (
    <>
      <PageHeader title={t('nav:serviceTemplate')} subtitle={t('subtitle')} />
      <Tabs value={tab} onChange={(value) => value && show({ tab: value as Tab })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="templates" leftSection={<IconListCheck size={16} />}>
            {t('tabs.templates')}
          </Tabs.Tab>
          <Tabs.Tab value="global-answers" leftSection={<IconPalette size={16} />}>
            {t('tabs.globalAnswers')}
          </Tabs.Tab>
          <Tabs.Tab value="functions" leftSection={<IconAdjustments size={16} />}>
            {t('tabs.functions')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          {templateId ? (
            <TemplateEditor
              key={templateId}
              templateId={templateId}
              onBack={() => show({ template: null })}
              onOpen={(id) => show({ template: id })}
            />
          ) : (
            <TemplateList templateHref={(id) => serviceTemplateHref('', id)} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="global-answers">
          <GlobalAnswersAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="functions">
          <FunctionsAdmin />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
