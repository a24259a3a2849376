import {
  HELP_PUSHES,
  type HelpScreen,
  type HelpTextDto,
  type ScreenHelpDto,
  type SocketEventInput,
} from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

export type HelpTextSave = SocketEventInput<'help:save'>;
export type HelpTextReset = SocketEventInput<'help:reset'>;

export const helpKeys = {
  all: ['help'] as const,
  screen: (screen: HelpScreen, locale: Locale) => ['help', 'screen', screen, locale] as const,
  texts: ['help', 'texts'] as const,
};

export const getScreenHelp = (screen: HelpScreen, locale: Locale) => request('help:get', { screen, locale });
export const listHelpTexts = () => request('help:list');
export const saveHelpText = (input: HelpTextSave) => request('help:save', input);
export const resetHelpText = (input: HelpTextReset) => request('help:reset', input);
export const previewHelpText = (markdown: string) => request('help:preview', { markdown });

export const screenHelpQueryOptions = (screen: HelpScreen, locale: Locale) =>
  queryOptions({ queryKey: helpKeys.screen(screen, locale), queryFn: () => getScreenHelp(screen, locale) });

export const helpTextsQueryOptions = () => queryOptions({ queryKey: helpKeys.texts, queryFn: listHelpTexts });

/**
 * The Help dialog's text of one screen in one language. Pushes keep it current only while the dialog
 * is open, so each opening asks again (showing the copy it has meanwhile).
 */
export const useScreenHelp = (screen: HelpScreen | null, locale: Locale) =>
  useQuery({
    ...screenHelpQueryOptions(screen ?? 'dashboard', locale),
    enabled: screen !== null,
    refetchOnMount: 'always',
  });

/** Every screen's text in both languages, for the admin tab; fetched again each time the tab opens. */
export const useHelpTexts = () => useQuery({ ...helpTextsQueryOptions(), refetchOnMount: 'always' });

/**
 * A saved, reset or pushed text replaces its entry in the admin list and what the Help dialog shows for
 * that screen and language: a text is one row per screen and language, so the newest answer is it.
 */
const storeHelpText = (queryClient: QueryClient, text: HelpTextDto) => {
  queryClient.setQueryData(helpTextsQueryOptions().queryKey, (texts) =>
    texts?.map((current) =>
      current.screen === text.screen && current.locale === text.locale ? text : current,
    ),
  );
  const shown: ScreenHelpDto = {
    screen: text.screen,
    locale: text.locale,
    source: text.source,
    html: text.html,
  };
  queryClient.setQueryData(screenHelpQueryOptions(text.screen, text.locale).queryKey, shown);
};

export const useSaveHelpText = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveHelpText, onSuccess: (text) => storeHelpText(queryClient, text) });
};

export const useResetHelpText = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetHelpText, onSuccess: (text) => storeHelpText(queryClient, text) });
};

/** Keeps an open Help dialog and the admin tab in step with saves made elsewhere (DESIGN rule 7). */
export const useHelpPushes = () => {
  const queryClient = useQueryClient();
  useEffect(
    () => onPush<HelpTextDto>(HELP_PUSHES.changed, (text) => storeHelpText(queryClient, text)),
    [queryClient],
  );
};
