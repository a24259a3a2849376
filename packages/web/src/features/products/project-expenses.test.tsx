import type { ExpenseDto, ProjectExpensesDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/lib/http';
import { useAuthStore } from '@/lib/store/auth-store';
import { aUser } from '@/test/fixtures';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { ProjectExpenses } from './project-expenses';

vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'));
vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
const httpMock = vi.mocked(http);

const PROJECT_ID = '20000000-0000-7000-8000-000000000001';
const SENSOR: ExpenseDto = {
  id: '40000000-0000-7000-8000-000000000001',
  projectId: PROJECT_ID,
  serviceItemId: null,
  serviceItemLabel: '',
  productId: '30000000-0000-7000-8000-000000000001',
  productNumber: 'SEN-10',
  productName: 'Radarsensor',
  unit: 'stk',
  quantity: 2,
  unitPriceOre: 1_890_00,
  amountOre: 3_780_00,
  date: '2026-03-02',
  note: '',
  userId: null,
  userName: 'Tore Tekniker',
  createdAt: '2026-03-02T09:00:00.000Z',
  version: 3,
};

let stored: ExpenseDto[];
let calls: { path: string; method: string; query?: unknown }[];
/** Set, the server refuses the delete with it. */
let refusal: ApiError | null;

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  stored = [SENSOR];
  calls = [];
  refusal = null;
  useAuthStore.setState({ user: aUser('technician') });
  httpMock.mockReset();
  httpMock.mockImplementation((async (path: string, options: { method?: string; query?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ path, method, query: options.query });
    if (path === '/product/expense/project') {
      return {
        items: stored,
        total: stored.length,
        page: 1,
        pageSize: 20,
        sumOre: stored.reduce((sum, row) => sum + row.amountOre, 0),
        invoicePlan: null,
      } satisfies ProjectExpensesDto;
    }
    if (path === `/product/expense/${SENSOR.id}` && method === 'DELETE') {
      if (refusal) throw refusal;
      stored = [];
      return { id: SENSOR.id, invoicePlanRefreshed: false };
    }
    throw new Error(`No mock for ${method} ${path}`);
  }) as typeof http);
});

const deletes = () => calls.filter((call) => call.method === 'DELETE');

const openQuestion = async () => {
  renderScreen(<ProjectExpenses project={{ id: PROJECT_ID }} />);
  const user = userEvent.setup({ delay: null });
  // The screen's texts load with their language: wait for them longer than the default second.
  await user.click(
    await screen.findByRole('button', { name: 'Delete SEN-10 Radarsensor' }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Delete the part or hours?' });
  return { user, dialog };
};

describe('ProjectExpenses: deleting an expense', () => {
  it('asks first, and a “no” deletes nothing', async () => {
    const { user, dialog } = await openQuestion();
    expect(dialog).toHaveTextContent('SEN-10 Radarsensor, 2 stk on 02.03.2026, is removed from the project');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
    expect(screen.getByText('SEN-10 Radarsensor')).toBeInTheDocument();
  });

  it('on “yes” deletes it at the version read, says so, and the list reads again', async () => {
    const { user, dialog } = await openQuestion();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Deleted: SEN-10 Radarsensor is no longer on the project'),
    ).toBeInTheDocument();
    expect(deletes()).toEqual([
      { path: `/product/expense/${SENSOR.id}`, method: 'DELETE', query: { version: 3 } },
    ]);
    expect(await screen.findByText('No parts or hours recorded on this project.')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the expense', async () => {
    refusal = new ApiError({
      code: 'CONFLICT',
      message: 'Someone else changed this expense meanwhile',
      messageKey: 'validation.expenseChanged',
    });
    const { user, dialog } = await openQuestion();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete the part or hours')).toBeInTheDocument();
    expect(screen.getByText('SEN-10 Radarsensor')).toBeInTheDocument();
  });

  it('offers no delete to a role that may not record parts and hours', async () => {
    useAuthStore.setState({ user: aUser('readonly') });
    renderScreen(<ProjectExpenses project={{ id: PROJECT_ID }} />);
    expect(await screen.findByText('SEN-10 Radarsensor', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
