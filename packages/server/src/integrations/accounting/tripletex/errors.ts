import { z } from 'zod';
import { AccountingError, type AccountingErrorKind } from '../port';

/** Tripletex's error body; every part is optional because proxies in front of it answer with other shapes. */
const errorEnvelopeSchema = z.object({
  status: z.number().nullish(),
  code: z.number().nullish(),
  message: z.string().nullish(),
  validationMessages: z
    .array(z.object({ field: z.string().nullish(), message: z.string().nullish() }))
    .nullish(),
  requestId: z.string().nullish(),
});

/**
 * Key under which validation messages that name no field are kept, so a person still sees them.
 */
export const GENERAL_FIELD = '_';

export const kindForStatus = (status: number): AccountingErrorKind => {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unreachable';
  // 422 and every other 4xx: Tripletex refused what we sent, and sending it again will not help.
  return 'validation';
};

const collectFields = (messages: { field?: string | null; message?: string | null }[]) => {
  const fields: Record<string, string> = {};
  for (const { field, message } of messages) {
    const key = field || GENERAL_FIELD;
    const text = message ?? '';
    // Several messages for one field are kept, joined, rather than the last one winning.
    fields[key] = fields[key] ? `${fields[key]}; ${text}` : text;
  }
  return fields;
};

/** Turns a non-2xx answer into the error the sync engine acts on. */
export const errorFromAnswer = (status: number, body: unknown, headerRequestId: string | null) => {
  const parsed = errorEnvelopeSchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : {};
  const messages = envelope.validationMessages ?? [];
  const fields = messages.length > 0 ? collectFields(messages) : undefined;
  const requestId = envelope.requestId ?? headerRequestId ?? undefined;
  const message = envelope.message ? `Tripletex: ${envelope.message}` : `Tripletex answered HTTP ${status}`;
  return new AccountingError(kindForStatus(status), message, {
    status,
    ...(envelope.code != null && { code: envelope.code }),
    ...(fields && { fields }),
    ...(requestId && { requestId }),
  });
};

export const isAccountingError = (error: unknown): error is AccountingError =>
  error instanceof AccountingError;

/** Replaces every occurrence of the given secrets, so no token reaches a message or a log line. */
export const redactSecrets = (text: string, secrets: readonly string[]) =>
  secrets.reduce((result, secret) => (secret ? result.split(secret).join('[redacted]') : result), text);
