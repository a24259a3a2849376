import { formatNok, parseMoney } from '@karm/domain/rules';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** Øre. */
  value: number;
  onChange: (ore: number) => void;
};

/**
 * An amount typed the Norwegian way ("1 234,50", "kr 99.90", "100,-"), read with the domain's
 * `parseMoney` into øre. Text that is not an amount stays visible with an error instead of being
 * replaced; on leaving the field a valid amount is shown formatted.
 */
/** An emptied field means nothing, i.e. 0 kr. */
const readAmount = (text: string) => (text.trim() === '' ? 0 : parseMoney(text));

export const MoneyInput = ({ value, onChange, onBlur, error, ...rest }: MoneyInputProps) => {
  const { t } = useTranslation('projects');
  const [text, setText] = useState(() => formatNok(value));
  const [isInvalid, setInvalid] = useState(false);
  // An amount set from outside (a product picked for the line) replaces the text; the person's own
  // typing, which set that amount itself, stays as typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (readAmount(text) !== value) {
      setText(formatNok(value));
      setInvalid(false);
    }
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      error={error ?? (isInvalid ? t('orders.invalidAmount') : undefined)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const ore = readAmount(next);
        setInvalid(false);
        if (ore !== null) onChange(ore);
      }}
      onBlur={(event) => {
        const ore = readAmount(text);
        if (ore === null) setInvalid(true);
        else setText(formatNok(ore));
        onBlur?.(event);
      }}
    />
  );
};
