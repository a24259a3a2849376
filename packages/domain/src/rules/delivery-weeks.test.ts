import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en/validation.json' with { type: 'json' };
import nb from '../i18n/nb/validation.json' with { type: 'json' };
import { addDays, daysBetween, isoDayOfWeek } from './date-only';
import {
  checkDeliveryReachable,
  DELIVERY_WEEK_MAX,
  DELIVERY_WEEK_MIN,
  DELIVERY_WEEKDAY,
  deliveryDateOfWeek,
  deliveryWeekOptions,
  earliestReachableDeliveryDate,
  isDeliveryReachable,
  minimumLeadWeeks,
  postponeToReachable,
} from './delivery-weeks';
import { type IsoWeek, isoWeekOf, nextIsoWeek, previousIsoWeek } from './iso-week';
import { DEFAULT_PROCESS_COLUMNS } from './process-columns';
import { messageKeyToI18n } from './validation-messages';

const anyDate = fc.integer({ min: 0, max: 33_000 }).map((offset) => addDays('2000-01-01', offset));
const anyColumns = fc.array(
  fc.record({ factor: fc.integer({ min: 0, max: 52 }), min: fc.integer({ min: 0, max: 52 }) }),
  { maxLength: 6 },
);
const lead = (weeks: number) => [{ factor: weeks, min: 0 }];

const weeksAfter = (isoWeek: IsoWeek, weeks: number): IsoWeek => {
  let week = isoWeek;
  for (let step = 0; step < weeks; step += 1) week = nextIsoWeek(week);
  return week;
};
const isBefore = (a: IsoWeek, b: IsoWeek) => a.year < b.year || (a.year === b.year && a.week < b.week);
const enabledWeeks = (options: { week: number; isDisabled: boolean }[]) =>
  options.filter((option) => !option.isDisabled).map((option) => option.week);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('minimumLeadWeeks', () => {
  it('is the largest factor + min, 0 without columns', () => {
    expect(minimumLeadWeeks([])).toBe(0);
    expect(
      minimumLeadWeeks([
        { factor: 3, min: 2 },
        { factor: 4, min: 0 },
        { factor: 0, min: 1 },
      ]),
    ).toBe(5);
  });
});

describe('deliveryDateOfWeek', () => {
  it('is the Friday of the ISO week unless another weekday is asked for', () => {
    expect(DELIVERY_WEEKDAY).toBe(5);
    expect(deliveryDateOfWeek(2025, 24)).toBe('2025-06-13');
    expect(deliveryDateOfWeek(2025, 24, 1)).toBe('2025-06-09');
    expect(deliveryDateOfWeek(2026, 1)).toBe('2026-01-02');
    expect(deliveryDateOfWeek(2020, 52)).toBe('2020-12-25');
  });

  it('only knows delivery weeks 1 to 52 and ISO weekdays', () => {
    expect(DELIVERY_WEEK_MIN).toBe(1);
    expect(DELIVERY_WEEK_MAX).toBe(52);
    expect(() => deliveryDateOfWeek(2026, 53)).toThrow(RangeError);
    expect(() => deliveryDateOfWeek(2025, 0)).toThrow(RangeError);
    expect(() => deliveryDateOfWeek(2025, 10, 0)).toThrow(RangeError);
    expect(() => deliveryDateOfWeek(2025, 10, 8)).toThrow(RangeError);
  });
});

describe('deliveryWeekOptions', () => {
  const today = '2025-06-11'; // Wednesday of week 24

  it('disables the weeks nearer than the lead time in the current year', () => {
    const options = deliveryWeekOptions({ today, year: 2025, columns: DEFAULT_PROCESS_COLUMNS });
    expect(options.map((option) => option.week)).toEqual(range(1, 52));
    expect(enabledWeeks(options)).toEqual(range(33, 52)); // 24 + 9
  });

  it('disables every week of a past year and none of a later one', () => {
    expect(
      enabledWeeks(deliveryWeekOptions({ today, year: 2024, columns: DEFAULT_PROCESS_COLUMNS })),
    ).toEqual([]);
    expect(
      enabledWeeks(deliveryWeekOptions({ today, year: 2026, columns: DEFAULT_PROCESS_COLUMNS })),
    ).toEqual(range(1, 52));
  });

  it('carries the lead time over New Year', () => {
    const december = '2025-12-10'; // week 50 of a 52-week year
    expect(enabledWeeks(deliveryWeekOptions({ today: december, year: 2025, columns: lead(9) }))).toEqual([]);
    expect(enabledWeeks(deliveryWeekOptions({ today: december, year: 2026, columns: lead(9) }))).toEqual(
      range(7, 52),
    );
  });

  it('with no lead time offers the current week until its Friday has passed', () => {
    expect(enabledWeeks(deliveryWeekOptions({ today: '2025-06-13', year: 2025, columns: [] }))[0]).toBe(24);
    expect(enabledWeeks(deliveryWeekOptions({ today: '2025-06-14', year: 2025, columns: [] }))[0]).toBe(25);
  });

  it('always lists weeks 1 to 52, an enabled week is always reachable, and the current year follows the rule', () => {
    fc.assert(
      fc.property(anyDate, anyColumns, fc.integer({ min: -1, max: 2 }), (today, columns, yearOffset) => {
        const current = isoWeekOf(today);
        const year = current.year + yearOffset;
        const options = deliveryWeekOptions({ today, year, columns });
        expect(options.map((option) => option.week)).toEqual(range(DELIVERY_WEEK_MIN, DELIVERY_WEEK_MAX));
        const firstEnabled = weeksAfter(current, minimumLeadWeeks(columns));
        for (const { week, isDisabled } of options) {
          const deliveryDate = deliveryDateOfWeek(year, week);
          expect(checkDeliveryReachable({ today, deliveryDate, columns }).isReachable).toBe(!isDisabled);
          if (yearOffset < 0) expect(isDisabled).toBe(true);
          if (yearOffset === 0) {
            const isTooSoon = isBefore({ year, week }, firstEnabled) || deliveryDate < today;
            expect(isDisabled).toBe(isTooSoon);
          }
        }
      }),
    );
  });
});

describe('checkDeliveryReachable', () => {
  const today = '2025-06-11';

  it('says the delivery will be postponed, and to when', () => {
    expect(
      checkDeliveryReachable({ today, deliveryDate: '2025-07-04', columns: DEFAULT_PROCESS_COLUMNS }),
    ).toEqual({
      isReachable: false,
      earliestDate: '2025-08-15',
      message: 'validation.deliveryPostponed',
    });
    expect(
      checkDeliveryReachable({ today, deliveryDate: '2025-08-11', columns: DEFAULT_PROCESS_COLUMNS }),
    ).toEqual({
      isReachable: true,
    });
    expect(checkDeliveryReachable({ today, deliveryDate: '2025-06-10', columns: [] }).isReachable).toBe(
      false,
    );
  });

  it('has the exact English text of SPEC §8 and a Norwegian one', () => {
    expect(messageKeyToI18n('validation.deliveryPostponed')).toBe('validation:deliveryPostponed');
    expect(en.deliveryPostponed).toBe(
      'Not possible to reach delivery date; delivery date will get postponed',
    );
    expect(nb.deliveryPostponed).toBe('Ikke mulig å nå leveringsdatoen; leveringsdatoen vil bli utsatt');
  });

  it('postpones only unreachable dates, always to a later, reachable one', () => {
    fc.assert(
      fc.property(anyDate, anyColumns, fc.integer({ min: -30, max: 800 }), (today, columns, offset) => {
        const deliveryDate = addDays(today, offset);
        const check = checkDeliveryReachable({ today, deliveryDate, columns });
        expect(check.isReachable).toBe(isDeliveryReachable({ today, deliveryDate, columns }));
        expect(postponeToReachable({ today, deliveryDate, columns })).toBe(
          check.isReachable ? deliveryDate : check.earliestDate,
        );
        if (!check.isReachable) {
          expect(daysBetween(deliveryDate, check.earliestDate)).toBeGreaterThan(0);
          expect(isDeliveryReachable({ today, deliveryDate: check.earliestDate, columns })).toBe(true);
        }
      }),
    );
  });
});

describe('earliestReachableDeliveryDate', () => {
  it('skips week 53 and a Friday that has passed', () => {
    // 2026-10-28 is in week 44; nine weeks on is week 53 of 2026, which the picker does not offer.
    expect(earliestReachableDeliveryDate({ today: '2026-10-28', columns: lead(9) })).toBe('2027-01-08');
    expect(earliestReachableDeliveryDate({ today: '2025-06-14', columns: [] })).toBe('2025-06-20');
    expect(earliestReachableDeliveryDate({ today: '2025-06-13', columns: [] })).toBe('2025-06-13');
    expect(earliestReachableDeliveryDate({ today: '2025-06-11', columns: [], weekday: 1 })).toBe(
      '2025-06-16',
    );
  });

  it('is a reachable Friday of weeks 1–52, and the selectable week before it is not reachable', () => {
    fc.assert(
      fc.property(anyDate, anyColumns, (today, columns) => {
        const earliest = earliestReachableDeliveryDate({ today, columns });
        const { year, week } = isoWeekOf(earliest);
        expect(isoDayOfWeek(earliest)).toBe(DELIVERY_WEEKDAY);
        expect(week).toBeGreaterThanOrEqual(DELIVERY_WEEK_MIN);
        expect(week).toBeLessThanOrEqual(DELIVERY_WEEK_MAX);
        expect(isDeliveryReachable({ today, deliveryDate: earliest, columns })).toBe(true);
        let before = previousIsoWeek({ year, week });
        if (before.week > DELIVERY_WEEK_MAX) before = previousIsoWeek(before);
        const earlier = deliveryDateOfWeek(before.year, before.week);
        expect(isDeliveryReachable({ today, deliveryDate: earlier, columns })).toBe(false);
        // It is also the first enabled week of the picker.
        const options = deliveryWeekOptions({ today, year, columns });
        expect(enabledWeeks(options)[0]).toBe(week);
      }),
    );
  });
});
