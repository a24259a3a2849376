import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { answer } from '@/test/socket-mock';
import { PlannerPrintSheet } from './planner-print-sheet';
import { aCell, anEmployee, aPlanner, aPlannerProject } from './testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
const requestMock = vi.mocked(request);

const ola = anEmployee('Ola Nordmann', 'produksjon');
const kari = anEmployee('Kari Montør', 'montasje');
const school = aPlannerProject(1042, 'Skolebygg Nord', {
  noteToPlanner: 'Ring først',
  deliveryDate: '2026-12-30',
});

beforeEach(() => {
  requestMock.mockReset();
  answer(requestMock, {
    'planner:get': () =>
      aPlanner(
        { year: 2026, week: 52 },
        {
          employees: [ola, kari],
          cells: [
            aCell(ola, '2026-12-21', 2, [{ kind: 'project', projectId: school.id, id: 'b', quarters: 2 }]),
          ],
          projects: [school],
        },
      ),
  });
});

describe('the planner’s week sheet', () => {
  it('prints the two weeks of the person’s groups on A4 landscape, red days and bookings named', async () => {
    useAuthStore.setState({ user: aUser('leader', { profile: { plannerWorkGroups: ['produksjon'] } }) });
    const { container } = renderScreen(
      <PlannerPrintSheet search={new URLSearchParams('sheet=planner&year=2026&week=52')} />,
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Resource planner — weeks 52 and 53 (21.12.2026–03.01.2027)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Christmas Day')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Ola Nordmann' })).toBeInTheDocument();
    expect(screen.queryByText('Kari Montør')).not.toBeInTheDocument();
    expect(screen.getByText(/1042 Skolebygg Nord/, { selector: 'div' })).toHaveTextContent(
      '½ 1042 Skolebygg Nord',
    );
    expect(screen.getByText(/Ring først/)).toBeInTheDocument();
    const styles = [...container.querySelectorAll('style')].map((style) => style.textContent);
    expect(styles).toContainEqual(expect.stringContaining('size: A4 landscape'));
  });

  it('refuses a week that does not exist', () => {
    renderScreen(<PlannerPrintSheet search={new URLSearchParams('sheet=planner&year=2027&week=53')} />);
    expect(screen.getByText(/There is no such week/)).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });
});
