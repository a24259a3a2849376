import { formatDate, osloDateOf, parseDateInput } from '@karm/domain/rules';
import { DateInput as MantineDateInput, type DateInputProps as MantineDateInputProps } from '@mantine/dates';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInWeekOf } from './current-week';
import classes from './date-input.module.css';
import { redDayProps } from './red-day-props';

export type DateInputProps = Omit<
  MantineDateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'presets' | 'firstDayOfWeek'
> & {
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  /** Called with a valid `YYYY-MM-DD` date, or null when the user clears the field. */
  onChange: (value: string | null) => void;
  /** `YYYY-MM-DD`; decides the highlighted week and the today button. @default today in Europe/Oslo */
  today?: string;
};

const isUnparseable = (text: string | null): text is string =>
  text !== null && text.trim() !== '' && parseDateInput(text) === null;

/**
 * The app's date field: shows dd.MM.yyyy, accepts every typed format of SPEC §5, shows ISO week
 * numbers with the current week tinted, weeks start on Monday, and has a "Choose today's date" button.
 */
export const DateInput = ({
  value,
  onChange,
  today: todayProp,
  getDayProps,
  error,
  onInput,
  onBlur,
  allowDeselect,
  ...rest
}: DateInputProps) => {
  const { t } = useTranslation('components');
  const today = todayProp ?? osloDateOf(new Date());
  // The raw text typed since the value last changed; Mantine keeps it to itself otherwise.
  const [typed, setTyped] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);
  const isInvalid = isUnparseable(typed);

  // A new value (typed, picked, cleared or set by the caller) supersedes any bad text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the value changes
  useEffect(() => {
    setTyped(null);
    setShowInvalid(false);
  }, [value]);

  return (
    <MantineDateInput
      placeholder={t('dateInput.placeholder')}
      {...rest}
      value={value}
      onChange={onChange}
      valueFormat={formatDate}
      dateParser={(text) => parseDateInput(text)}
      // Invalid text stays visible next to its error instead of silently snapping back.
      fixOnBlur={!isInvalid}
      allowDeselect={allowDeselect ?? !rest.required}
      firstDayOfWeek={1}
      withWeekNumbers
      highlightToday
      defaultDate={value ?? today}
      presets={[{ value: today, label: t('dateInput.today') }]}
      error={error ?? (showInvalid && isInvalid ? t('dateInput.invalid') : undefined)}
      // The clear button (×) is an icon: screen readers need its name.
      clearButtonProps={{ 'aria-label': t('dateInput.clear'), ...rest.clearButtonProps }}
      ariaLabels={{
        previousMonth: t('dateInput.previousMonth'),
        nextMonth: t('dateInput.nextMonth'),
        previousYear: t('dateInput.previousYear'),
        nextYear: t('dateInput.nextYear'),
        previousDecade: t('dateInput.previousDecade'),
        nextDecade: t('dateInput.nextDecade'),
        monthLevelControl: t('dateInput.monthLevel'),
        yearLevelControl: t('dateInput.yearLevel'),
      }}
      getDayProps={(date) => {
        const own = { ...redDayProps(date, (name) => t(`redDays.${name}`)), ...getDayProps?.(date) };
        return isInWeekOf(today, date)
          ? { ...own, 'data-current-week': true, className: clsx(own.className, classes.currentWeek) }
          : own;
      }}
      onInput={(event) => {
        setTyped(event.currentTarget.value);
        setShowInvalid(false);
        onInput?.(event);
      }}
      onBlur={(event) => {
        if (isInvalid) {
          setShowInvalid(true);
          // SPEC §5: unrecognised formats are logged.
          parseDateInput(typed, (text) => console.warn('Unrecognised date input', text));
        }
        onBlur?.(event);
      }}
    />
  );
};
