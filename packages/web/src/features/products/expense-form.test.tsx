import type { ExpenseDto, ProductDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { request } from '@/lib/socket';
import { matchEmptyMediaQuery } from '@/test/media-query';
import { renderScreen } from '@/test/render';
import { answer, inputsOf } from '@/test/socket-mock';
import { ExpenseForm } from './expense-form';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  http: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
const requestMock = vi.mocked(request);
const httpMock = vi.mocked(http);

const PROJECT_ID = '20000000-0000-7000-8000-000000000001';
const ITEM_ID = '50000000-0000-7000-8000-000000000001';

const product = (overrides: Partial<ProductDto>): ProductDto => ({
  id: '30000000-0000-7000-8000-000000000001',
  number: 'SEN-10',
  name: 'Radarsensor',
  unit: 'stk',
  priceOre: 1_890_00,
  costPriceOre: 1_180_00,
  vatPercent: 25,
  isService: false,
  isActive: true,
  source: 'karm',
  version: 1,
  ...overrides,
});
const SENSOR = product({});
const HOUR = product({
  id: '30000000-0000-7000-8000-000000000002',
  number: 'T-1',
  name: 'Servicetime',
  unit: 'timer',
  priceOre: 950_00,
  isService: true,
});

const RECORDED = {
  id: 'e1',
  projectId: PROJECT_ID,
  serviceItemId: ITEM_ID,
  serviceItemLabel: '#2 Hovedinngang',
  productId: SENSOR.id,
  productNumber: 'SEN-10',
  productName: 'Radarsensor',
  unit: 'stk',
  quantity: 1,
  unitPriceOre: 1_890_00,
  amountOre: 1_890_00,
  date: '2026-03-02',
  note: '',
  userId: 'u1',
  userName: 'Tore Tekniker',
  createdAt: '2026-03-02T09:00:00.000Z',
  version: 3,
} satisfies ExpenseDto;

let saved: { method: string; body: unknown }[];

beforeAll(matchEmptyMediaQuery);
beforeEach(() => {
  saved = [];
  requestMock.mockReset();
  answer(requestMock, {
    'product:get': (input) => {
      const term = (input.search ?? '').toLowerCase();
      const items = [SENSOR, HOUR].filter((item) => item.name.toLowerCase().includes(term));
      return { items, total: items.length, page: 1, pageSize: 30, source: 'karm', isTotalExact: true };
    },
  });
  httpMock.mockReset();
  httpMock.mockImplementation((async (
    path: string,
    options: { method?: string; body?: unknown; query?: unknown } = {},
  ) => {
    saved.push({ method: options.method ?? 'GET', body: options.body ?? options.query });
    if (path === '/product/expense/e1' && options.method === 'DELETE') return { id: 'e1' };
    if (path !== '/product/expense') throw new Error(`No mock for ${path}`);
    return { expense: { id: 'e1' } as ExpenseDto, invoicePlanRefreshed: true };
  }) as typeof http);
});

describe('ExpenseForm', () => {
  it('searches products on the server, takes the chosen one’s price and records the hours used', async () => {
    const onDone = vi.fn();
    renderScreen(<ExpenseForm projectId={PROJECT_ID} serviceItemId={ITEM_ID} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    // The screen's texts load with their language: wait for them longer than the default second.
    const search = await screen.findByPlaceholderText('Search by name or number', {}, { timeout: 10_000 });
    await user.type(search, 'service');
    await waitFor(() => expect(inputsOf(requestMock, 'product:get').at(-1)?.search).toBe('service'));
    await user.click(await screen.findByRole('option', { name: /Servicetime/ }));
    expect(screen.getByRole('textbox', { name: /Quantity \(timer\)/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Unit price/ })).toHaveValue('950,00\u00a0kr');
    const quantity = screen.getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '2,5');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({
          projectId: PROJECT_ID,
          serviceItemId: ITEM_ID,
          productId: HOUR.id,
          quantity: 2.5,
          unitPriceOre: 950_00,
        }),
      },
    ]);
    expect(await screen.findByText(/Saved: the part or hours are on the project/)).toBeInTheDocument();
  });

  it('asks for a product and a quantity above 0 before sending anything', async () => {
    renderScreen(<ExpenseForm projectId={PROJECT_ID} serviceItemId={null} onDone={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    const quantity = await screen.findByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a product')).toBeInTheDocument();
    expect(screen.getByText('The quantity must be more than 0')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('changes an expense at the version read', async () => {
    renderScreen(
      <ExpenseForm projectId={PROJECT_ID} serviceItemId={ITEM_ID} expense={RECORDED} onDone={vi.fn()} />,
    );
    const user = userEvent.setup({ delay: null });
    const quantity = screen.getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      method: 'PATCH',
      body: { id: 'e1', version: 3, changes: expect.objectContaining({ quantity: 2, productId: SENSOR.id }) },
    });
  });

  it('deletes an expense entered by mistake, after asking, and closes', async () => {
    const onDone = vi.fn();
    renderScreen(
      <ExpenseForm projectId={PROJECT_ID} serviceItemId={ITEM_ID} expense={RECORDED} onDone={onDone} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 10_000 }));
    const question = await screen.findByRole('dialog', { name: 'Delete the part or hours?' });
    expect(saved).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved).toEqual([{ method: 'DELETE', body: { version: 3 } }]);
    expect(
      await screen.findByText('Deleted: SEN-10 Radarsensor is no longer on the project'),
    ).toBeInTheDocument();
  });

  it('offers no delete on a new expense', async () => {
    renderScreen(<ExpenseForm projectId={PROJECT_ID} serviceItemId={null} onDone={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Add' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
