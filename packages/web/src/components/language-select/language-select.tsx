import { LOCALES, type Locale } from '@karm/domain/i18n';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** English or Norwegian (SPEC §1); each language is named in itself. */
export const LanguageSelect = ({
  value,
  onChange,
  label,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** What the choice is for, when it is not the person's own language. */
  label?: string;
}) => {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={label ?? t('profile.language')}
      value={value}
      onChange={(next) => onChange(next as Locale)}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
    />
  );
};
