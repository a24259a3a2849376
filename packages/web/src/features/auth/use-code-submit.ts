import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '@/components/notify/notify';
import { fieldErrorsOf } from '@/lib/error-text';
import { ApiError } from '@/lib/http';

/**
 * One code field and its submit: the field must be filled, a wrong code comes back as the server's
 * `code` field error, and anything else as a failure line — unless `onOtherError` took care of it
 * (returned true), e.g. an expired sign-in going back to the password.
 */
export const useCodeSubmit = (
  send: (code: string) => Promise<unknown>,
  onOtherError?: (error: unknown) => boolean | undefined,
) => {
  const [code, setCode] = useState('');
  /** A message key (`validation.…`), translated where it is shown. */
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setCodeError(VALIDATION_MESSAGE_KEYS.required);
      return;
    }
    setBusy(true);
    try {
      await send(code);
    } catch (error) {
      const fieldError = error instanceof ApiError ? fieldErrorsOf(error).code : undefined;
      if (fieldError) setCodeError(fieldError);
      else if (!onOtherError?.(error)) setFailure(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const change = (value: string) => {
    setCode(value);
    setCodeError(null);
  };

  return { code, change, codeError, failure, isBusy, submit };
};
