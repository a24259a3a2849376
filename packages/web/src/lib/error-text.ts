import type { ErrorPayload } from '@karm/domain/contract';
import { parseMessage } from '@karm/domain/rules';
import type { i18n as I18n, TFunction } from 'i18next';
import type { ApiError } from './http';

/*
 * Apart from ./forms so that the toasts, the error dialog and the sign-in form (all on /login) can
 * show a server error without loading the form library.
 */

/**
 * Contract schemas and the server speak in message keys (`validation.required`,
 * `validation.tooLong?max=200`); this turns one into the user's language. Other text passes through.
 */
export const translateMessage = (t: TFunction, message: string) => {
  const { key, params } = parseMessage(message);
  if (!key.startsWith('validation.')) return message;
  return t(`validation:${key.slice('validation.'.length)}`, params);
};

/**
 * The text of a server error in the user's language: its message key (`messageKey`, e.g.
 * `validation.mustBe9Characters`), else its code (`errors:<CODE>`), else the server's English `message`.
 */
export const errorTextOf = (
  i18n: Pick<I18n, 't' | 'exists'>,
  error: Pick<ErrorPayload, 'code' | 'message' | 'messageKey'>,
) => {
  const messageKey = error.messageKey ?? '';
  const { key } = parseMessage(messageKey);
  if (key.startsWith('validation.') && i18n.exists(`validation:${key.slice('validation.'.length)}`)) {
    return translateMessage(i18n.t, messageKey);
  }
  if (i18n.exists(`errors:${error.code}`)) return i18n.t(`errors:${error.code}`);
  return error.message;
};

/** The field → message map of a server VALIDATION answer (empty for any other error). */
export const fieldErrorsOf = (error: Pick<ApiError, 'code' | 'details'>): Record<string, string> =>
  error.code === 'VALIDATION'
    ? ((error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {})
    : {};
