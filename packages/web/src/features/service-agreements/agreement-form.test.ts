import type { ServiceAgreementDto } from '@karm/domain/contract';
import { describe, expect, it } from 'vitest';
import { changesOf, draftOf } from './agreement-form';

const agreement: ServiceAgreementDto = {
  id: 'a',
  projectId: 'p',
  serviceWorkers: [{ id: 'w1', displayName: 'Sofie Larsen' }],
  interval: 'quarterly',
  startDate: '2026-03-10',
  pricePerVisitOre: 450_000,
  pricePerYearOre: 1_800_000,
  itemIds: ['i1'],
  contactName: 'Kari',
  contactEmail: '',
  contactPhone: '',
  lastVisitDate: null,
  nextVisitDate: '2026-03-10',
  createdAt: '2026-03-01T09:00:00.000Z',
  version: 1,
};

describe('the agreement draft', () => {
  it('starts a new agreement with no interval from today', () => {
    expect(draftOf(null, '2026-03-02')).toMatchObject({
      interval: 'none',
      startDate: '2026-03-02',
      serviceWorkerIds: [],
      pricePerVisitOre: 0,
    });
  });

  it('sends only what changed', () => {
    const saved = draftOf(agreement, '2026-03-02');
    expect(changesOf(saved, saved)).toEqual({});
    expect(
      changesOf(saved, {
        ...saved,
        serviceWorkerIds: ['w1', 'w2'],
        pricePerVisitOre: 450_000,
        contactName: 'Ola',
      }),
    ).toEqual({ serviceWorkerIds: ['w1', 'w2'], contactName: 'Ola' });
  });
});
