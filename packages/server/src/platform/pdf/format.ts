import { formatDate, formatNok } from '@karm/domain/rules';
import type { PdfLocale } from './labels';

// The same non-breaking space formatNok uses: it keeps "1 234" on one line and exists in every font.
const NBSP = '\u00a0';

/** dd.MM.yyyy in both languages (SPEC §1); `empty` for a missing date. */
export const formatPdfDate = (date: string | Date | null | undefined, empty = ''): string =>
  formatDate(date) || empty;

/** NOK the Norwegian way ("1 234,50 kr") whatever the document's language (DESIGN rule 8). */
export const formatPdfMoney = (ore: number): string => formatNok(ore);

/**
 * A count or other plain number: whole numbers as they are, fractions with at most two decimals, a
 * decimal comma in Norwegian and a point in English, thousands grouped with a non-breaking space.
 */
export const formatPdfNumber = (value: number, locale: PdfLocale): string => {
  const rounded = Math.round(value * 100) / 100;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, NBSP);
  const sign = rounded < 0 ? '-' : '';
  return fraction ? `${sign}${grouped}${locale === 'nb' ? ',' : '.'}${fraction}` : `${sign}${grouped}`;
};

/** Lines joined, blank ones dropped: for addresses and contact lines that may be partly empty. */
export const joinLines = (...lines: (string | null | undefined)[]): string =>
  lines
    .map((line) => line?.trim() ?? '')
    .filter(Boolean)
    .join('\n');
