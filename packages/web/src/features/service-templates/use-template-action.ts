import type { ServiceTemplateConflictDetails, ServiceTemplateFullDto } from '@karm/domain/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useConfirm } from '@/components';
import { ApiError } from '@/lib/http';
import { serviceTemplateKeys, storeTemplate } from './service-templates-api';

const conflictOf = (error: unknown) =>
  error instanceof ApiError && error.code === 'CONFLICT'
    ? (error.details as ServiceTemplateConflictDetails | undefined)
    : undefined;

/**
 * Runs a change and says how it went (the 3-second toast); `store` puts the server's answer into the
 * cache. When position 1 of an answer list would not be a positive OK value, the server refuses and
 * the person is asked (SPEC §5); yes runs the change again, confirmed. Any refusal reads the data
 * again (`reload`), so what the screen moved ahead of the server goes back and a stale version shows
 * what the other person saved.
 */
const useConfirmedAction = <Result>(store: (result: Result) => unknown, reload: () => Promise<unknown>) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const attempt = async (
    run: (isConfirmed: boolean) => Promise<Result>,
    isConfirmed: boolean,
    savedText: string,
  ) => {
    const result = await run(isConfirmed);
    await store(result);
    notifySuccess(savedText);
    return result;
  };
  return async (
    run: (isNotOkFirstConfirmed: boolean) => Promise<Result>,
    savedText: string = t('saved'),
  ): Promise<Result | null> => {
    try {
      return await attempt(run, false, savedText);
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict?.reason !== 'firstAnswerNotOk') {
        notifyError(error);
        await reload();
        return null;
      }
      const isConfirmed = await confirm({
        title: t('firstAnswer.title'),
        message: t('firstAnswer.message', { name: conflict.name }),
        confirmLabel: t('firstAnswer.confirm'),
        color: 'orange',
      });
      try {
        if (isConfirmed) return await attempt(run, true, savedText);
      } catch (retryError) {
        notifyError(retryError);
      }
      await reload();
      return null;
    }
  };
};

/** A change of one template; its answer (the whole template) replaces the cached one. */
export const useTemplateAction = (templateId: string) => {
  const queryClient = useQueryClient();
  return useConfirmedAction<ServiceTemplateFullDto>(
    (template) => storeTemplate(queryClient, template),
    () => queryClient.invalidateQueries({ queryKey: serviceTemplateKeys.full(templateId) }),
  );
};

/** A change of the global answers or the function lists; its answer is the whole list. */
export const useListAction = <List>(key: QueryKey) => {
  const queryClient = useQueryClient();
  return useConfirmedAction<List>(
    (list) => queryClient.setQueryData(key, list),
    () => queryClient.invalidateQueries({ queryKey: key }),
  );
};
