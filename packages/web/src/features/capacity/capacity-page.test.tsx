import type { CapacityCellDto, CapacityDetailsDto, CapacityDto } from '@karm/domain/contract';
import { isoWeekOf, osloDateOf } from '@karm/domain/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { CapacityPage } from './capacity-page';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/auth-store', async () => {
  const { create } = await import('zustand');
  return { useAuthStore: create(() => ({ user: null })) };
});
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const WEEKS = [
  { year: 2026, week: 11, from: '2026-03-09', to: '2026-03-15', workingDays: 5, redDays: [] },
  { year: 2026, week: 12, from: '2026-03-16', to: '2026-03-22', workingDays: 5, redDays: [] },
];
const cell = (week: number, workGroup: string, extra: Partial<CapacityCellDto> = {}): CapacityCellDto => ({
  year: 2026,
  week,
  workGroup,
  employeeCount: 2,
  workingDays: 5,
  availableHours: 67.5,
  absenceHours: 7.5,
  bookedHours: 11.25,
  unplannedDemandHours: 18.75,
  pipelineHours: 10,
  ...extra,
});
const CAPACITY: CapacityDto = {
  weeks: WEEKS,
  workGroups: ['produksjon', 'montasje', 'service', 'admin'],
  cells: [
    cell(11, 'produksjon'),
    cell(12, 'produksjon', { unplannedDemandHours: 80 }),
    cell(11, 'montasje'),
    cell(12, 'montasje'),
  ],
  unplacedOfferCount: 2,
};
const DETAILS: CapacityDetailsDto = {
  week: WEEKS[0]!,
  workGroup: 'produksjon',
  totals: cell(11, 'produksjon'),
  projects: [
    {
      id: 'p1',
      number: 1042,
      name: 'Skole Lørenskog',
      colour: '#228be6',
      kind: 'production',
      stepDate: '2026-03-13',
      demandHours: 30,
      bookedHours: 11.25,
      unplannedHours: 18.75,
    },
  ],
  taskHours: 0,
  employees: [{ id: 'e1', name: 'Ada', availableHours: 37.5, bookedHours: 11.25, absenceHours: 0 }],
  offers: [
    {
      id: 'o1',
      number: 10_001,
      projectName: 'Kontorbygg Økern',
      statusName: 'Sendt',
      likelihoodPercent: 50,
      expectedDeliveryDate: '2026-03-20',
      hours: 20,
      weightedHours: 10,
    },
  ],
};

beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, { 'capacity:get': () => CAPACITY, 'capacity:details': () => DETAILS });
});

describe('CapacityPage', () => {
  it('asks for this week and four more, shows a table per group and says what cannot be placed', async () => {
    useAuthStore.setState({ user: aUser('leader', { profile: { plannerWorkGroups: ['produksjon'] } }) });
    renderScreen(<CapacityPage />);
    await waitFor(() => expect(document.querySelector('[data-capacity-table="produksjon"]')).not.toBeNull());
    expect(inputsOf(requestMock, 'capacity:get')[0]).toEqual({
      fromWeek: isoWeekOf(osloDateOf(new Date())),
      weeks: 5,
    });
    // The profile's work groups are shown first; the others can be picked.
    expect(document.querySelector('[data-capacity-table="montasje"]')).toBeNull();
    const week12 = document.querySelector(
      '[data-capacity-table="produksjon"] [data-week="12"]',
    ) as HTMLElement;
    expect(within(week12).getByText('80 h')).toBeInTheDocument();
    // 67.5 available − 11.25 booked − 80 unplanned: over capacity, in red.
    expect(week12.querySelector('[data-free]')?.textContent).toBe('-23.8 h');
    expect(screen.getByText(/2 open offers with hours have no expected delivery date/)).toBeInTheDocument();
  });

  it('opens the capacity info dialog for a week: by project, employee and offer', async () => {
    useAuthStore.setState({ user: aUser('leader') });
    renderScreen(<CapacityPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open week 11 of Production' }));
    const dialog = await screen.findByRole('dialog', { name: /Production · week 11/ });
    expect(await within(dialog).findByText('1042 Skole Lørenskog')).toBeInTheDocument();
    expect(within(dialog).getByText('Production · 13.03.2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada')).toBeInTheDocument();
    expect(within(dialog).getByText('10001 Kontorbygg Økern')).toBeInTheDocument();
    expect(within(dialog).getByText('50 %')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'capacity:details')).toEqual([
      { year: 2026, week: 11, workGroup: 'produksjon' },
    ]);
  });

  it('asks for fewer weeks when fewer are chosen', async () => {
    useAuthStore.setState({ user: aUser('leader') });
    renderScreen(<CapacityPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: '+1 week' }));
    await waitFor(() => expect(inputsOf(requestMock, 'capacity:get').at(-1)).toMatchObject({ weeks: 2 }));
  });
});
