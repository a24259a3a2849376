import { LOCALES, type Locale } from '@karm/domain/i18n';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** English or Norwegian (SPEC §1); each language is named in itself. */
export const LanguageSelect = ({
  value,
  onChange,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
}) => {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('profile.language')}
      value={value}
      onChange={(next) => onChange(next as Locale)}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
    />
  );
};
