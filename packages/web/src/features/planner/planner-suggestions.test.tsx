import type { PlanSuggestionDto } from '@karm/domain/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { answer, inputsOf } from '@/test/socket-mock';
import { mergeSuggestions } from './planner-model';
import { aCell, anEmployee, aPlanner, renderPlanner } from './testing';

const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  request: vi.fn(),
  onPush: vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  }),
}));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);

const TODAY = '2026-03-02';
const sofie = anEmployee('Sofie Larsen', 'service');
const ola = anEmployee('Ola Nordmann', 'service');
const suggestion = (extra: Partial<PlanSuggestionDto> = {}): PlanSuggestionDto => ({
  id: '90000000-0000-7000-8000-000000000001',
  employeeId: sofie.id,
  date: '2026-03-03',
  quarters: 2,
  taskId: '91000000-0000-7000-8000-000000000001',
  agreementId: '92000000-0000-7000-8000-000000000001',
  projectId: '93000000-0000-7000-8000-000000000001',
  title: 'Service visit: 1042 Storo Storsenter',
  isOverbooked: false,
  version: 1,
  ...extra,
});
const planner = (suggestions: PlanSuggestionDto[]) =>
  aPlanner({ year: 2026, week: 10 }, { employees: [sofie, ola], suggestions });

const cellOf = (name: string, date: string) =>
  screen.getByRole('gridcell', { name: new RegExp(`^${name}, ${date.split('-').reverse().join('\\.')}`) });

const open = async (role: 'leader' | 'readonly', suggestions = [suggestion()]) => {
  answer(requestMock, {
    'planner:get': () => planner(suggestions),
    'plan:suggestion-accept': (input) => {
      if (!input.isOverbookingConfirmed && suggestions[0]?.isOverbooked)
        throw new ApiError({
          code: 'CONFLICT',
          message: 'overbooked',
          messageKey: 'validation.planOverbooked',
          details: {
            reason: 'overbooked',
            cells: [{ employeeId: sofie.id, date: '2026-03-03', quarters: 6 }],
          },
        });
      return {
        cells: [
          aCell(sofie, '2026-03-03', 1, [
            { kind: 'task', taskId: suggestion().taskId, id: 'b1', quarters: 2 },
          ]),
        ],
        tasks: [],
        projects: [],
        serviceItems: [],
      };
    },
    'plan:suggestion-dismiss': (input) => ({ id: input.id }),
    'plan:suggestion-move': (input) =>
      suggestion({ employeeId: input.employeeId, date: input.date, version: 2 }),
  });
  useAuthStore.setState({ user: aUser(role) });
  renderPlanner('/planner/2026/10', TODAY);
  await screen.findByRole('grid');
  return userEvent.setup();
};

beforeEach(() => {
  requestMock.mockReset();
  listeners.clear();
});

describe('suggested plans in the planner', () => {
  it('draws a suggestion dashed on its cell, lists it, and lets a reader only look', async () => {
    await open('readonly');
    const cell = cellOf('Sofie Larsen', '2026-03-03');
    expect(cell.querySelector('[data-suggestion]')).toHaveTextContent('Service visit: 1042 Storo Storsenter');
    expect(cell).toHaveAttribute(
      'title',
      expect.stringContaining('Suggested: Service visit: 1042 Storo Storsenter (½)'),
    );
    const list = screen.getByTestId('planner-suggestions');
    expect(within(list).getByText('1 suggested plan')).toBeInTheDocument();
    expect(within(list).getByText('Sofie Larsen, 03.03.2026, ½ day')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('accepts a suggestion on a full day only after asking, and the booking replaces it', async () => {
    const user = await open('leader', [suggestion({ isOverbooked: true })]);
    expect(within(screen.getByTestId('planner-suggestions')).getByText('Day is full')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept the suggested plan/ }));
    const question = await screen.findByRole('dialog', { name: 'The day is full' });
    await user.click(within(question).getByRole('button', { name: 'Book anyway' }));
    await waitFor(() =>
      expect(inputsOf(requestMock, 'plan:suggestion-accept')).toEqual([
        { id: suggestion().id, version: 1, isOverbookingConfirmed: false },
        { id: suggestion().id, version: 1, isOverbookingConfirmed: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('planner-suggestions')).toBeNull());
    expect(cellOf('Sofie Larsen', '2026-03-03').querySelector('[data-suggestion]')).toBeNull();
  });

  it('dismisses after asking, and follows other planners’ pushes', async () => {
    const user = await open('leader');
    await user.click(screen.getByRole('button', { name: /Dismiss the suggested plan/ }));
    const question = await screen.findByRole('dialog', { name: 'Dismiss the suggested plan?' });
    await user.click(within(question).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('planner-suggestions')).toBeNull());
    expect(listeners.has('plan:suggestions')).toBe(true);
    act(() =>
      listeners.get('plan:suggestions')?.({
        suggestions: [suggestion({ id: '90000000-0000-7000-8000-000000000002', employeeId: ola.id })],
        removedIds: [],
      }),
    );
    await waitFor(() =>
      expect(cellOf('Ola Nordmann', '2026-03-03').querySelector('[data-suggestion]')).not.toBeNull(),
    );
  });
});

describe('mergeSuggestions', () => {
  const base = planner([suggestion()]);
  it('replaces by a newer version, drops removed ones and those moved out of the fortnight', () => {
    const moved = suggestion({ date: '2026-03-10', version: 2 });
    expect(mergeSuggestions(base, { suggestions: [moved], removedIds: [] }).suggestions).toEqual([moved]);
    expect(
      mergeSuggestions(base, { suggestions: [suggestion({ version: 0 })], removedIds: [] }).suggestions,
    ).toEqual([suggestion()]);
    expect(mergeSuggestions(base, { suggestions: [], removedIds: [suggestion().id] }).suggestions).toEqual(
      [],
    );
    expect(
      mergeSuggestions(base, {
        suggestions: [suggestion({ date: '2026-05-01', version: 2 })],
        removedIds: [],
      }).suggestions,
    ).toEqual([]);
    expect(mergeSuggestions(base, { suggestions: [], removedIds: [] })).toBe(base);
  });
});
