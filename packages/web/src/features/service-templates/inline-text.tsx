import { Textarea, TextInput } from '@mantine/core';
import { type ComponentProps, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type InlineTextProps = {
  value: string;
  label: string;
  /** Saves the trimmed text; answers whether it was saved. */
  onSave: (text: string) => Promise<unknown>;
  isRequired?: boolean;
  maxLength: number;
  /** A message (translated) when the text may not be saved, else null. */
  validate?: (text: string) => string | null;
  isMultiline?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
} & Pick<ComponentProps<typeof TextInput>, 'size' | 'leftSection' | 'fw' | 'miw' | 'w' | 'style'>;

/**
 * A field edited in place: saved when it loses focus (or on Enter) if it changed and is valid, put
 * back with Escape. A required field left empty says so and saves nothing.
 */
export const InlineText = ({
  value,
  label,
  onSave,
  isRequired = false,
  maxLength,
  validate,
  isMultiline = false,
  placeholder,
  hideLabel = true,
  ...rest
}: InlineTextProps) => {
  const { t } = useTranslation('validation');
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const commit = async () => {
    const text = draft.trim();
    if (text === value) {
      setError(null);
      return;
    }
    const problem = isRequired && text === '' ? t('required') : (validate?.(text) ?? null);
    setError(problem);
    if (problem) return;
    await onSave(text);
  };
  const common = {
    ...rest,
    label: hideLabel ? undefined : label,
    'aria-label': label,
    placeholder,
    value: draft,
    error,
    maxLength,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
    onBlur: () => void commit(),
    onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') {
        setDraft(value);
        setError(null);
      }
      if (event.key === 'Enter' && !isMultiline) (event.currentTarget as HTMLInputElement).blur();
    },
  };
  return isMultiline ? <Textarea autosize minRows={1} maxRows={6} {...common} /> : <TextInput {...common} />;
};
