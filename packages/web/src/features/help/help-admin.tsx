import { HELP_SCREENS, type HelpScreen, type HelpTextDto, isHelpScreen } from '@karm/domain/contract';
import { LOCALES, type Locale, localeOrDefault } from '@karm/domain/i18n';
import { Badge, ColorSwatch, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorFallback } from '@/components';
import { useSearchParam } from '@/lib/use-search-param';
import { useHelpPushes, useHelpTexts } from './help-api';
import { type HelpDraft, HelpTextEditor } from './help-text-editor';
import { HELP_SCREEN_TITLE_KEYS } from './screen-titles';

/** The search parameter that names the screen being edited, so the Help dialog can link straight to it. */
export const HELP_SCREEN_PARAM = 'screen';

const keyOf = (screen: HelpScreen, locale: Locale) => `${screen}/${locale}`;

const SOURCE_BADGE = { company: 'blue', default: 'gray', none: 'yellow' } as const;

/**
 * Admin → Help (SPEC §2 admin tab "Help"): pick a screen and write its help in English and Norwegian,
 * each beside a preview of what staff will see. Unsaved text is kept per screen and language while
 * the tab is open, so switching between them loses nothing.
 */
export const HelpAdmin = () => {
  const { t, i18n } = useTranslation(['help', 'nav', 'common']);
  const texts = useHelpTexts();
  useHelpPushes();
  const [requested, setScreen] = useSearchParam(HELP_SCREEN_PARAM);
  const screen: HelpScreen = isHelpScreen(requested) ? requested : 'dashboard';
  const [locale, setLocale] = useState<Locale>(localeOrDefault(i18n.language));
  const [drafts, setDrafts] = useState<Record<string, HelpDraft>>({});

  const titleOf = (value: HelpScreen) => t(HELP_SCREEN_TITLE_KEYS[value]);
  const choose = (value: string | null) => {
    if (isHelpScreen(value)) setScreen(value);
  };

  if (texts.isPending) return <Loader aria-label={t('admin.title')} />;
  if (texts.isError) return <ErrorFallback error={texts.error} onReload={() => void texts.refetch()} />;

  const byKey = new Map(texts.data.map((text) => [keyOf(text.screen, text.locale), text]));
  const textOf = (value: HelpScreen, language: Locale) => byKey.get(keyOf(value, language));
  const options = [...HELP_SCREENS]
    .map((value) => ({ value, label: titleOf(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const hasUnsaved = (language: Locale) => {
    const draft = drafts[keyOf(screen, language)];
    return draft !== undefined && draft.markdown !== textOf(screen, language)?.markdown;
  };

  const sourceBadges = (value: HelpScreen) => (
    <Group gap={4} wrap="nowrap">
      {LOCALES.map((language) => {
        const text = textOf(value, language);
        return text ? (
          <Badge key={language} size="xs" variant="light" color={SOURCE_BADGE[text.source]}>
            {language}
          </Badge>
        ) : null;
      })}
    </Group>
  );

  const editorOf = (text: HelpTextDto | undefined, language: Locale) =>
    text ? (
      <HelpTextEditor
        key={keyOf(screen, language)}
        text={text}
        draft={drafts[keyOf(screen, language)]}
        onDraft={(draft) =>
          setDrafts((current) => {
            const { [keyOf(screen, language)]: _replaced, ...others } = current;
            return draft ? { ...others, [keyOf(screen, language)]: draft } : others;
          })
        }
        onReload={() => texts.refetch()}
        screenTitle={titleOf(screen)}
        languageName={t(`common:languages.${language}`)}
      />
    ) : null;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {t('admin.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          {t('admin.intro')}
        </Text>
      </div>
      <Select
        label={t('admin.screen')}
        data={options}
        value={screen}
        onChange={choose}
        searchable
        allowDeselect={false}
        maw={420}
        renderOption={({ option }) => (
          <Group justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm">{option.label}</Text>
            {sourceBadges(option.value as HelpScreen)}
          </Group>
        )}
      />
      <Tabs value={locale} onChange={(value) => setLocale(localeOrDefault(value))} keepMounted={false}>
        <Tabs.List aria-label={t('admin.languages')}>
          {LOCALES.map((language) => (
            <Tabs.Tab
              key={language}
              value={language}
              rightSection={
                hasUnsaved(language) ? (
                  <ColorSwatch
                    color="var(--mantine-color-orange-6)"
                    size={8}
                    role="img"
                    aria-label={t('admin.unsaved')}
                  />
                ) : null
              }
            >
              {t(`common:languages.${language}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LOCALES.map((language) => (
          <Tabs.Panel key={language} value={language} pt="md">
            {editorOf(textOf(screen, language), language)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
