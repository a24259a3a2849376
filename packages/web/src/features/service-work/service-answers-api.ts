import {
  type FileDto,
  SERVICE_ANSWER_PUSHES,
  type ServiceAnswersChangedPush,
  type ServiceDataFullDto,
  type UserAnswerChangeResultDto,
  type UserAnswerCreateInput,
  type UserAnswerCreateResultDto,
  type UserAnswerDeleteResultDto,
  type UserAnswerPatchInput,
} from '@karm/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '@/lib/http';
import { onPush } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { serviceWorkKeys } from './service-work-api';

/** The technician's screen over REST (SPEC §7): the checklist with its answers, and the answer calls. */

export const serviceAnswerKeys = {
  data: (serviceItemId: string) => [...serviceWorkKeys.all, 'data-full', serviceItemId] as const,
};

export const useServiceData = (serviceItemId: string | null) => {
  const companyId = useAuthStore((state) => state.companyId);
  return useQuery({
    queryKey: serviceAnswerKeys.data(serviceItemId ?? ''),
    queryFn: () =>
      http<ServiceDataFullDto>('/service-project/data/full', {
        query: { serviceItemId: serviceItemId as string },
        headers: companyId ? { 'company-id': companyId } : undefined,
      }),
    enabled: serviceItemId !== null,
  });
};

/** A photo or a signature: through the files module as a `service-picture` (the server scales it). */
export const uploadServicePicture = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('type', 'service-picture');
  form.append('file', file, name);
  return http<FileDto>('/file', { method: 'POST', body: form });
};

type AnswerCall =
  | { kind: 'create'; input: UserAnswerCreateInput }
  | { kind: 'patch'; id: string; input: UserAnswerPatchInput }
  | { kind: 'delete'; id: string; version: number };

type AnswerResult = UserAnswerCreateResultDto | UserAnswerChangeResultDto | UserAnswerDeleteResultDto;

const send = (call: AnswerCall): Promise<AnswerResult> => {
  if (call.kind === 'create') {
    return http<UserAnswerCreateResultDto>('/service-project/user-service-answer', {
      method: 'POST',
      body: call.input,
    });
  }
  if (call.kind === 'patch') {
    return http<UserAnswerChangeResultDto>(`/service-project/user-service-answer/${call.id}`, {
      method: 'PATCH',
      body: call.input,
    });
  }
  return http<UserAnswerDeleteResultDto>(`/service-project/user-service-answer/${call.id}`, {
    method: 'DELETE',
    query: { version: call.version },
  });
};

/**
 * One answer call; the cached checklist takes the result in place (the created, changed or removed
 * answer and the item's new status). Whatever happens, the checklist is read again after a refusal,
 * so a stale answer (someone else was first) shows theirs.
 */
export const useAnswerCall = (serviceItemId: string) => {
  const queryClient = useQueryClient();
  const key = serviceAnswerKeys.data(serviceItemId);
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      queryClient.setQueryData<ServiceDataFullDto>(key, (data) => {
        if (!data) return data;
        if ('created' in result) {
          const gone = new Set(result.deleted);
          return {
            ...data,
            item: result.item,
            answers: [...data.answers.filter((answer) => !gone.has(answer.id)), ...result.created],
          };
        }
        if ('answer' in result) {
          return {
            ...data,
            item: result.item,
            answers: data.answers.map((answer) => (answer.id === result.answer.id ? result.answer : answer)),
          };
        }
        return {
          ...data,
          item: result.item,
          answers: data.answers.filter((answer) => answer.id !== result.id),
        };
      });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

/** Another technician's answer on the same item: the checklist is read again, live. */
export const useServiceAnswerPushes = (serviceItemId: string | null) => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPush(SERVICE_ANSWER_PUSHES.changed, (payload: ServiceAnswersChangedPush) => {
        if (payload.serviceItemId !== serviceItemId) return;
        void queryClient.invalidateQueries({ queryKey: serviceAnswerKeys.data(payload.serviceItemId) });
      }),
    [queryClient, serviceItemId],
  );
};
