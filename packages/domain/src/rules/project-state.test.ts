import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date-only';
import {
  DEFAULT_PROJECT_FILTERS,
  ENDED_RANGES,
  endedRangeStart,
  INVOICE_STATUS_CODES,
  invoiceStatusCode,
  PROJECT_INVOICE_FILTERS,
  PROJECT_STATES,
  PROJECT_STATUS_FILTERS,
  projectFiltersSchema,
} from './project-state';

describe('project states and filter values', () => {
  it('follow SPEC §4', () => {
    expect(PROJECT_STATES).toEqual(['active', 'completed', 'archived']);
    expect(PROJECT_STATUS_FILTERS).toEqual([
      'all',
      'none',
      'sent',
      'pending',
      'paid',
      'active',
      'completed',
      'archived',
      'notActive',
    ]);
    for (const state of PROJECT_STATES) expect(PROJECT_STATUS_FILTERS).toContain(state);
  });

  it('offer the SPEC §9 ended ranges as days or alle', () => {
    expect(ENDED_RANGES).toEqual([30, 90, 180, 365, 'alle']);
    expect(endedRangeStart('2025-06-11', 30)).toBe('2025-05-12');
    expect(endedRangeStart('2025-06-11', 365)).toBe('2024-06-11');
    expect(endedRangeStart('2025-06-11', 'alle')).toBeNull();
  });
});

describe('PROJECT_INVOICE_FILTERS', () => {
  it('maps every square code to exactly one of the list filters none/pending/sent/paid', () => {
    const mapped: number[] = Object.values(PROJECT_INVOICE_FILTERS).flat();
    expect(mapped.sort()).toEqual(Object.values(INVOICE_STATUS_CODES).sort());
  });
});

describe('invoiceStatusCode', () => {
  const today = '2025-06-11';
  const base = { hasInvoice: true, isSent: true, isPaid: false, dueDate: '2025-06-20', today };

  it('numbers the order squares as SPEC §3 does', () => {
    expect(INVOICE_STATUS_CODES).toEqual({
      noInvoice: 1,
      notSent: 2,
      paid: 3,
      pendingPayment: 4,
      pastDueDate: 5,
    });
    expect(invoiceStatusCode({ ...base, hasInvoice: false })).toBe(1);
    expect(invoiceStatusCode({ ...base, isSent: false })).toBe(2);
    expect(invoiceStatusCode({ ...base, isPaid: true })).toBe(3);
    expect(invoiceStatusCode(base)).toBe(4);
    expect(invoiceStatusCode({ ...base, dueDate: '2025-06-10' })).toBe(5);
  });

  it('is past due only after the due date, and pending without one', () => {
    expect(invoiceStatusCode({ ...base, dueDate: today })).toBe(4);
    expect(invoiceStatusCode({ ...base, dueDate: null })).toBe(4);
  });

  it('counts a payment even on an invoice never marked sent, and nothing without an invoice', () => {
    expect(invoiceStatusCode({ ...base, isSent: false, isPaid: true })).toBe(3);
    expect(invoiceStatusCode({ ...base, hasInvoice: false, isPaid: true, isSent: true })).toBe(1);
  });

  it('always gives a code 1–5 that matches the flags', () => {
    const anyDate = fc.integer({ min: 0, max: 20_000 }).map((offset) => addDays('2000-01-01', offset));
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.option(anyDate, { nil: null }),
        anyDate,
        (hasInvoice, isSent, isPaid, dueDate, now) => {
          const code = invoiceStatusCode({ hasInvoice, isSent, isPaid, dueDate, today: now });
          expect(Object.values(INVOICE_STATUS_CODES)).toContain(code);
          expect(code === 1).toBe(!hasInvoice);
          expect(code === 3).toBe(hasInvoice && isPaid);
          if (code === 5) expect(dueDate !== null && dueDate < now).toBe(true);
        },
      ),
    );
  });
});

describe('projectFiltersSchema', () => {
  it('fills every SPEC §3 field with the SPEC §9 defaults', () => {
    expect(projectFiltersSchema.parse({})).toEqual(DEFAULT_PROJECT_FILTERS);
    expect(Object.keys(DEFAULT_PROJECT_FILTERS).sort()).toEqual(
      [
        'projectManager',
        'customer',
        'departments',
        'hasInvoice',
        'status',
        // Karm's addition: the service projects screen is the same list with this set.
        'isService',
        'startDate',
        'deliveryDate',
        // Karm's addition: the dashboard's project groups open the list filtered by group.
        'group',
        'endedRange',
        'who',
        'pageSize',
        'pageNumber',
        'searchQuery',
        'processFilter',
        'projectSortType',
        'sortDirection',
        'fromDate',
        'toDate',
        'selectedProcessFilter',
        'projectSorts',
      ].sort(),
    );
    expect(DEFAULT_PROJECT_FILTERS).toMatchObject({
      pageSize: 20,
      pageNumber: 1,
      status: 'active',
      who: 'mine',
    });
  });

  it('keeps valid values and drops unknown fields', () => {
    const filters = projectFiltersSchema.parse({
      status: 'notActive',
      who: 'alle',
      endedRange: 90,
      departments: ['0190b8a2-7c2e-7000-8000-000000000001'],
      fromDate: '2025-01-01',
      selectedProcessFilter: { columnId: 'PID3', filterType: 'overdue' },
      projectSorts: [{ projectSortType: 'number' }],
      legacyField: true,
    });
    expect(filters).toMatchObject({
      status: 'notActive',
      who: 'alle',
      endedRange: 90,
      fromDate: '2025-01-01',
      selectedProcessFilter: { columnId: 'PID3', filterType: 'overdue' },
      projectSorts: [{ projectSortType: 'number', sortDirection: 'asc' }],
    });
    expect(filters).not.toHaveProperty('legacyField');
  });

  it.each([
    ['aktiv', 'active'],
    ['aktive', 'active'],
    ['alle', 'all'],
    ['fullført', 'completed'],
    ['arkivert', 'archived'],
    ['ikke aktive', 'notActive'],
    ['ingen', 'none'],
    ['sendt', 'sent'],
    ['venter', 'pending'],
    ['betalt', 'paid'],
    ['active', 'active'],
  ])(
    "reads the SPEC's Norwegian status %s as %s (SPEC §7 projects:all, §9 defaults)",
    (status, canonical) => {
      expect(projectFiltersSchema.parse({ status }).status).toBe(canonical);
    },
  );

  it.each([
    { status: 'maybe' },
    { status: 'Aktiv ' },
    { endedRange: 45 },
    { who: 'everyone' },
    { pageSize: 0 },
    { pageNumber: 1.5 },
    { fromDate: '31.12.2025' },
    { toDate: '2025-02-30' },
    { projectSortType: 'colour' },
    { projectManager: 'not-a-uuid' },
    { selectedProcessFilter: { columnId: '', filterType: 'done' } },
  ])('rejects %o', (input) => {
    expect(projectFiltersSchema.safeParse(input).success).toBe(false);
  });

  it('does not share default arrays between parses', () => {
    const first = projectFiltersSchema.parse({});
    first.departments.push('0190b8a2-7c2e-7000-8000-000000000001');
    expect(projectFiltersSchema.parse({}).departments).toEqual([]);
    expect(DEFAULT_PROJECT_FILTERS.departments).toEqual([]);
  });
});
