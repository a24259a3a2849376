/** Money is an integer number of øre (1 krone = 100 øre) everywhere (DESIGN rule 8). */

/** VAT shown on order confirmations (SPEC §9). */
export const VAT_RATE_PERCENT = 25;

const ORE_PER_KRONE = 100n;
// A non-breaking space keeps "1 234,50 kr" on one line and, unlike the narrow U+202F some ICU versions
// emit, exists in every PDF font.
const NBSP = '\u00a0';
// The minus sign Intl.NumberFormat('nb-NO') uses; parseMoney also reads the ASCII hyphen.
const MINUS = '\u2212';

// After spaces are removed: optional sign, optional "kr"/"NOK" before or after, kroner, and øre after a
// decimal comma or point. ",-" means whole kroner ("100,-"). Thousands separators other than spaces are
// not accepted: "1.234" would be ambiguous.
const MONEY_PATTERN =
  /^(?<sign>-)?(?<before>kr|nok)?(?<signAfterCurrency>-)?(?<kroner>\d*)(?:[.,](?<ore>\d*|-))?(?<after>kr|nok)?$/i;

/** Rounds a BigInt ratio half away from zero. */
const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const isHalfOrMore = (remainder < 0n ? -remainder : remainder) * 2n >= denominator;
  if (!isHalfOrMore) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
};

// BigInt has no negative zero, so the result is never -0.
const toSafeNumber = (value: bigint): number | null => {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
};

/**
 * Reads an amount typed in kroner ("1 234,50", "kr 99.90", "-12,5 NOK", "100,-") as øre, or null when it
 * is not an amount. All spaces go first (SPEC §5: currency conversion drops spaces); JavaScript's `\s`
 * covers the non-breaking U+00A0 and narrow U+202F that formatted amounts contain. More than two decimals
 * are rounded to the nearest øre, half away from zero.
 */
export const parseMoney = (text: string): number | null => {
  const compact = text.replace(/\s+/g, '').replaceAll(MINUS, '-');
  const groups = MONEY_PATTERN.exec(compact)?.groups;
  if (!groups) return null;
  const { sign, before, signAfterCurrency, kroner = '', ore = '', after } = groups;
  if (before && after) return null;
  if (sign && signAfterCurrency) return null;
  if (ore === '-' ? kroner === '' : kroner === '' && ore === '') return null;

  const decimals = ore === '-' ? '' : ore;
  // Scale to øre with one extra digit to round on, all in BigInt so long inputs stay exact.
  const tenthsOfOre =
    BigInt(kroner || '0') * ORE_PER_KRONE * 10n + BigInt(decimals.padEnd(3, '0').slice(0, 3));
  const magnitude = divideRounded(tenthsOfOre, 10n);
  return toSafeNumber(sign || signAfterCurrency ? -magnitude : magnitude);
};

const assertOre = (ore: number): void => {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`money must be a whole number of øre, got ${ore}`);
};

/**
 * Norwegian display of an amount in øre: "1 234,50 kr", "−12,00 kr". Written out rather than delegated to
 * Intl so server PDFs and browsers print the same characters whatever their ICU version; the result
 * equals Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' }) with U+00A0 spaces.
 */
export const formatNok = (ore: number): string => {
  assertOre(ore);
  const amount = BigInt(ore);
  const magnitude = amount < 0n ? -amount : amount;
  const kroner = (magnitude / ORE_PER_KRONE).toString().replace(/\B(?=(\d{3})+$)/g, NBSP);
  const rest = (magnitude % ORE_PER_KRONE).toString().padStart(2, '0');
  return `${amount < 0n ? MINUS : ''}${kroner},${rest}${NBSP}kr`;
};

/** The VAT on an amount, rounded to whole øre (half away from zero). */
export const vatOf = (ore: number): number => {
  assertOre(ore);
  return Number(divideRounded(BigInt(ore) * BigInt(VAT_RATE_PERCENT), 100n));
};

/** The amount including VAT, in whole øre. */
export const withVat = (ore: number): number => {
  assertOre(ore);
  return ore + vatOf(ore);
};

/** An amount ex. VAT with its VAT and its total, as offers and order confirmations print them. */
export const vatTotals = (totalExVat: number) => ({
  totalExVat,
  vat: vatOf(totalExVat),
  total: withVat(totalExVat),
});
