/**
 * Credit bands (admin tab "Credit score"): a company's bands, each with the lowest share of the total
 * the first part of a payment plan must be and whether an admin must approve the confirmation. Shares
 * are basis points, as the confirmations' payment plans keep them: 10000 is 100 %.
 */

export type CreditBandRule = {
  code: string;
  minPrepaymentBasisPoints: number;
  requiresAdminApproval: boolean;
};

/** Codes compare without case and surrounding spaces: a score "b" names band "B". */
export const creditBandKey = (code: string) => code.trim().toLocaleUpperCase('nb-NO');

/**
 * The band a credit score names: the one whose code equals the score (case-insensitive), or null
 * when there is no score or no such band.
 */
export const creditBandOfScore = <Band extends { code: string }>(
  bands: readonly Band[],
  score: string | null | undefined,
): Band | null => {
  if (!score?.trim()) return null;
  const key = creditBandKey(score);
  return bands.find((band) => creditBandKey(band.code) === key) ?? null;
};

export const CREDIT_BAND_BREACHES = ['prepaymentTooLow', 'adminApprovalRequired'] as const;
export type CreditBandBreach = (typeof CREDIT_BAND_BREACHES)[number];

/**
 * Whether a payment plan breaks its customer's band rule: its first part is a smaller share than
 * the band demands (`prepaymentTooLow`), or the band needs an admin's approval that is not given
 * (`adminApprovalRequired`). Null when the plan may be confirmed (or there is no band).
 */
export const creditBandBreach = (
  band: CreditBandRule | null,
  firstPartBasisPoints: number,
  options: { isApprovedByAdmin?: boolean } = {},
): CreditBandBreach | null => {
  if (!band) return null;
  if (options.isApprovedByAdmin) return null;
  if (firstPartBasisPoints < band.minPrepaymentBasisPoints) return 'prepaymentTooLow';
  if (band.requiresAdminApproval) return 'adminApprovalRequired';
  return null;
};

/** Basis points as a percent text without needless decimals: 2500 → "25", 1250 → "12.5". */
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

/** A percent typed by a person as basis points, rounded to whole basis points. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
