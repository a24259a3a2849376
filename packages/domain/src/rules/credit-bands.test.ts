import { describe, expect, it } from 'vitest';
import { creditBandBreach, creditBandOfScore, percentToBasisPoints } from './credit-bands';

const bands = [
  { code: 'A', minPrepaymentBasisPoints: 0, requiresAdminApproval: false },
  { code: 'c', minPrepaymentBasisPoints: 3000, requiresAdminApproval: false },
  { code: 'E', minPrepaymentBasisPoints: 10_000, requiresAdminApproval: true },
];

describe('creditBandOfScore', () => {
  it('finds the band whose code is the score, whatever the case and spaces', () => {
    expect(creditBandOfScore(bands, ' C ')?.code).toBe('c');
    expect(creditBandOfScore(bands, 'a')?.code).toBe('A');
  });

  it('finds none for no score or an unknown one', () => {
    expect(creditBandOfScore(bands, null)).toBeNull();
    expect(creditBandOfScore(bands, '  ')).toBeNull();
    expect(creditBandOfScore(bands, 'AAA')).toBeNull();
  });
});

describe('creditBandBreach', () => {
  it('lets any plan through without a band or for a band without demands', () => {
    expect(creditBandBreach(null, 0)).toBeNull();
    expect(creditBandBreach(bands[0] ?? null, 0)).toBeNull();
  });

  it('refuses a first part below the band minimum, and accepts one at it', () => {
    expect(creditBandBreach(bands[1] ?? null, 2999)).toBe('prepaymentTooLow');
    expect(creditBandBreach(bands[1] ?? null, 3000)).toBeNull();
  });

  it("needs an admin's approval where the band says so, and an approval lifts the rule", () => {
    expect(creditBandBreach(bands[2] ?? null, 10_000)).toBe('adminApprovalRequired');
    expect(creditBandBreach(bands[2] ?? null, 0)).toBe('prepaymentTooLow');
    expect(creditBandBreach(bands[2] ?? null, 0, { isApprovedByAdmin: true })).toBeNull();
  });

  it('reads percents as basis points', () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(100)).toBe(10_000);
  });
});
