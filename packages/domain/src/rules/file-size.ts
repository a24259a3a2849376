const KILO = 1_000;
const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/**
 * A file's size as people read it: bytes up to 999, then kB, MB and GB (SI units, as file managers
 * show them) with one decimal below 10 and none above — with a decimal comma in Norwegian.
 */
export const formatFileSize = (bytes: number, locale: 'en' | 'nb' = 'nb'): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= KILO && unit < UNITS.length - 1) {
    value /= KILO;
    unit += 1;
  }
  // 999.96 kB would round to "1000 kB": show the next unit instead.
  if (unit > 0 && unit < UNITS.length - 1 && Math.round(value) >= KILO) {
    value /= KILO;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
};
