/**
 * Karm keeps money as integer øre; Tripletex sends and takes NOK as JSON numbers with decimals.
 *
 * Out: `øre / 100`. Division is correctly rounded, so this is the double nearest the two-decimal
 * amount, and JSON.stringify writes the shortest text that reads back as that double — for amounts of
 * at most 15 digits, the amount itself (123456 → 1234.56, never 1234.5600000000002).
 *
 * In: from the number's shortest text (what Tripletex wrote, e.g. "1234.56"), never from `nok * 100`,
 * which drifts (1.005 * 100 = 100.49999999999999). Amounts with more than two decimals are rounded to
 * whole øre half away from zero, as Karm rounds money elsewhere.
 */

/** 10^15 øre (10 000 billion NOK): beyond it a double no longer carries every øre of an amount. */
const MAX_ORE = 10 ** 15;
/** The largest amount in NOK that Karm reads. */
export const MAX_NOK = MAX_ORE / 100;

export const oreToNok = (ore: number): number => {
  // A fractional or huge amount is a caller bug: sending it would lose øre silently.
  if (!Number.isSafeInteger(ore) || Math.abs(ore) >= MAX_ORE) {
    throw new RangeError(`Money must be a whole number of øre below 10^15: ${ore}`);
  }
  return ore / 100;
};

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export const nokToOre = (nok: number): number => {
  const magnitude = Math.abs(nok);
  if (!(magnitude <= MAX_NOK)) throw new RangeError(`Not an amount Karm can hold: ${nok}`);
  // Only amounts below 10^-6 print in exponent notation ("1e-7"): far below half an øre, so 0.
  const [, kroner = '0', decimals = ''] = PLAIN_DECIMAL.exec(String(magnitude)) ?? [];
  const ore =
    Number(kroner) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2)) + (decimals.charAt(2) >= '5' ? 1 : 0);
  // `|| 0` keeps -0 out: -0.001 NOK is 0 øre.
  return (nok < 0 ? -ore : ore) || 0;
};
