import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorsOf, translateMessage } from './error-text';
import { ApiError } from './http';

// The error texts live in ./error-text (no form library); re-exported for the forms that use them.
export { errorTextOf, fieldErrorsOf, translateMessage } from './error-text';

const validateWith =
  <Values>(schema: z.ZodType) =>
  (values: Values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.') || '_';
      errors[path] ??= issue.message;
    }
    return errors;
  };

/**
 * A form validated by the same zod schema the server uses (DESIGN rule 1), with errors shown in
 * the user's language.
 */
export const useContractForm = <Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
) => {
  const { t } = useTranslation();
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: validateWith<Values>(schema),
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: translateMessage(t, String(inputProps.error)) } : undefined,
  });
};

/** Puts a server VALIDATION answer's field messages next to the fields; true when it did. */
export const applyServerFieldErrors = (
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
) => {
  if (!(error instanceof ApiError)) return false;
  const fields = fieldErrorsOf(error);
  for (const [path, message] of Object.entries(fields)) form.setFieldError(path, message);
  return Object.keys(fields).length > 0;
};

/**
 * The fields of `values` that differ from `saved` (compared as JSON, so addresses and lists compare
 * by content): what an update sends, so fields another person changed meanwhile are left alone.
 */
export const changedValues = <Values extends Record<string, unknown>>(saved: Values, values: Values) =>
  Object.fromEntries(
    Object.entries(values).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(saved[field])),
  ) as Partial<Values>;
